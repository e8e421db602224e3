package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data directories a command gives the worker nodes it starts ({@link NodeDirectories#dataDirs}): the
 * directories of the run's files, absolute, once each; an output directory not made yet as its nearest existing
 * ancestor; and the files {@code weather --input} reads, a GrADS descriptor's data files among them.
 */
class NodeDataDirectoriesTest {
    @TempDir
    Path dir;

    @Test
    void shouldGiveEachDirectoryOnceAbsoluteAndInOrder() throws IOException {
        Path a = Files.createDirectory(dir.resolve("a"));
        Path b = Files.createDirectory(dir.resolve("b"));
        assertEquals(List.of(a, b), NodeDirectories.dataDirs(List.of(a, b, a)));
        assertEquals(List.of(Path.of("").toAbsolutePath()),
                NodeDirectories.dataDirs(List.of(NodeDirectories.directoryOf(Path.of("x.f32")))));
        assertEquals(List.of(), NodeDirectories.dataDirs(List.of()), "no files: no I/O of their own");
    }

    @Test
    void shouldGiveADirectoryNotMadeYetAsItsNearestExistingAncestor() {
        assertEquals(List.of(dir), NodeDirectories.dataDirs(List.of(dir.resolve("out/deeper"))));
    }

    @Test
    void shouldListAGradsDescriptorWithItsDataFilesWhereverTheyAre() throws IOException {
        Path data = Files.createDirectory(dir.resolve("data"));
        Path ctl = Files.writeString(dir.resolve("model.ctl"), """
                DSET %s
                UNDEF -9.99e8
                XDEF 2 LINEAR 0 1
                YDEF 2 LINEAR 0 1
                ZDEF 1 LEVELS 1000
                TDEF 1 LINEAR 00Z01JAN2000 6hr
                VARS 1
                T 1 99 temperature
                ENDVARS
                """.formatted(data.resolve("model.dat")));
        assertEquals(List.of(ctl, data.resolve("model.dat")), NodeDirectories.inputFiles(ctl.toString()));
    }

    @Test
    void shouldListEveryFileOfAGlob() throws IOException {
        Path one = Files.writeString(dir.resolve("era5_1.nc"), "CDF");
        Path two = Files.writeString(dir.resolve("era5_2.nc"), "CDF");
        assertEquals(List.of(one, two), NodeDirectories.inputFiles(dir + "/era5_*.nc").stream().sorted().toList());
    }
}

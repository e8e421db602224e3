package org.loopnest.format.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files a dataset is given as ({@link DatasetFiles}) and the rules that join them ({@link DatasetJoin}): globs skip
 * hidden files and directories, a path that exists is taken literally, a bad pattern and a list's missing file are
 * named; files are ordered by time, and an empty file, a grid or type that differs, a repeated time are refused.
 */
class DatasetFilesTest {
    @TempDir
    Path dir;

    @Test
    void shouldExpandGlobsOverRegularVisibleFilesInNameOrder() throws IOException {
        Files.createFile(dir.resolve("b.nc"));
        Files.createFile(dir.resolve("a.nc"));
        Files.createFile(dir.resolve(".a.nc.loopnest-x.tmp.nc"));
        Files.createDirectory(dir.resolve("sub.nc"));
        assertEquals(List.of(dir.resolve("a.nc"), dir.resolve("b.nc")), DatasetFiles.expand(dir + "/*.nc"));
        assertEquals(List.of(dir.resolve("a.nc"), dir.resolve("b.nc")), DatasetFiles.expand(dir + "/{a,b}.nc"));
        Path literal = Files.createFile(dir.resolve("run[1].nc"));
        assertEquals(List.of(literal), DatasetFiles.expand(literal.toString()));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> DatasetFiles.expand(dir + "/run[1.nc"));
        assertEquals(dir + "/run[1.nc: not a pattern: Missing '] (expected: a glob such as era5_*.nc, with [ ] and "
                + "{ } closed)", bad.getMessage());
    }

    @Test
    void shouldReadListsRelativeToTheirDirectoryAndNameAMissingFile() throws IOException {
        Files.createFile(dir.resolve("a.nc"));
        Path list = Files.writeString(dir.resolve("l.txt"), "# two days\na.nc\n\nb.nc\n");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> DatasetFiles.expand("@" + list));
        assertEquals("@" + list + ": " + dir.resolve("b.nc") + " does not exist (expected: an existing file)",
                missing.getMessage());
        Files.createFile(dir.resolve("b.nc"));
        assertEquals(List.of(dir.resolve("a.nc"), dir.resolve("b.nc")), DatasetFiles.expand("@" + list));
        assertEquals(true, DatasetFiles.isPattern("@" + list));
        assertEquals(false, DatasetFiles.isPattern(dir.resolve("a.nc").toString()));
    }

    @Test
    void shouldOrderByTimeAndRefuseEmptyFilesOtherGridsAndRepeatedTimes() {
        DatasetMember late = member("late.nc", 2, new double[] {12, 18}, "FLOAT", 3);
        DatasetMember early = member("early.nc", 2, new double[] {0, 6}, "FLOAT", 3);
        DatasetJoin join = DatasetJoin.of(List.of(late, early));
        assertEquals(List.of(Path.of("early.nc"), Path.of("late.nc")), join.files());
        assertEquals(List.of(0.0, 6.0, 12.0, 18.0), java.util.Arrays.stream(join.time()).boxed().toList());
        assertEquals(4, join.shape()[0]);
        assertEquals("empty.nc: 't' has no entries along 'time' (expected: at least one; leave the file out)",
                refusal(early, member("empty.nc", 0, new double[0], "FLOAT", 3)));
        assertEquals("files early.nc and wide.nc differ: dimension 'x' is 3 and 4 long (expected: the same grid)",
                refusal(early, member("wide.nc", 2, new double[] {12, 18}, "FLOAT", 4)));
        assertEquals("files early.nc and short.nc differ: 't' is FLOAT and SHORT (expected: the same type)",
                refusal(early, member("short.nc", 2, new double[] {12, 18}, "SHORT", 3)));
        assertEquals("'time' repeats: file again.nc starts at 6.0, not after the last time 6.0 of early.nc "
                + "(expected: times that increase across the files)",
                refusal(early, member("again.nc", 2, new double[] {6, 12}, "FLOAT", 3)));
    }

    private static String refusal(DatasetMember a, DatasetMember b) {
        return assertThrows(IllegalArgumentException.class, () -> DatasetJoin.of(List.of(a, b))).getMessage();
    }

    private static DatasetMember member(String file, long steps, double[] time, String type, long x) {
        return new DatasetMember(Path.of(file), "t", List.of("time", "x"), new long[] {steps, x}, type, "none",
                Optional.of("K"), Map.of("time", time), Optional.of("hours since 2000-01-01"));
    }
}

package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes real NetCDF-4 files with Unidata's {@code ncgen} (Debian's {@code netcdf-bin}) from CDL text; a test that
 * needs it is skipped, saying why, where it is absent.
 */
final class Ncgen {
    private Ncgen() {
    }

    static void assumeTool(String tool) {
        boolean found = Files.isExecutable(Path.of("/usr/bin", tool)) || List.of(System.getenv()
                .getOrDefault("PATH", "").split(File.pathSeparator)).stream()
                .anyMatch(p -> Files.isExecutable(Path.of(p, tool)));
        assumeTrue(found, () -> tool + " is absent: install Debian's netcdf-bin package");
    }

    /** Writes {@code cdl} beside the file and runs {@code ncgen -k kind -o file}. */
    static Path write(Path file, String kind, String cdl) throws IOException, InterruptedException {
        assumeTool("ncgen");
        Path source = file.resolveSibling(file.getFileName() + ".cdl");
        Files.writeString(source, cdl);
        run(file.getParent(), "ncgen", "-k", kind, "-o", file.toString(), source.toString());
        return file;
    }

    static Path nc4(Path file, String cdl) throws IOException, InterruptedException {
        return write(file, "nc4", cdl);
    }

    /** Runs a command, failing the test with its output if it fails or runs over 60 s. */
    static String run(Path dir, String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), () -> String.join(" ", command) + " ran over 60 s");
        } finally {
            p.destroyForcibly();
        }
        String text = Files.readString(out);
        assertEquals(0, p.exitValue(), () -> String.join(" ", command) + " failed: " + text);
        return text;
    }
}

package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs {@code nvcc -ptx} on generated CUDA files in tests, where nvcc is installed (no GPU needed). */
public final class Nvcc {
    private Nvcc() {
    }

    /** Whether an {@code nvcc} executable is on the PATH. */
    public static boolean onPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "nvcc"))) {
                return true;
            }
        }
        return false;
    }

    /** Compiles {@code cu} to PTX beside it and asserts success, with nvcc's output as the message otherwise. */
    public static void assertCompiles(Path cu) throws IOException, InterruptedException {
        Path ptx = cu.resolveSibling(cu.getFileName() + ".ptx");
        Process nvcc = new ProcessBuilder("nvcc", "-ptx", "-Werror", "all-warnings", "-o", ptx.toString(),
                cu.toString()).redirectErrorStream(true).start();
        boolean ended = nvcc.waitFor(2, TimeUnit.MINUTES);
        String log = new String(nvcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!ended) {
            nvcc.destroyForcibly();
        }
        assertTrue(ended, "nvcc did not finish in 2 minutes on " + cu);
        assertEquals(0, nvcc.exitValue(), "nvcc -ptx " + cu + " failed:\n" + log + "\n" + Files.readString(cu));
        assertTrue(Files.readString(ptx).contains(".entry"), "no kernel entry in " + ptx);
    }
}

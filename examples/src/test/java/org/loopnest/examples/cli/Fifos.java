package org.loopnest.examples.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** Makes a named pipe for tests of paths that must be refused rather than read (a reader without a writer blocks). */
final class Fifos {
    private Fifos() {
    }

    /** A FIFO {@code name} in {@code dir}, made with {@code mkfifo}; skips the test where there is none. */
    static Path make(Path dir, String name) throws IOException, InterruptedException {
        Path fifo = dir.resolve(name);
        boolean made;
        try {
            Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
            made = p.waitFor(1, TimeUnit.MINUTES) && p.exitValue() == 0;
        } catch (IOException e) {
            made = false;
        }
        Assumptions.assumeTrue(made, "mkfifo is not available here");
        return fifo;
    }
}

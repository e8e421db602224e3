package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JVM that {@link StagedFilesInterruptionTest} interrupts: stages {@code args[0]}, writes into the temporary,
 * prints the temporary's path and then waits for its standard input to end. The set is never closed: only the
 * shutdown hook can delete the temporary, whether the JVM ends by the test's SIGTERM or by {@code System.exit}
 * once its input ends (which {@code Process.destroy()} also causes, and which ends the JVM if the test dies).
 */
final class StagingChild {
    private StagingChild() {
    }

    public static void main(String[] args) throws IOException {
        Path temp = StagedFiles.open().stage(Path.of(args[0]));
        Files.write(temp, new byte[1 << 16]);
        System.out.println(temp);
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for the signal, or for the test to go
        }
        System.exit(3);
    }
}

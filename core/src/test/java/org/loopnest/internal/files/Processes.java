package org.loopnest.internal.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Processes for the tests: one that has ended, and a child JVM running a test's {@code main}. */
public final class Processes {
    private Processes() {
    }

    /** {@return the owner token of a process of this host that has ended} */
    public static FileOwner finished() throws IOException, InterruptedException {
        Process process = new ProcessBuilder(javaCommand("-version")).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        ProcessHandle handle = process.toHandle();
        FileOwner owner = FileOwner.of(handle); // its start time, read while it runs
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("java -version did not end");
        }
        return owner;
    }

    /**
     * Runs {@code main} with {@code args} in a child JVM on this JVM's class path and waits for it.
     *
     * @return its exit status
     */
    public static int runJava(Class<?> main, String... args) throws IOException, InterruptedException {
        List<String> command = javaCommand("-cp", System.getProperty("java.class.path"), main.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).inheritIO().start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(main.getName() + " did not end");
        }
        return process.exitValue();
    }

    private static List<String> javaCommand(String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:TieredStopAtLevel=1");
        command.addAll(List.of(args));
        return command;
    }
}

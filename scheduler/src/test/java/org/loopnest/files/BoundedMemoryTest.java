package org.loopnest.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files larger than the JVM's memory stream through bounded memory: a 3 GiB input runs through cpu and sim in a JVM
 * capped at 256 MiB of heap and 256 MiB of direct memory, each output checked in pieces; and a JVM terminated while a
 * run writes leaves neither the output nor its temporary file.
 */
class BoundedMemoryTest {
    private static final long INPUT_BYTES = 3L << 30;

    @TempDir
    Path dir;

    @Test
    void shouldStreamA3GiBFileThroughCpuAndSimWithin256MiBOfHeapAndDirectMemory() throws Exception {
        Assumptions.assumeTrue(Files.getFileStore(dir).getUsableSpace() > 3 * INPUT_BYTES,
                "needs " + 3 * INPUT_BYTES + " bytes free under " + dir);
        Process child = start(BoundedMemoryChild.class, "-Xmx256m", "-XX:MaxDirectMemorySize=256m",
                dir.toString(), Long.toString(INPUT_BYTES));
        try {
            assertTrue(child.waitFor(8, TimeUnit.MINUTES), "the child did not end within 8 minutes");
            List<String> lines = output(child);
            assertEquals(0, child.exitValue(), String.join("\n", lines));
            assertEquals(2, lines.stream().filter(l -> l.startsWith("ok ")).count(), String.join("\n", lines));
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void shouldLeaveNoOutputNorTemporaryFileWhenTheJvmIsTerminatedMidRun() throws Exception {
        Assumptions.assumeFalse(System.getProperty("os.name").startsWith("Windows"), "destroy() is not SIGTERM");
        Process child = start(KilledRunChild.class, "-Xmx64m", dir.toString());
        try {
            String first = new String(child.getInputStream().readNBytes("running".length()), StandardCharsets.UTF_8);
            assertEquals("running", first, "the child's run started");
            assertEquals(1, temporaries().size(), "the run is writing its temporary file");
            child.destroy();
            assertTrue(child.waitFor(1, TimeUnit.MINUTES), "the child did not end within a minute of SIGTERM");
            assertEquals(List.of(), temporaries(), "no temporary file left");
            assertTrue(Files.notExists(dir.resolve("out.f32")), "no output");
        } finally {
            child.destroyForcibly();
        }
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private static Process start(Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : args) {
            if (a.startsWith("-X")) {
                command.add(a);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        for (String a : args) {
            if (!a.startsWith("-X")) {
                command.add(a);
            }
        }
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static List<String> output(Process child) throws IOException {
        return new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
}

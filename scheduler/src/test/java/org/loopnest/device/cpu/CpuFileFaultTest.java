package org.loopnest.device.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.Holder;
import org.loopnest.error.StageFailedException;

/**
 * A mapped output window that faults under a kernel on the cpu (what a disk filled up by another process does to a
 * sparse output file; here the run's temporary output is cut to nothing under the kernel, which faults the same way,
 * SIGBUS, without a full disk): the run fails at once naming the file, no cpu thread prints a stack trace or dies,
 * and the device serves the next run.
 */
class CpuFileFaultTest {
    private static final int OUTER = 8;
    private static final int INNER = 64 * 1024;

    /** Cuts every temporary file of the run in {@code dir} to nothing, as a full disk leaves its pages unbacked. */
    private static void cutTemporaries(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path tmp : files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList()) {
                try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                    channel.truncate(0);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static LoopNest nest(Path dir, Path out, CpuDevice cpu, boolean cut) {
        float[] a = new float[OUTER * INNER];
        return LoopNest.of(OUTER, INNER).in("a", a)
                .out("b", Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0)).kernel(arrays -> {
                    FloatView in = arrays.floats("a");
                    FloatView b = arrays.floats("b");
                    return it -> {
                        if (cut && it.index(0) == 2 && it.index(1) == 0) {
                            cutTemporaries(dir);
                        }
                        b.set(it, in.get(it) + 1);
                    };
                }).splitAt(1).buffers(1).on(cpu); // one chunk at a time: no later chunk maps the file anew
    }

    @Test
    void shouldFailTheRunAtOnceNamingTheOutputWhenItsMappedWindowFaults(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("b.f32");
        PrintStream stderr = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (CpuDevice cpu = new CpuDevice(1)) {
            System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
            try {
                StageFailedException e = assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
                        assertThrows(StageFailedException.class, () -> nest(dir, out, cpu, true).run()));
                assertTrue(e.getCause() instanceof UncheckedIOException, String.valueOf(e.getCause()));
                // the fault is thrown, or the file found cut short, at the end of the block that wrote to it
                assertTrue(e.getMessage().matches("stage kernel failed on chunk 2 \\(device cpu\\): "
                        + "java.io.UncheckedIOException: chunk 2: reaching a memory-mapped file failed, output b "
                        + "\\(\\Q" + out + "\\E\\): (the file is now 0 bytes, shorter than the \\d+ the window "
                        + "reaches|a mapped page could not be backed, its disk may be full or the file cut short) "
                        + "\\(expected: .*"), e.getMessage());
                assertTrue(e.getMessage().contains("(expected: room on its disk for every output, and no input cut "
                        + "short while the run reads it)"), e.getMessage());
            } finally {
                System.setErr(stderr);
            }
            assertEquals("", printed.toString(StandardCharsets.UTF_8), "what the cpu's threads printed");
            assertFalse(Files.exists(out), "a failed run puts no output in place");
            assertEquals(List.of(), listTemporaries(dir), "a failed run leaves no temporary file");
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertEquals(OUTER,
                    nest(dir, out, cpu, false).run().chunks()), "every thread of the device serves the next run");
        }
        assertEquals(1.0f, readFirst(out), "the next run wrote the output");
    }

    private static List<Path> listTemporaries(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private static float readFirst(Path file) throws IOException {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        return b.getFloat(0);
    }
}

package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.data.DoubleView;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.Holder;
import org.loopnest.device.Device;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.LoopNestException;
import org.loopnest.error.RunCancelledException;
import org.loopnest.scheduler.Execution;

/**
 * File-backed arrays end to end: inputs read from files (big- and little-endian, with a header offset, one indexed by
 * a subset of the loops, two variables interleaved record by record in one file), outputs written to new files (two
 * interleaved in one file, one of doubles), on cpu (mapped windows) and sim (positional reads into staging buffers)
 * at every split depth, against the same loop over arrays; and what a failed, timed-out or clashing run leaves.
 */
class FileArraysTest {
    private static final long[] EXTENTS = {3, 5, 7};
    private static final int COUNT = 3 * 5 * 7;
    private static final int HEADER = 12;
    private static SimDevice sim;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSim() {
        sim = new SimDevice(SimConfig.builder().name("sim").memory(1 << 16).threads(2).build());
    }

    @AfterAll
    static void stopSim() {
        assertEquals(0, sim.usedBytes(), "every buffer given back");
        sim.close();
    }

    @Test
    void shouldMatchTheSameLoopOverArraysOnCpuAndSimAtEverySplit() throws IOException {
        Inputs in = new Inputs(dir);
        for (Device device : new Device[] {null, sim}) {
            for (int d = 0; d < EXTENTS.length; d++) {
                Path ab = dir.resolve("ab-" + d + ".bin");
                Path c = dir.resolve("c-" + d + ".f64");
                LoopNest nest = in.bind(LoopNest.of(EXTENTS).names("i", "j", "k"))
                        .out("x", interleaved(ab, 0)).out("y", interleaved(ab, 1))
                        .out("z", Holder.file(c, ElementType.DOUBLE, ByteOrder.LITTLE_ENDIAN, 0))
                        .kernel(Inputs::body).splitAt(d).buffers(2);
                if (device != null) {
                    nest.on(device);
                }
                nest.run();
                String where = (device == null ? "cpu" : "sim") + ", d=" + d;
                assertArrayEquals(in.expectedX(), readInterleaved(ab, 0), 0f, where);
                assertArrayEquals(in.expectedY(), readInterleaved(ab, 1), 0f, where);
                assertArrayEquals(in.expectedZ(), readDoubles(c), 0.0, where);
                assertEquals(List.of(), temporaries(), where + ": no temporary file left");
            }
        }
    }

    @Test
    void shouldReadAndWriteColumnMajorFilesWhoseRowsAreStrided() throws IOException {
        long[] columnMajor = {1, EXTENTS[0], EXTENTS[0] * EXTENTS[1]};
        ByteBuffer bytes = ByteBuffer.allocate(COUNT * 4).order(ByteOrder.LITTLE_ENDIAN);
        float[] expected = new float[COUNT];
        for (int k = 0; k < COUNT; k++) {
            long i = k / (EXTENTS[1] * EXTENTS[2]);
            long j = k / EXTENTS[2] % EXTENTS[1];
            long l = k % EXTENTS[2];
            bytes.putFloat((int) (i * columnMajor[0] + j * columnMajor[1] + l * columnMajor[2]) * 4, k);
            expected[k] = k * 3f;
        }
        Path in = Files.write(dir.resolve("cm.f32"), bytes.array());
        for (Device device : new Device[] {null, sim}) {
            for (int d = 0; d < EXTENTS.length; d++) {
                Path out = dir.resolve("cm-out.f32");
                LoopNest nest = LoopNest.of(EXTENTS).names("i", "j", "k")
                        .in("a", Holder.file(in, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0, columnMajor))
                        .out("b", Holder.file(out, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, 0, columnMajor))
                        .kernel(arrays -> {
                            FloatView a = arrays.floats("a");
                            FloatView b = arrays.floats("b");
                            return it -> b.set(it, a.get(it) * 3f);
                        }).splitAt(d);
                if (device != null) {
                    nest.on(device);
                }
                nest.run();
                ByteBuffer written = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.BIG_ENDIAN);
                float[] actual = new float[COUNT];
                for (int k = 0; k < COUNT; k++) {
                    long i = k / (EXTENTS[1] * EXTENTS[2]);
                    long j = k / EXTENTS[2] % EXTENTS[1];
                    long l = k % EXTENTS[2];
                    actual[k] = written.getFloat((int) (i * columnMajor[0] + j * columnMajor[1]
                            + l * columnMajor[2]) * 4);
                }
                assertArrayEquals(expected, actual, 0f, (device == null ? "cpu" : "sim") + ", d=" + d);
            }
        }
    }

    @Test
    void shouldReadNegativeAndZeroStridesOnCpuAndSim() throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(8 + (int) EXTENTS[2] * 4).order(ByteOrder.BIG_ENDIAN);
        for (int l = 0; l < EXTENTS[2]; l++) {
            bytes.putFloat(8 + l * 4, 10f * l);
        }
        Path row = Files.write(dir.resolve("row.f32"), bytes.array());
        long last = 8 + (EXTENTS[2] - 1) * 4;
        for (Device device : new Device[] {null, sim}) {
            for (int d = 0; d < EXTENTS.length; d++) {
                float[] out = new float[COUNT];
                LoopNest nest = LoopNest.of(EXTENTS).names("i", "j", "k")
                        .in("same", Holder.file(row, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, 8, 0, 0, 1))
                        .in("reversed", Holder.file(row, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, last, -1), "k")
                        .out("o", out)
                        .kernel(arrays -> {
                            FloatView a = arrays.floats("same");
                            FloatView b = arrays.floats("reversed");
                            FloatView o = arrays.floats("o");
                            return it -> o.set(it, a.get(it) * 1000f + b.get(it));
                        }).splitAt(d);
                if (device != null) {
                    nest.on(device);
                }
                nest.run();
                for (int k = 0; k < COUNT; k++) {
                    long l = k % EXTENTS[2];
                    assertEquals(10f * l * 1000f + 10f * (EXTENTS[2] - 1 - l), out[k],
                            (device == null ? "cpu" : "sim") + ", d=" + d + ", element " + k);
                }
            }
        }
    }

    @Test
    void shouldRefuseReadingAFileThatAnOutputReplaces() throws IOException {
        Inputs in = new Inputs(dir);
        Path t = dir.resolve("t.bin");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> in.bind(LoopNest.of(EXTENTS)
                .names("i", "j", "k")).out("x", Holder.file(t, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, 0)));
        assertEquals("in 'T' uses file " + t.toAbsolutePath() + ", which out 'x' replaces with a new file when the run "
                + "succeeds (expected: another file, or Holder.fileInPlace for an output that writes into the file it "
                + "shares)", e.getMessage());
    }

    @Test
    void shouldSplitDeeperWhereOneOuterIterationsWindowIsTooLargeToMapOnCpu() throws IOException {
        long[] extents = {2, 512, 1 << 20}; // one outer iteration of depth 0: 2 GiB of floats
        Path big = dir.resolve("big.f32");
        Path other = dir.resolve("other.f32");
        for (Path sparseFile : new Path[] {big, other}) { // sparse: no disk used, and only planned
            try (java.io.RandomAccessFile sparse = new java.io.RandomAccessFile(sparseFile.toFile(), "rw")) {
                sparse.setLength(2L * 512 * (1 << 20) * 4);
            }
        }
        var plan = LoopNest.of(extents).names("t", "y", "x")
                .in("a", Holder.file(big, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .out("b", Holder.fileInPlace(other, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .kernel(arrays -> it -> { }).plan();
        assertTrue(plan.split().depth() >= 1, plan.splitReason());
        assertTrue(plan.split().group() * (1L << 20) * 4 <= 1L << 30, plan.splitReason());
    }

    @Test
    void shouldLeaveThePreviousOutputUntouchedAndNoTemporaryFileWhenTheRunFails() throws IOException {
        Inputs in = new Inputs(dir);
        Path out = dir.resolve("theta.f32");
        Files.write(out, new byte[] {1, 2, 3});
        for (Device device : new Device[] {null, sim}) {
            LoopNest nest = in.bind(LoopNest.of(EXTENTS).names("i", "j", "k"))
                    .out("x", Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                    .kernel(arrays -> {
                        FloatView x = arrays.floats("x");
                        return it -> {
                            if (it.flat() == COUNT - 2) {
                                throw new IllegalStateException("bad point");
                            }
                            x.set(it, 1f);
                        };
                    });
            if (device != null) {
                nest.on(device);
            }
            LoopNestException e = assertThrows(LoopNestException.class, nest::run);
            assertTrue(String.valueOf(e.getCause()).contains("bad point"), e.toString());
            assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(out), "the previous file is untouched");
            assertEquals(List.of(), temporaries());
        }
    }

    @Test
    void shouldLeaveNoFileWhenTheRunIsCancelledAndLetANewRunWriteItAfter() throws Exception {
        Inputs in = new Inputs(dir);
        Path out = dir.resolve("slow.f32");
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Execution slow = in.bind(LoopNest.of(EXTENTS).names("i", "j", "k"))
                .out("x", Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .kernel(arrays -> it -> {
                    entered.countDown();
                    awaitQuietly(release);
                }).start();
        try {
            assertTrue(entered.await(30, TimeUnit.SECONDS), "the run started its kernel");
            slow.cancel();
        } finally {
            release.countDown();
        }
        assertThrows(RunCancelledException.class, slow::await);
        assertTrue(Files.notExists(out), "no output after a cancelled run");
        assertEquals(List.of(), temporaries());
        LoopNest again = in.bind(LoopNest.of(EXTENTS).names("i", "j", "k"))
                .out("x", Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .kernel(arrays -> {
                    FloatView x = arrays.floats("x");
                    return it -> x.set(it, 2f);
                });
        again.run();
        ByteBuffer written = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(COUNT * 4, written.capacity());
        for (int k = 0; k < COUNT; k++) {
            assertEquals(2f, written.getFloat(k * 4), "element " + k);
        }
    }

    @Test
    void shouldRefuseASecondRunWritingAFileThatARunIsWriting() throws Exception {
        Inputs in = new Inputs(dir);
        Path out = dir.resolve("busy.f32");
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Execution first = in.bind(LoopNest.of(EXTENTS).names("i", "j", "k"))
                .out("x", Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .kernel(arrays -> it -> {
                    entered.countDown();
                    awaitQuietly(release);
                }).start();
        try {
            assertTrue(entered.await(30, TimeUnit.SECONDS), "the first run started its kernel");
            LoopNest second = in.bind(LoopNest.of(EXTENTS).names("i", "j", "k"))
                    .out("x", Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                    .kernel(arrays -> it -> { });
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, second::run);
            assertEquals("out 'x': file " + out.toAbsolutePath() + " is being written by another run (expected: one "
                    + "run at a time per output file)", e.getMessage());
        } finally {
            release.countDown();
            first.await();
        }
        assertEquals(COUNT * 4L, Files.size(out));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    /** Variable {@code v} of two float variables interleaved per outer index {@code i} in one big-endian file. */
    private static Holder interleaved(Path file, int v) {
        long plane = EXTENTS[1] * EXTENTS[2];
        return Holder.file(file, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, v * plane * 4, 2 * plane, EXTENTS[2], 1);
    }

    private static float[] readInterleaved(Path file, int v) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.BIG_ENDIAN);
        int plane = (int) (EXTENTS[1] * EXTENTS[2]);
        float[] values = new float[COUNT];
        for (int k = 0; k < COUNT; k++) {
            int i = k / plane;
            values[k] = bytes.getFloat(((2 * i + v) * plane + k % plane) * 4);
        }
        return values;
    }

    private static double[] readDoubles(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        double[] values = new double[COUNT];
        for (int k = 0; k < COUNT; k++) {
            values[k] = bytes.getDouble(k * 8);
        }
        return values;
    }

    /**
     * The input files: {@code T}, big-endian after a {@value #HEADER}-byte header; {@code p} by {@code j} only,
     * little-endian; {@code a} and {@code b}, doubles interleaved per {@code i} in one little-endian file.
     */
    private static final class Inputs {
        private final float[] t = new float[COUNT];
        private final float[] p = new float[(int) EXTENTS[1]];
        private final double[] a = new double[COUNT];
        private final double[] b = new double[COUNT];
        private final Path tFile;
        private final Path pFile;
        private final Path abFile;

        Inputs(Path dir) throws IOException {
            int plane = (int) (EXTENTS[1] * EXTENTS[2]);
            ByteBuffer tBytes = ByteBuffer.allocate(HEADER + COUNT * 4).order(ByteOrder.BIG_ENDIAN);
            ByteBuffer abBytes = ByteBuffer.allocate(COUNT * 16).order(ByteOrder.LITTLE_ENDIAN);
            for (int k = 0; k < COUNT; k++) {
                t[k] = 200f + k * 0.75f;
                a[k] = k * 1.5;
                b[k] = -k * 0.25;
                tBytes.putFloat(HEADER + k * 4, t[k]);
                int i = k / plane;
                abBytes.putDouble(((2 * i) * plane + k % plane) * 8, a[k]);
                abBytes.putDouble(((2 * i + 1) * plane + k % plane) * 8, b[k]);
            }
            ByteBuffer pBytes = ByteBuffer.allocate(p.length * 4).order(ByteOrder.LITTLE_ENDIAN);
            for (int j = 0; j < p.length; j++) {
                p[j] = 1000f - 100f * j;
                pBytes.putFloat(j * 4, p[j]);
            }
            tFile = Files.write(dir.resolve("t.bin"), tBytes.array());
            pFile = Files.write(dir.resolve("p.f32"), pBytes.array());
            abFile = Files.write(dir.resolve("ab.f64"), abBytes.array());
        }

        LoopNest bind(LoopNest nest) {
            long plane = EXTENTS[1] * EXTENTS[2];
            return nest.in("T", Holder.file(tFile, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, HEADER))
                    .in("p", Holder.file(pFile, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0), "j")
                    .in("a", Holder.file(abFile, ElementType.DOUBLE, ByteOrder.LITTLE_ENDIAN, 0, 2 * plane,
                            EXTENTS[2], 1))
                    .in("b", Holder.file(abFile, ElementType.DOUBLE, ByteOrder.LITTLE_ENDIAN, plane * 8, 2 * plane,
                            EXTENTS[2], 1));
        }

        static org.loopnest.kernel.ElementBody body(org.loopnest.kernel.BoundArrays arrays) {
            FloatView tv = arrays.floats("T");
            FloatView pv = arrays.floats("p");
            DoubleView av = arrays.doubles("a");
            DoubleView bv = arrays.doubles("b");
            FloatView x = arrays.floats("x");
            FloatView y = arrays.floats("y");
            DoubleView z = arrays.doubles("z");
            return it -> {
                x.set(it, tv.get(it) + pv.get(it));
                y.set(it, tv.get(it) * 2f);
                z.set(it, av.get(it) - bv.get(it) + it.flat());
            };
        }

        float[] expectedX() {
            float[] x = new float[COUNT];
            for (int k = 0; k < COUNT; k++) {
                x[k] = t[k] + p[(int) (k / EXTENTS[2] % EXTENTS[1])];
            }
            return x;
        }

        float[] expectedY() {
            float[] y = new float[COUNT];
            for (int k = 0; k < COUNT; k++) {
                y[k] = t[k] * 2f;
            }
            return y;
        }

        double[] expectedZ() {
            double[] z = new double[COUNT];
            for (int k = 0; k < COUNT; k++) {
                z[k] = a[k] - b[k] + k;
            }
            return z;
        }
    }
}

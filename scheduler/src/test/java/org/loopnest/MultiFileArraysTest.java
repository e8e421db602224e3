package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.data.ElementType;
import org.loopnest.data.FilePart;
import org.loopnest.data.FloatView;
import org.loopnest.data.Holder;
import org.loopnest.device.Device;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * Inputs that lie in several files ({@link Holder#files}), joined along their outermost index: the same results as
 * one file on cpu (mapped windows, and windows read into memory where a chunk spans files) and sim (positional reads
 * split at the files' boundaries), for row-major files with headers and for record files whose last record stops
 * short of the stride; and the errors a bad set of files gets.
 */
class MultiFileArraysTest {
    private static final long[] EXTENTS = {6, 5, 7};
    private static final long[] COUNTS = {1, 2, 3};
    private static final int GRID = 5 * 7;
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
    void shouldReadRowMajorFilesWithHeadersAsOneArrayWhereChunksSpanFiles() throws IOException {
        List<FilePart> parts = new ArrayList<>();
        long t = 0;
        for (int k = 0; k < COUNTS.length; k++) {
            int header = 8 * k + 4;
            ByteBuffer bytes = ByteBuffer.allocate(header + (int) COUNTS[k] * GRID * 4).order(ByteOrder.BIG_ENDIAN);
            for (long e = 0; e < COUNTS[k] * GRID; e++) {
                bytes.putFloat(header + (int) e * 4, value(t * GRID + e));
            }
            parts.add(new FilePart(Files.write(dir.resolve("part" + k + ".bin"), bytes.array()), header, COUNTS[k]));
            t += COUNTS[k];
        }
        assertEverywhere(Holder.files(parts, ElementType.FLOAT, ByteOrder.BIG_ENDIAN));
    }

    @Test
    void shouldReadRecordFilesWhoseLastRecordStopsShortOfTheStride() throws IOException {
        long stride = GRID + 3; // each record: the grid, then 3 floats of another variable; the last record has none
        List<FilePart> parts = new ArrayList<>();
        long t = 0;
        for (int k = 0; k < COUNTS.length; k++) {
            int bytes = (int) ((COUNTS[k] - 1) * stride + GRID) * 4;
            ByteBuffer file = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
            for (long r = 0; r < COUNTS[k]; r++) {
                for (int e = 0; e < GRID; e++) {
                    file.putFloat((int) (r * stride + e) * 4, value((t + r) * GRID + e));
                }
            }
            parts.add(new FilePart(Files.write(dir.resolve("rec" + k + ".bin"), file.array()), 0, COUNTS[k]));
            t += COUNTS[k];
        }
        assertEverywhere(Holder.files(parts, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, stride, 7, 1));
    }

    @Test
    void shouldRefuseCountsThatMissTheExtentNamingTheFiles() throws IOException {
        List<FilePart> parts = List.of(new FilePart(Files.write(dir.resolve("a.bin"), new byte[GRID * 4]), 0, 2),
                new FilePart(Files.write(dir.resolve("b.bin"), new byte[GRID * 4 * 3]), 0, 3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(EXTENTS)
                .names("t", "y", "x").in("a", Holder.files(parts, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN)));
        assertEquals("in 'a': its 2 files hold 5 entries of index 1 of (t,y,x) = 6×5×7 (expected: 6, that index' "
                + "extent; files are joined along the index of largest stride)", e.getMessage());
    }

    @Test
    void shouldNameTheFileThatIsTooShortOrMissing() throws IOException {
        Path whole = Files.write(dir.resolve("whole.bin"), new byte[GRID * 4 * 3]);
        Path short1 = Files.write(dir.resolve("short.bin"), new byte[GRID * 4 * 3 - 4]);
        IllegalArgumentException tooShort = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(EXTENTS)
                .names("t", "y", "x").in("a", Holder.files(List.of(new FilePart(whole, 0, 3),
                        new FilePart(short1, 0, 3)), ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN)));
        assertEquals("in 'a': file " + short1.toAbsolutePath() + " holds " + (GRID * 12 - 4) + " bytes, too short "
                + "for its shape (expected: at least " + GRID * 12 + " bytes)", tooShort.getMessage());
        Path gone = dir.resolve("gone.bin");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(EXTENTS)
                .names("t", "y", "x").in("a", Holder.files(List.of(new FilePart(whole, 0, 3),
                        new FilePart(gone, 0, 3)), ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN)));
        assertEquals("in 'a': file " + gone.toAbsolutePath() + " does not exist (expected: an existing file to read)",
                missing.getMessage());
    }

    @Test
    void shouldRefuseSeveralFilesAsAnOutput() throws IOException {
        Path a = Files.write(dir.resolve("o1.bin"), new byte[GRID * 4 * 3]);
        Path b = Files.write(dir.resolve("o2.bin"), new byte[GRID * 4 * 3]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(EXTENTS)
                .names("t", "y", "x").out("o", Holder.files(List.of(new FilePart(a, 0, 3), new FilePart(b, 0, 3)),
                        ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN)));
        assertEquals("out 'o': an array over 2 files is read only (expected: Holder.file for an output, one file)",
                e.getMessage());
    }

    @Test
    void shouldRefuseAColumnAxisThatTheFilesAreJoinedAlong() throws IOException {
        Path a = Files.write(dir.resolve("za.bin"), new byte[2 * 3 * 4]);
        Path b = Files.write(dir.resolve("zb.bin"), new byte[2 * 3 * 4]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(3).names("x")
                .column("z", 4).in("T", Holder.files(List.of(new FilePart(a, 0, 2), new FilePart(b, 0, 2)),
                        ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN), "z", "x"));
        assertEquals("in 'T': its 2 files are joined along the column axis 'z' (expected: files joined along another "
                + "index, such as time)", e.getMessage());
    }

    /** Runs {@code out = 2·in + 1} on cpu and sim at every split and a group that makes chunks span files. */
    private void assertEverywhere(Holder input) {
        float[] expected = new float[(int) (EXTENTS[0] * GRID)];
        for (int e = 0; e < expected.length; e++) {
            expected[e] = 2 * value(e) + 1;
        }
        for (Device device : new Device[] {null, sim}) {
            for (int d = 0; d < EXTENTS.length; d++) {
                for (long group : new long[] {1, 4}) {
                    float[] out = new float[expected.length];
                    LoopNest nest = LoopNest.of(EXTENTS).names("t", "y", "x").in("a", input).out("b", out)
                            .kernel(arrays -> {
                                FloatView a = arrays.floats("a");
                                FloatView b = arrays.floats("b");
                                return it -> b.set(it, 2 * a.get(it) + 1);
                            }).splitAt(d).group(group);
                    if (device != null) {
                        nest.on(device);
                    }
                    nest.run();
                    assertArrayEquals(expected, out, 0f, (device == null ? "cpu" : "sim") + ", d=" + d + ", group="
                            + group);
                }
            }
        }
    }

    private static float value(long element) {
        return element * 0.5f - 7;
    }
}

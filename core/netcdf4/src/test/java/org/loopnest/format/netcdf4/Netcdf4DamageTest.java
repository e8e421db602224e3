package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jhdf.AbstractNode;
import io.jhdf.HdfFile;
import io.jhdf.object.message.DataLayoutMessage.ChunkedDataLayoutMessage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged and lying NetCDF-4 files (written by {@code ncgen}, then changed byte by byte): checksums that fail, chunk
 * indexes that point off the grid, past the file or at themselves, filter pipelines and masks, types and layouts that
 * contradict the variable. Each is refused with a message naming the file, the variable and what is wrong.
 */
class Netcdf4DamageTest {
    /**
     * Two chunked floats of 2 × 3 chunks, one with fletcher32 only, one also shuffled and deflated; a contiguous one;
     * and one of 128 chunks, so that its chunk index has two levels.
     */
    static final String CDL = """
            netcdf damage {
            dimensions:
                y = 4 ;
                x = 6 ;
                v = 8 ;
                u = 32 ;
            variables:
                float f(y, x) ;
                    f:_ChunkSizes = 2, 3 ;
                    f:_Fletcher32 = "true" ;
                float g(y, x) ;
                    g:_ChunkSizes = 2, 3 ;
                    g:_Fletcher32 = "true" ;
                    g:_Shuffle = "true" ;
                    g:_DeflateLevel = 1 ;
                float t(y, x) ;
                    t:_Storage = "contiguous" ;
                short h(v, u) ;
                    h:_ChunkSizes = 1, 2 ;
                    h:_Fletcher32 = "true" ;
            data:
                f = %s ;
                g = %s ;
                t = %s ;
                h = %s ;
            }
            """.formatted(values(0.25, 1, 24), values(100, 1.5, 24), values(200, 1, 24), integers(-128, 256));

    /** Key and child of a version-1 B-tree entry for rank 2: size, mask, 3 offsets, then the child's address. */
    private static final int ENTRY = 4 + 4 + 3 * 8 + 8;

    @TempDir
    Path dir;

    static String values(double first, double step, int n) {
        List<String> v = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            v.add(String.valueOf(first + i * step));
        }
        return String.join(", ", v);
    }

    static String integers(int first, int n) {
        return String.join(", ", java.util.stream.IntStream.range(first, first + n).mapToObj(String::valueOf).toList());
    }

    static float[] expected(double first, double step) {
        float[] v = new float[24];
        for (int i = 0; i < 24; i++) {
            v[i] = (float) (first + i * step);
        }
        return v;
    }

    private Path sample() throws Exception {
        return Ncgen.nc4(dir.resolve("damage.nc"), CDL);
    }

    /** The file offset of a chunked variable's B-tree root (no user block). */
    static long tree(Path file, String variable) {
        try (HdfFile hdf = new HdfFile(file)) {
            return ((AbstractNode) hdf.getDatasetByPath(variable)).getHeader()
                    .getMessageOfType(ChunkedDataLayoutMessage.class).getBTreeAddress();
        }
    }

    /** The offset of entry {@code i}'s key in a leaf node at {@code node}. */
    static int key(long node, int i) {
        return (int) node + 24 + i * ENTRY;
    }

    private Path write(String name, byte[] bytes) throws Exception {
        return Files.write(dir.resolve(name), bytes);
    }

    /** Writes a copy of the sample with its changed object headers re-sealed (their checksums recomputed). */
    private Path sealed(String name, byte[] original, byte[] changed) throws Exception {
        int from = Arrays.mismatch(original, changed);
        int to = original.length;
        while (to > from && original[to - 1] == changed[to - 1]) {
            to--;
        }
        new Hdf5Blocks(original).reseal(changed, from, to);
        return write(name, changed);
    }

    private static ByteBuffer le(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static float[] floats(double[] values) {
        float[] f = new float[values.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) values[i];
        }
        return f;
    }

    private static String readRefusal(Path file, String variable) {
        return assertThrows(Netcdf4FormatException.class, () -> {
            try (Netcdf4File nc = Netcdf4File.open(file)) {
                nc.readValues(nc.variable(variable));
            }
        }).getMessage();
    }

    private static String openRefusal(Path file) {
        return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(Netcdf4FormatException.class,
                () -> Netcdf4File.open(file).close()).getMessage());
    }

    @Test
    void shouldReadEveryChunkWhoseChecksumHolds() throws Exception {
        try (Netcdf4File nc = Netcdf4File.open(sample())) {
            assertArrayEquals(expected(0.25, 1), floats(nc.readValues(nc.variable("f"))));
            assertArrayEquals(expected(100, 1.5), floats(nc.readValues(nc.variable("g"))));
            assertEquals("[fletcher32]", nc.layout(nc.variable("f")).filters().toString());
            assertEquals("[fletcher32, shuffle, deflate]", nc.layout(nc.variable("g")).filters().toString());
            assertEquals(4, nc.layout(nc.variable("f")).index().size());
            assertEquals(128, nc.layout(nc.variable("h")).index().size());
            double[] h = nc.readValues(nc.variable("h"));
            for (int i = 0; i < 256; i++) {
                assertEquals(i - 128, h[i], "h[" + i + "]");
            }
        }
    }

    @Test
    void shouldRefuseAChunkWhoseFletcher32ChecksumFails() throws Exception {
        byte[] bytes = Files.readAllBytes(sample());
        long chunk;
        try (Netcdf4File nc = Netcdf4File.open(dir.resolve("damage.nc"))) {
            chunk = nc.layout(nc.variable("f")).index().find(new long[] {2, 3}).address();
        }
        bytes[(int) chunk + 1] ^= 0x10; // 248.25 → 184.25 in the issue: a value that still reads as a number
        String message = readRefusal(write("flipped.nc", bytes), "f");
        assertTrue(message.matches("flipped.nc: variable 'f' cannot be read: its chunk at \\[2, 3\\] \\(bytes \\d+ to "
                + "\\d+\\): data error detected by its Fletcher32 checksum \\(stored 0x[0-9a-f]{8}, computed "
                + "0x[0-9a-f]{8}; expected: equal: is the file damaged\\?\\)"), message);
    }

    @Test
    void shouldRefuseAChunkOffTheChunkGrid() throws Exception {
        byte[] bytes = Files.readAllBytes(sample());
        long node = tree(dir.resolve("damage.nc"), "f");
        le(bytes).putLong(key(node, 1) + 8 + 8, 2); // x offset 3 → 2: between two chunks
        String message = openRefusal(write("offgrid.nc", bytes));
        assertEquals("offgrid.nc: variable 'f': a chunk in its index node at byte " + node + " starts at [0, 2], off "
                + "its chunk grid [2, 3] or outside its shape [4, 6] (expected: multiples of the chunk's lengths, "
                + "inside the shape)", message);
    }

    @Test
    void shouldRefuseAChunkClaimingMoreBytesThanTheFile() throws Exception {
        byte[] bytes = Files.readAllBytes(sample());
        long node = tree(dir.resolve("damage.nc"), "g");
        le(bytes).putInt(key(node, 0), Integer.MAX_VALUE);
        assertEquals("big.nc: variable 'g': its chunk at [0, 0] claims 2147483647 bytes, the file has " + bytes.length
                + " (expected: a size inside the file)", openRefusal(write("big.nc", bytes)));
    }

    @Test
    void shouldRefuseAChunkIndexNodeThatIsItsOwnChild() throws Exception {
        byte[] bytes = Files.readAllBytes(sample());
        long node = tree(dir.resolve("damage.nc"), "f");
        bytes[(int) node + 5] = 1; // level 1: its entries are children, each the node itself
        for (int i = 0; i < 4; i++) {
            le(bytes).putLong(key(node, i) + 32, node);
        }
        assertEquals("self.nc: variable 'f': its chunk index node at byte " + node + " is reached twice (expected: a "
                + "tree, each node below one parent)", openRefusal(write("self.nc", bytes)));
    }

    @Test
    void shouldRefuseAPipelineWithFletcher32InPlaceOfShuffle() throws Exception {
        byte[] original = Files.readAllBytes(sample());
        byte[] bytes = original.clone();
        // filter pipeline message version 2 with 3 filters: fletcher32 (id 3, flags 0, no values), then shuffle
        int at = find(bytes, new byte[] {2, 3, 3, 0, 0, 0, 0, 0, 2, 0});
        bytes[at + 8] = 3;
        assertEquals("fletcher.nc: variable 'g' has filter fletcher32 twice in its pipeline [fletcher32, fletcher32, "
                + "deflate] (expected: each at most once)", openRefusal(sealed("fletcher.nc", original, bytes)));
    }

    @Test
    void shouldRefuseAFloatDeclaredEightBytesWide() throws Exception {
        byte[] original = Files.readAllBytes(sample());
        byte[] bytes = original.clone();
        // an IEEE float datatype message: class 1 version 1, little-endian, sign at 31, size 4, offset 0, precision 32
        byte[] float4 = {0x11, 0x20, 0x1f, 0x00, 4, 0, 0, 0, 0, 0, 32, 0};
        int changed = 0;
        for (int at = find(bytes, float4); at >= 0; at = find(bytes, float4)) {
            bytes[at + 4] = 8;
            changed++;
        }
        assertTrue(changed >= 3, changed + " float types found");
        String message = openRefusal(sealed("wide.nc", original, bytes));
        assertTrue(message.matches("wide.nc: variable '[fgth]' is a 8-byte float with bit offset, precision, exponent "
                + "size and place, mantissa size and place, sign place and bias \\[0, 32, 8, 23, 23, 0, 31, 127\\] "
                + "\\(expected: IEEE 754's \\[0, 64, 11, 52, 52, 0, 63, 1023\\]\\)"), message);
    }

    @Test
    void shouldRefuseAChunkLayoutOfAnotherRank() throws Exception {
        Path file = sample();
        byte[] original = Files.readAllBytes(file);
        byte[] bytes = original.clone();
        long node = tree(file, "f");
        byte[] layout = new byte[11]; // layout message version 3, chunked, 3 dimensions (rank + 1), the tree's address
        le(layout).put((byte) 3).put((byte) 2).put((byte) 3).putLong(node);
        int at = find(bytes, layout);
        bytes[at + 2] = 2;
        assertEquals("rank.nc: variable 'f' has chunks of 1 dimensions [2] (expected: 2, as the variable has)",
                openRefusal(sealed("rank.nc", original, bytes)));
    }

    @Test
    void shouldHonourAChunkFilterMaskThatSkipsEveryFilter() throws Exception {
        byte[] bytes = Files.readAllBytes(sample());
        long node = tree(dir.resolve("damage.nc"), "g");
        // chunk [0, 3] of g written as it is, every filter skipped (mask 0b111): its 6 floats appended to the file
        ByteBuffer raw = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : new float[] {-1, -2, -3, -4, -5, -6}) {
            raw.putFloat(v);
        }
        byte[] grown = Arrays.copyOf(bytes, bytes.length + 24);
        System.arraycopy(raw.array(), 0, grown, bytes.length, 24);
        int k = key(node, 1);
        assertEquals(3, le(grown).getLong(k + 16), "entry 1 is the chunk at [0, 3]");
        le(grown).putInt(k, 24).putInt(k + 4, 0b111).putLong(k + 32, bytes.length);
        float[] want = expected(100, 1.5);
        for (int i = 0; i < 6; i++) {
            want[(i / 3) * 6 + 3 + i % 3] = -1 - i;
        }
        try (Netcdf4File nc = Netcdf4File.open(write("masked.nc", grown))) {
            assertArrayEquals(want, floats(nc.readValues(nc.variable("g"))));
        }
        le(grown).putInt(k + 4, 0b110); // fletcher32 not skipped: the chunk has no checksum
        assertTrue(readRefusal(write("unmasked.nc", grown), "g").matches("unmasked.nc: variable 'g' cannot be read: "
                + "its chunk at \\[0, 3\\] \\(bytes \\d+ to \\d+\\): data error detected by its Fletcher32 checksum.*"));
    }

    @Test
    void shouldEscapeControlCharactersAndCutLongMessages() {
        String message = new Netcdf4FormatException(Path.of("a\u0001.nc"), "variable 'b\u007f\n' " + "x".repeat(5000))
                .getMessage();
        assertTrue(message.startsWith("a\\u0001.nc: variable 'b\\u007f\\u000a' xxx"), message);
        assertTrue(message.endsWith("xxx… (cut at 960 characters)"), message);
        assertEquals(Netcdf4FormatException.MAX_MESSAGE - 40 + "… (cut at 960 characters)".length(), message.length());
    }

    /** The first place {@code pattern} occurs, or -1. */
    static int find(byte[] bytes, byte[] pattern) {
        for (int i = 0; i + pattern.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length)) {
                return i;
            }
        }
        return -1;
    }
}

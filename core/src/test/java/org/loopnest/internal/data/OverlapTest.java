package org.loopnest.internal.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;

class OverlapTest {
    private static final String EXPECTED = " (expected: outputs distinct from inputs and from each other)";
    private final IndexSpace space = IndexSpace.of(2, 3).withNames("y", "x");
    private final List<ArrayBinding> bound = new ArrayList<>();

    private void bind(String name, Role role, Object array, String... indices) {
        ArrayBinding binding = ArrayBinding.of(name, role, array, space, indices);
        Overlap.checkApart(binding, bound);
        bound.add(binding);
    }

    private String refused(String name, Role role, Object array, String... indices) {
        return assertThrows(IllegalArgumentException.class, () -> bind(name, role, array, indices)).getMessage();
    }

    private static Holder floats(ByteBuffer bytes) {
        return Holder.of(bytes, ElementType.FLOAT);
    }

    @Test
    void shouldRejectAJaggedOutputWhoseRowsAreTheSameArray() {
        float[] row = new float[3];
        assertEquals("out 'o': row [0] and row [1] share memory (expected: distinct rows in an output, else two "
                + "iterations write the same element)", refused("o", Role.OUT, new float[][] {row, row}));
    }

    @Test
    void shouldAcceptAJaggedInputWhoseRowsAreTheSameArray() {
        float[] row = new float[3];
        bind("a", Role.IN, new float[][] {row, row});
        bind("o", Role.OUT, new float[2][3]);
    }

    @Test
    void shouldRejectAJaggedOutputSharingARowWithAJaggedInputInEitherOrder() {
        float[] shared = new float[3];
        bind("a", Role.IN, new float[][] {new float[3], shared});
        assertEquals("out 'o' overlaps in 'a': row [0] of out 'o' and row [1] of in 'a' share memory" + EXPECTED,
                refused("o", Role.OUT, new float[][] {shared, new float[3]}));
        bound.clear();
        bind("o", Role.OUT, new float[][] {shared, new float[3]});
        assertEquals("in 'a' overlaps out 'o': row [1] of in 'a' and row [0] of out 'o' share memory" + EXPECTED,
                refused("a", Role.IN, new float[][] {new float[3], shared}));
    }

    @Test
    void shouldRejectAFlatInputThatIsARowOfAJaggedOutput() {
        float[] shared = new float[3];
        bind("a", Role.IN, shared, "x");
        assertEquals("out 'o' overlaps in 'a': row [1] of out 'o' and the array of in 'a' share memory" + EXPECTED,
                refused("o", Role.OUT, new float[][] {new float[3], shared}));
    }

    @Test
    void shouldRejectAnOutputOverADuplicateOfAnInputBuffer() {
        ByteBuffer input = ByteBuffer.allocate(6 * 4);
        bind("T", Role.IN, floats(input));
        assertEquals("out 'o' overlaps in 'T': heap array bytes [0, 24) of out 'o' and heap array bytes [0, 24) of "
                + "in 'T' share memory" + EXPECTED, refused("o", Role.OUT, floats(input.duplicate())));
    }

    @Test
    void shouldRejectSlicesOfOneBufferThatOverlapByOneElement() {
        ByteBuffer whole = ByteBuffer.allocate(11 * 4);
        bind("T", Role.IN, floats(whole.slice(0, 24)));
        assertEquals("out 'o' overlaps in 'T': heap array bytes [20, 44) of out 'o' and heap array bytes [0, 24) of "
                + "in 'T' share memory" + EXPECTED, refused("o", Role.OUT, floats(whole.slice(20, 24))));
    }

    @Test
    void shouldAcceptDisjointRangesOfOneBuffer() {
        ByteBuffer whole = ByteBuffer.allocate(12 * 4);
        bind("T", Role.IN, floats(whole.slice(0, 24)));
        bind("o", Role.OUT, floats(whole.slice(24, 24)));
        bind("u", Role.IN, Holder.strided(whole, ElementType.FLOAT, 0, 3, 1)); // inputs may share memory
    }

    @Test
    void shouldRejectTheSameBufferObjectWhereItsRangesMeet() {
        ByteBuffer whole = ByteBuffer.allocateDirect(12 * 4);
        bind("T", Role.IN, Holder.strided(whole, ElementType.FLOAT, 0, 3, 1));
        bind("o", Role.OUT, Holder.strided(whole, ElementType.FLOAT, 6, 3, 1));
        String message = refused("p", Role.OUT, Holder.strided(whole, ElementType.FLOAT, 5, 3, 1));
        assertTrue(message.startsWith("out 'p' overlaps in 'T': "), message);
    }

    @Test
    void shouldRejectAnOutputOverADuplicateOfADirectInputBufferWhereTheJdkTellsAddresses() {
        assumeTrue(BufferAddress.available(), "this JDK has no public way to a direct buffer's address "
                + "(java.lang.foreign, JDK 22+): overlap of distinct direct buffer objects is not detected here");
        ByteBuffer whole = ByteBuffer.allocateDirect(12 * 4);
        ByteBuffer first = whole.slice(0, 24);
        bind("T", Role.IN, floats(first));
        String message = refused("o", Role.OUT, floats(first.duplicate()));
        assertTrue(message.matches("out 'o' overlaps in 'T': native bytes \\[0x\\p{XDigit}+, 0x\\p{XDigit}+\\) of "
                + "out 'o' and native bytes \\[0x\\p{XDigit}+, 0x\\p{XDigit}+\\) of in 'T' share memory .*"), message);
        bind("o", Role.OUT, floats(whole.slice(24, 24))); // the other half: disjoint
    }

    @Test
    void shouldAcceptVariablesInterleavedInOneFileAndRefuseOverlappingOnes(@org.junit.jupiter.api.io.TempDir
                                                                           java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.write(dir.resolve("ab.f32"), new byte[48]);
        // two 2x3 variables interleaved per y: row y of 'a' at 6y, of 'b' at 6y + 3 (floats)
        bind("a", Role.OUT, Holder.fileInPlace(file, ElementType.FLOAT, java.nio.ByteOrder.LITTLE_ENDIAN, 0, 6, 1));
        bind("b", Role.OUT, Holder.fileInPlace(file, ElementType.FLOAT, java.nio.ByteOrder.LITTLE_ENDIAN, 12, 6, 1));
        String message = refused("c", Role.OUT, Holder.fileInPlace(file, ElementType.FLOAT,
                java.nio.ByteOrder.LITTLE_ENDIAN, 8, 6, 1));
        assertEquals("out 'c' overlaps out 'a': bytes [8, 44) of file " + file + " of out 'c' and bytes [0, 36) of "
                + "file " + file + " of out 'a' share memory" + EXPECTED, message);
    }
}

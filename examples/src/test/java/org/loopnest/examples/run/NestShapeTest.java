package org.loopnest.examples.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ElementType;

class NestShapeTest {
    @Test
    void shouldJoinIndicesInOrderOfFirstAppearance() {
        NestShape nest = NestShape.resolve(List.of(array("a", "y,x", 4, 5), array("b", "z,y", 3, 4)), null, null);
        assertEquals(List.of("y", "x", "z"), nest.names());
        assertArrayEquals(new long[] {4, 5, 3}, nest.extents());
        assertEquals(60, nest.points());
        assertEquals("y=1, x=2, z=0", nest.describe(21));
        assertEquals("y 4 x x 5 x z 3", nest.toString());
    }

    @Test
    void shouldOrderByNamesAndTakeExtentsNoFileSaysFromShape() {
        NestShape nest = NestShape.resolve(List.of(array("a", "y,x", 4, 5), unknown("p", "z")),
                List.of("z", "y", "x"), List.of(7L, 4L, 5L));
        assertEquals(List.of("z", "y", "x"), nest.names());
        assertArrayEquals(new long[] {7, 4, 5}, nest.extents());
    }

    @Test
    void shouldGiveDefaultNamesByDepth() {
        assertEquals(List.of("t", "z", "y", "x"), NestShape.resolve(List.of(), null, List.of(1L, 2L, 3L, 4L)).names());
        assertEquals(List.of("y", "x"), NestShape.resolve(List.of(), null, List.of(3L, 4L)).names());
        assertEquals(List.of("i0", "i1", "i2", "i3", "i4"), NestShape.defaultNames(5));
    }

    @Test
    void shouldNameBothFilesOrTheShapeWhenExtentsDisagree() {
        assertEquals("index 'y' is 4 in --in a:y,x=a.nc:v (a.nc) but 6 in --in b:y=b.nc:v (b.nc) (expected: the same "
                + "extent in every file that uses it)", message(List.of(array("a", "y,x", 4, 5), array("b", "y", 6)), null,
                null));
        assertEquals("--shape 4,6: index 'x' is 6 but 5 in --in a:y,x=a.nc:v (a.nc) (expected: the extents the files "
                + "say, or no --shape)", message(List.of(array("a", "y,x", 4, 5)), null, List.of(4L, 6L)));
        assertEquals("--shape 4: 1 extents for the 2 indices [y, x] (expected: 2, one per index in order)",
                message(List.of(array("a", "y,x", 4, 5)), null, List.of(4L)));
        assertEquals("--names x: no index 'y', which --in a:y,x=a.nc:v uses (expected: every index the inputs use, in "
                + "the nest's order)", message(List.of(array("a", "y,x", 4, 5)), List.of("x"), null));
        assertEquals("index 'z' has no extent: no file says it (expected: --shape with one extent per index of [y, x, "
                + "z])", message(List.of(array("a", "y,x", 4, 5), unknown("p", "z")), null, null));
    }

    private static String message(List<FileArray> arrays, List<String> names, List<Long> shape) {
        return assertThrows(IllegalArgumentException.class, () -> NestShape.resolve(arrays, names, shape))
                .getMessage();
    }

    private static FileArray array(String name, String indices, long... extents) {
        InputOption in = InputOption.parse(name + ":" + indices + "=" + name + ".nc:v");
        return new FileArray(in, Path.of(name + ".nc"), in.indices(), extents, null, ElementType.FLOAT,
                ByteOrder.BIG_ENDIAN, 0, false, null, null);
    }

    private static FileArray unknown(String name, String indices) {
        InputOption in = InputOption.parse(name + ":" + indices + "=" + name + ".f32");
        long[] none = new long[in.indices().size()];
        java.util.Arrays.fill(none, -1);
        return new FileArray(in, in.file(), in.indices(), none, null, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0,
                true, null, null);
    }
}

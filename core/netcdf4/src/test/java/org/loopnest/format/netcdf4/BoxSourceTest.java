package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.exceptions.HdfException;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BoxSourceTest {
    /** A 3 × 5 float array in 2 × 2 chunks, element (i, j) = 10 i + j; the chunk at [0, 2] was never written. */
    private static ChunkedDataset chunks() {
        return (ChunkedDataset) Proxy.newProxyInstance(BoxSourceTest.class.getClassLoader(),
                new Class<?>[] {ChunkedDataset.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getChunkDimensions" -> new int[] {2, 2};
                    case "getRawChunkBuffer" -> ByteBuffer.wrap(chunk((int[]) args[0]));
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static byte[] chunk(int[] corner) {
        if (Arrays.equals(corner, new int[] {0, 2})) {
            throw new HdfException("No chunk with offset " + Arrays.toString(corner) + " in dataset: /x");
        }
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                b.putFloat(10 * (corner[0] + i) + corner[1] + j); // edge chunks hold values past the array too
            }
        }
        return b.array();
    }

    private static float[] read(BoxSource source, long[] offset, int[] size) throws Exception {
        ByteBuffer into = ByteBuffer.allocate(size[0] * size[1] * 4).order(ByteOrder.LITTLE_ENDIAN);
        source.read(offset, size, into);
        float[] f = new float[size[0] * size[1]];
        into.asFloatBuffer().get(f);
        return f;
    }

    @Test
    void shouldReadChunksAcrossEdgesAndTheFillValueWhereAChunkWasNeverWritten() throws Exception {
        ByteBuffer fill = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(0, -1f);
        BoxSource source = BoxSource.chunked(new long[] {3, 5}, 4, chunks(), fill);
        assertArrayEquals(new float[] {0, 1, -1, -1, 4, 10, 11, -1, -1, 14, 20, 21, 22, 23, 24},
                read(source, new long[] {0, 0}, new int[] {3, 5}));
        assertArrayEquals(new float[] {11, -1, -1, 21, 22, 23}, read(source, new long[] {1, 1}, new int[] {2, 3}));
    }

    @Test
    void shouldRepeatOneElementForAnUnwrittenVariable() throws Exception {
        ByteBuffer fill = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(0, 7f);
        assertArrayEquals(new float[] {7, 7, 7, 7}, read(BoxSource.inMemory(new long[] {3, 5}, 4, fill, true),
                new long[] {1, 1}, new int[] {2, 2}));
    }
}

package org.loopnest.internal.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Holder;
import org.loopnest.data.LinearHolder;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;

/** The window a chunk needs bounds every element the chunk reaches, and is exact for row-major arrays. */
class ChunkSpanTest {
    private final Random random = new Random(14);

    @Test
    void shouldBoundEveryElementOfEveryChunkAndBeExactForRowMajorArrays() {
        for (int trial = 0; trial < 200; trial++) {
            int depth = 1 + random.nextInt(4);
            long[] extents = new long[depth];
            for (int j = 0; j < depth; j++) {
                extents[j] = 1 + random.nextInt(5);
            }
            IndexSpace space = IndexSpace.of(extents);
            boolean rowMajor = random.nextBoolean();
            long[] strides = new long[depth];
            for (int j = 0; j < depth; j++) {
                strides[j] = (random.nextBoolean() ? 1 : -1) * (1 + random.nextInt(40));
            }
            long offset = 2000;
            long[] given = rowMajor ? new long[0] : strides;
            LinearHolder holder = (LinearHolder) Holder.strided(new float[4001], offset, rowMajor ? rowMajor(extents)
                    : given);
            ArrayBinding binding = ArrayBinding.of("a", Role.IN, holder, space);
            int d = random.nextInt(depth);
            Split split = space.split(d, 1 + random.nextInt(3));
            for (long c = 0; c < split.chunkCount(); c++) {
                var chunk = split.chunk(c);
                long[] span = ChunkSpan.of(binding, holder, split, chunk.firstOuter(), chunk.outerCount());
                long[] seen = reached(binding, holder, split, chunk.firstOuter(), chunk.outerCount());
                assertTrue(span[0] <= seen[0] && seen[1] <= span[1], "trial " + trial + " chunk " + c);
                if (rowMajor) {
                    assertArrayEquals(seen, span, "row-major, trial " + trial + " chunk " + c);
                }
            }
        }
    }

    private static long[] rowMajor(long[] extents) {
        long[] s = new long[extents.length];
        long stride = 1;
        for (int j = extents.length - 1; j >= 0; j--) {
            s[j] = stride;
            stride *= extents[j];
        }
        return s;
    }

    /** The lowest and highest positions the chunk's iterations reach, by visiting each. */
    private static long[] reached(ArrayBinding binding, LinearHolder holder, Split split, long firstOuter, long count) {
        long[] strides = holder.strides(binding.shape());
        long[] index = new long[binding.dims().length];
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (long e = firstOuter; e < firstOuter + count; e++) {
            for (long id = 0; id < split.innerCount(); id++) {
                split.indices(e, id, index);
                long position = holder.offset();
                for (int m = 0; m < index.length; m++) {
                    position += index[m] * strides[m];
                }
                low = Math.min(low, position);
                high = Math.max(high, position);
            }
        }
        return new long[] {low, high};
    }
}

package org.loopnest.internal.data;

import org.loopnest.data.ArrayBinding;
import org.loopnest.data.LinearHolder;
import org.loopnest.index.Split;

/**
 * The lowest and highest element positions a linear array reaches over a range of outer iterations: the window of a
 * file that one chunk needs. Each index the array uses contributes its range over the chunk: an inner loop its whole
 * extent; an outer loop {@code j} the range between its values at the chunk's first and last outer iteration while
 * every loop outside {@code j} keeps one value over the chunk, else its whole extent (the chunk wraps around it). The
 * result is a bounding range, exact for row-major arrays split at any depth. Stateless.
 */
public final class ChunkSpan {
    private ChunkSpan() {
    }

    /**
     * {@return {@code {low, high}}, the element positions bounding what {@code binding} reaches in outer iterations
     * {@code [firstOuter, firstOuter + outerCount)}}
     *
     * @param binding the array, with its dims and shape
     * @param holder its holder (offset and strides)
     * @param split the split the chunk belongs to
     * @param firstOuter the chunk's first outer iteration
     * @param outerCount its outer iterations, at least 1
     */
    public static long[] of(ArrayBinding binding, LinearHolder holder, Split split, long firstOuter, long outerCount) {
        int[] dims = binding.dims();
        long[] shape = binding.shape();
        long[] strides = holder.strides(shape);
        long last = firstOuter + outerCount - 1;
        if (binding.usesAllLoops() && growsInNestOrder(strides, shape)) {
            long low = holder.offset();
            long high = holder.offset();
            for (int j = 0; j < dims.length; j++) {
                boolean outer = j < split.depth();
                low += (outer ? split.outerIndex(firstOuter, j) : 0) * strides[j];
                high += (outer ? split.outerIndex(last, j) : shape[j] - 1) * strides[j];
            }
            return new long[] {low, high};
        }
        long low = holder.offset();
        long high = holder.offset();
        boolean outsideFixed = true;
        int loop = 0;
        for (int m = 0; m < dims.length; m++) {
            long from = 0;
            long to = shape[m] - 1;
            int j = dims[m];
            for (; loop < j && loop < split.depth(); loop++) { // loops the array does not use still may wrap
                outsideFixed &= split.outerIndex(firstOuter, loop) == split.outerIndex(last, loop);
            }
            if (j < split.depth()) {
                long first = split.outerIndex(firstOuter, j);
                long end = split.outerIndex(last, j);
                if (outsideFixed) {
                    from = first;
                    to = end;
                }
                outsideFixed &= first == end;
                loop = j + 1;
            }
            long a = from * strides[m];
            long b = to * strides[m];
            low += Math.min(a, b);
            high += Math.max(a, b);
        }
        return new long[] {low, high};
    }

    /** Whether each stride exceeds the reach of all later indices, so positions grow in lexicographic order. */
    private static boolean growsInNestOrder(long[] strides, long[] shape) {
        long reach = 0;
        for (int m = strides.length - 1; m >= 0; m--) {
            if (shape[m] > 1 && strides[m] <= reach) {
                return false;
            }
            reach += strides[m] * (shape[m] - 1);
        }
        return true;
    }
}

package org.loopnest.internal.data;

import org.loopnest.data.ArrayBinding;
import org.loopnest.data.JaggedHolder;
import org.loopnest.index.Iteration;

/**
 * Finds the primitive row of a jagged array for the current iteration, remembering the last row so that
 * consecutive iterations along the innermost index cost one comparison. One per thread.
 */
final class JaggedRows {
    private final JaggedHolder holder;
    private final int[] dims;
    private final long[] prefix;
    private Object row;

    JaggedRows(ArrayBinding binding) {
        this.holder = (JaggedHolder) binding.holder();
        this.dims = binding.dims();
        this.prefix = new long[dims.length];
    }

    /** The row holding the current iteration's element. */
    Object row(Iteration it) {
        boolean same = row != null;
        for (int m = 0; m < dims.length - 1; m++) {
            long i = it.index(dims[m]);
            if (prefix[m] != i) {
                prefix[m] = i;
                same = false;
            }
        }
        if (!same) {
            row = holder.row(prefix);
        }
        return row;
    }

    /** 1 if the innermost loop walks this array's rows, 0 if the array does not use it. */
    int runStep(Iteration it) {
        return dims[dims.length - 1] == it.depth() - 1 ? 1 : 0;
    }

    /** The position of the current iteration's element in its row. */
    int column(Iteration it) {
        return (int) it.index(dims[dims.length - 1]);
    }
}

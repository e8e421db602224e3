package org.loopnest.cluster;

import org.loopnest.data.FloatView;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;

/** {@code o = 1 + flat index} where {@code col >= row} only, the other elements left unset: a named kernel class. */
public final class UpperTriangleKernel implements ElementKernel {
    @Override
    public ElementBody bind(BoundArrays arrays) {
        FloatView o = arrays.floats("o");
        return it -> {
            if (it.index(1) >= it.index(0)) {
                o.set(it, 1 + it.flat());
            }
        };
    }
}

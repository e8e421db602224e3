package org.loopnest.cluster;

import org.loopnest.data.FloatView;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;

/** {@code b = 3·a + c[col] + row}: a named kernel class, as a node loads it by name. */
public final class AffineKernel implements ElementKernel {
    /** The C body of the same computation. */
    public static final String C_BODY = "b = a * 3.0f + c + (float) row;";

    @Override
    public ElementBody bind(BoundArrays arrays) {
        FloatView a = arrays.floats("a");
        FloatView c = arrays.floats("c");
        FloatView b = arrays.floats("b");
        return it -> b.set(it, a.get(it) * 3 + c.get(it) + it.index(0));
    }
}

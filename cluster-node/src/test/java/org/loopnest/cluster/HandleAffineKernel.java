package org.loopnest.cluster;

import org.loopnest.data.FloatView;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;
import org.loopnest.kernel.NamedArray;

/** {@link AffineKernel}'s computation reaching its arrays through {@code static final} typed handles. */
public final class HandleAffineKernel implements ElementKernel {
    static final NamedArray<FloatView> A = NamedArray.floats("a");
    static final NamedArray<FloatView> C = NamedArray.floats("c");
    static final NamedArray<FloatView> B = NamedArray.floats("b");

    @Override
    public ElementBody bind(BoundArrays arrays) {
        FloatView a = arrays.get(A);
        FloatView c = arrays.get(C);
        FloatView b = arrays.get(B);
        return it -> b.set(it, a.get(it) * 3 + c.get(it) + it.index(0));
    }
}

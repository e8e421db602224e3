package org.loopnest.perf.ratio;

import org.loopnest.data.FloatView;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;

/**
 * A compute-bound per-element kernel for {@code cluster-scaling-2}: {@code b = f(a)}, where {@code f} iterates
 * {@code v ← 0.5·sin v + 0.25·exp(−v²) + a} {@value #STEPS} times from {@code v = a}, in {@code double}. About
 * 40 ns a step on one core of the 2-core machine of BENCHMARKS.md, against 8 bytes moved per element, so the
 * arithmetic, not the transfers, sets the time. The map is a contraction (its derivative is below 0.75 in
 * magnitude), so results differ from input to input and a last-bit difference in {@code sin} or {@code exp} does not
 * grow. Reads the input {@code a}, writes the output {@code b}.
 *
 * <p>A public named class with a public no-argument constructor, so that worker nodes can rebuild it by its class
 * name. Stateless; thread-safe.
 */
public final class TranscendentalKernel implements ElementKernel {
    /** Iterations of the map per element. */
    public static final int STEPS = 32;

    /** Nothing to set up. */
    public TranscendentalKernel() {
    }

    @Override
    public ElementBody bind(BoundArrays arrays) {
        FloatView in = arrays.floats("a");
        FloatView out = arrays.floats("b");
        return it -> out.set(it, apply(in.get(it)));
    }

    /** {@code f(a)}, rounded to {@code float}. */
    public static float apply(float a) {
        double v = a;
        for (int s = 0; s < STEPS; s++) {
            v = 0.5 * Math.sin(v) + 0.25 * Math.exp(-v * v) + a;
        }
        return (float) v;
    }
}

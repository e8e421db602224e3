package org.loopnest.perf.ratio;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The two vector forms of {@code x^y} that {@link VectorPowRatio} compares, over {@code float[]}s with
 * {@code FloatVector}s of the preferred species, one thread: {@code POW} lanewise, and {@code EXP(y·LOG(x))} (valid
 * for {@code x > 0} only). The last {@code n mod lanes} elements run scalar. Stateless.
 *
 * <p><b>Pitfalls:</b> links against {@code jdk.incubator.vector}: made only through {@link VectorOnly}.
 */
final class VectorPowLoops implements VectorPowRatio.Loops {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;

    /** The loops, for {@link VectorOnly#create}. */
    VectorPowLoops() {
    }

    @Override
    public int lanes() {
        return S.length();
    }

    @Override
    public void pow(float[] x, float[] y, float[] out) {
        int k = 0;
        for (int bound = S.loopBound(x.length); k < bound; k += S.length()) {
            FloatVector.fromArray(S, x, k).pow(FloatVector.fromArray(S, y, k)).intoArray(out, k);
        }
        for (; k < x.length; k++) {
            out[k] = (float) Math.pow(x[k], y[k]);
        }
    }

    @Override
    public void expLog(float[] x, float[] y, float[] out) {
        int k = 0;
        for (int bound = S.loopBound(x.length); k < bound; k += S.length()) {
            FloatVector.fromArray(S, x, k).lanewise(VectorOperators.LOG).mul(FloatVector.fromArray(S, y, k))
                    .lanewise(VectorOperators.EXP).intoArray(out, k);
        }
        for (; k < x.length; k++) {
            out[k] = (float) Math.exp(y[k] * (float) Math.log(x[k]));
        }
    }
}

package org.loopnest.internal.lang.jvm;

import java.util.LinkedHashMap;
import java.util.Map;
import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.KernelPath;

/**
 * Settles {@link KernelPath#AUTO} for one run: the vector path when the body's iterations in this JVM (earlier runs
 * of the same text, which warmed its vector code, plus this run's) reach {@link KernelPath#VECTOR_PAYS_FROM}, else
 * the scalar path with the reason for the report. Until the JIT compiler has compiled a vector body it runs interpreted
 * or through C1, both far slower than the scalar body, so a short run of a body new to the JVM is faster scalar.
 * Every run is counted, whichever path it takes, so a body run often enough moves to the vector path.
 *
 * <p><b>Thread safety:</b> thread-safe; the count is bounded to the {@value #REMEMBERED} bodies seen last.
 */
public final class PathChoice {
    /** How many bodies' counts are kept. */
    static final int REMEMBERED = 256;
    private static final Map<DeviceCode, Long> RUN = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<DeviceCode, Long> eldest) {
            return size() > REMEMBERED;
        }
    };

    private PathChoice() {
    }

    /**
     * The path a run takes, and why, if that is the scalar path by choice.
     *
     * @param path {@link KernelPath#VECTOR} or {@link KernelPath#SCALAR}
     * @param reason why {@code AUTO} chose the scalar path, for the report; {@code null} otherwise
     */
    public record Choice(KernelPath path, String reason) {
    }

    /**
     * {@return the path a run of {@code iterations} of {@code code} takes when {@code asked} for, counting the run}
     *
     * @param asked the path asked for
     * @param code the body's text
     * @param iterations the run's iterations
     */
    public static Choice choose(KernelPath asked, DeviceCode code, long iterations) {
        return choose(asked, code, iterations, KernelPath.VECTOR_PAYS_FROM);
    }

    /**
     * {@return the path a run of {@code iterations} of {@code code} takes when {@code asked} for, the vector path
     * paying
     * from {@code paysFrom} iterations ({@link KernelPath#VECTOR_PAYS_FROM}, or {@link
     * KernelPath#VECTOR_PAYS_FROM_COLUMNS} for a body that walks columns), counting the run}
     *
     * @param asked the path asked for
     * @param code the body's text
     * @param iterations the run's iterations
     * @param paysFrom the iterations (earlier runs in this JVM included) from which {@code AUTO} takes the vector path
     */
    public static Choice choose(KernelPath asked, DeviceCode code, long iterations, long paysFrom) {
        long before;
        synchronized (RUN) {
            before = RUN.getOrDefault(code, 0L);
            RUN.put(code, before + iterations);
        }
        if (asked != KernelPath.AUTO) {
            return new Choice(asked, null);
        }
        if (VectorSupport.unavailable().isPresent() || before + iterations >= paysFrom) {
            return new Choice(KernelPath.VECTOR, null); // without the module, the report says that instead
        }
        return new Choice(KernelPath.SCALAR, "a short run (" + iterations + " iterations"
                + (before > 0 ? ", " + before + " earlier in this JVM" : "") + "; the vector path repays the JIT's "
                + "warm-up from about " + paysFrom + "; kernel path vector forces it)");
    }
}

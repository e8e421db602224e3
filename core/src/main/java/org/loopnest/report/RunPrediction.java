package org.loopnest.report;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * What the planner's cost model predicted for a run, shown in the {@link RunReport} beside what happened:
 * {@code total = setup + fill + steady + drain}, and the per-chunk time of each engine that the prediction
 * came from (a full chunk). See docs/MODEL.md, "Chunk sizes from a cost model". Immutable.
 *
 * @param setup      once per run: copying the resident data in
 * @param fill       until the first chunk reaches the slowest engine
 * @param steady     the slowest engine's chunks, one period apart
 * @param drain      after the last chunk leaves the slowest engine
 * @param bottleneck the slowest engine ({@link Stage#COPY_IN}, {@link Stage#KERNEL} or {@link Stage#COPY_OUT})
 * @param copyIn     one full chunk's copy-in, fixed costs included
 * @param kernel     one full chunk's kernel, fixed costs included
 * @param copyOut    one full chunk's copy-out, fixed costs included
 * @param basis      where the costs come from and what was left out (e.g. "kernel rate unknown: not counted")
 * @param coversKernel whether the kernel's time is in it: its rate was known (given, or measured in this process);
 *                   without it the kernel counts only its per-chunk cost, far below what the run takes, so the
 *                   {@link RunReport} shows no predicted time ("no prediction: the kernel's rate is not known yet")
 */
public record RunPrediction(Duration setup, Duration fill, Duration steady, Duration drain, Stage bottleneck,
                            Duration copyIn, Duration kernel, Duration copyOut, String basis, boolean coversKernel) {
    /** What the report shows in place of a prediction that does not cover the kernel. */
    public static final String KERNEL_RATE_UNKNOWN = "no prediction: the kernel's rate is not known yet";

    /**
     * Checks that nothing is missing or negative.
     *
     * @param setup the resident copy
     * @param fill until the slowest engine starts
     * @param steady the slowest engine's chunks
     * @param drain after the slowest engine ends
     * @param bottleneck the slowest engine
     * @param copyIn one chunk's copy-in
     * @param kernel one chunk's kernel
     * @param copyOut one chunk's copy-out
     * @param basis where the costs come from
     * @param coversKernel whether the kernel's rate was known
     * @throws NullPointerException if a part, the bottleneck or the basis is missing
     * @throws IllegalArgumentException naming a negative part
     */
    public RunPrediction {
        Objects.requireNonNull(bottleneck, "bottleneck");
        Objects.requireNonNull(basis, "basis");
        String[] names = {"setup", "fill", "steady", "drain", "copyIn", "kernel", "copyOut"};
        Duration[] parts = {setup, fill, steady, drain, copyIn, kernel, copyOut};
        for (int i = 0; i < parts.length; i++) {
            Objects.requireNonNull(parts[i], names[i]);
            if (parts[i].isNegative()) {
                throw new IllegalArgumentException(names[i] + " = " + parts[i] + " (expected: >= 0)");
            }
        }
    }

    /**
     * A prediction that covers the kernel (its rate was known).
     *
     * @param setup the resident copy
     * @param fill until the slowest engine starts
     * @param steady the slowest engine's chunks
     * @param drain after the slowest engine ends
     * @param bottleneck the slowest engine
     * @param copyIn one chunk's copy-in
     * @param kernel one chunk's kernel
     * @param copyOut one chunk's copy-out
     * @param basis where the costs come from
     */
    public RunPrediction(Duration setup, Duration fill, Duration steady, Duration drain, Stage bottleneck,
                         Duration copyIn, Duration kernel, Duration copyOut, String basis) {
        this(setup, fill, steady, drain, bottleneck, copyIn, kernel, copyOut, basis, true);
    }

    /** {@return the predicted wall time: setup + fill + steady + drain} */
    public Duration total() {
        return setup.plus(fill).plus(steady).plus(drain);
    }

    /**
     * {@return one line: the total and its parts in milliseconds, the bottleneck, the per-chunk engine times and the
     * basis}
     */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s = setup %s + fill %s + steady %s + drain %s (slowest engine %s; per "
                        + "chunk copy-in %s, kernel %s, copy-out %s; %s)", ms(total()), ms(setup), ms(fill), ms(steady),
                ms(drain), bottleneck, ms(copyIn), ms(kernel), ms(copyOut), basis);
    }

    private static String ms(Duration d) {
        return String.format(Locale.ROOT, "%.3f ms", d.toNanos() / 1e6);
    }
}

package org.loopnest.perf.ratio;

import java.util.Locale;

/**
 * Two tasks timed side by side on the same data: a baseline (hand-written Java, {@code System.arraycopy}) and a
 * candidate (the LoopNest code path). Immutable.
 *
 * @param baselineName  what the baseline is, for the detail text
 * @param baseline      its measured nanoseconds
 * @param candidateName what the candidate is
 * @param candidate     its measured nanoseconds
 */
public record Comparison(String baselineName, Samples baseline, String candidateName, Samples candidate) {

    /**
     * Baseline time ÷ candidate time, by medians: equally, candidate throughput ÷ baseline throughput. 1.0 means
     * as fast as the baseline, above 1 faster.
     */
    public double ratio() {
        return baseline.median() / candidate.median();
    }

    /** Both times, e.g. {@code hand-written 10.00 ms (…) vs LoopNest 10.50 ms (…)}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s %s vs %s %s", baselineName, baseline.describeMillis(), candidateName,
                candidate.describeMillis());
    }
}

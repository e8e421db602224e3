package org.loopnest.perf.ratio;

import java.util.List;
import org.loopnest.perf.report.BenchResult;

/**
 * One side-by-side measurement that yields one or more rows. Runs on the calling thread (and whatever pools it
 * starts and stops itself), one after another with the others, never at the same time.
 */
public interface RatioRun {
    /** A short label for progress messages, e.g. {@code serializer}. */
    String label();

    /**
     * Builds the data, warms up, measures, checks that both sides computed the same thing, and returns the rows.
     *
     * @throws IllegalStateException if the two sides disagree (a ratio of different work would be meaningless)
     */
    List<BenchResult> run();
}

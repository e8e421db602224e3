package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.LoopNest;
import org.loopnest.report.RunReport;

/**
 * The time a run spends outside its report's wall, per timed side: what {@code run()} takes in all minus
 * {@link RunReport#wall()}, i.e. planning, creating the new output files, and the commit that forces them to disk and
 * moves them into place. Collects every round, warm-up rounds included; {@link #describe} reports the measured ones.
 * Not thread-safe: one measuring thread.
 */
final class Commits {
    private final List<List<Double>> outside = new ArrayList<>();

    /** Runs {@code nest} as side {@code side}, recording the time outside its wall. */
    RunReport run(int side, LoopNest nest) {
        while (outside.size() <= side) {
            outside.add(new ArrayList<>());
        }
        long start = System.nanoTime();
        RunReport r = nest.run();
        outside.get(side).add((double) (System.nanoTime() - start - r.wall().toNanos()));
        return r;
    }

    /** {@return side {@code side}'s time outside the wall over the measured rounds of {@code rounds}, as text} */
    String describe(int side, Rounds rounds) {
        List<Double> all = outside.get(side);
        double[] measured = all.subList(all.size() - rounds.measured(), all.size()).stream()
                .mapToDouble(Double::doubleValue).toArray();
        return "outside the run's wall (planning, new files, commit: fsync and move): "
                + new Samples(measured).describeMillis();
    }
}

package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * How many times to run a task: {@code warmup} unmeasured rounds (to let the JIT compile the hot code), then
 * {@code measured} rounds whose median a figure reports.
 *
 * @param warmup   unmeasured rounds, {@code >= 0}
 * @param measured measured rounds, {@code >= 1}
 */
public record Rounds(int warmup, int measured) {

    /** Checks the counts. */
    public Rounds {
        if (warmup < 0) {
            throw new IllegalArgumentException("warmup rounds = " + warmup + " (expected: >= 0)");
        }
        if (measured < 1) {
            throw new IllegalArgumentException("measured rounds = " + measured + " (expected: >= 1)");
        }
    }

    /**
     * Times several tasks side by side: every round runs each task once, in the given order, so that a drift of
     * the machine (frequency, other load) hits all of them alike.
     *
     * @return the measured nanoseconds of each task, in the order of {@code tasks}
     */
    public List<Samples> interleave(List<Runnable> tasks) {
        for (int round = 0; round < warmup; round++) {
            tasks.forEach(Runnable::run);
        }
        double[][] nanos = new double[tasks.size()][measured];
        for (int round = 0; round < measured; round++) {
            for (int t = 0; t < tasks.size(); t++) {
                long start = System.nanoTime();
                tasks.get(t).run();
                nanos[t][round] = System.nanoTime() - start;
            }
        }
        List<Samples> out = new ArrayList<>();
        for (double[] n : nanos) {
            out.add(new Samples(n));
        }
        return out;
    }

    /** Runs {@code task} for the warm-up rounds, then returns what each measured round gave. */
    public <T> List<T> collect(Supplier<T> task) {
        for (int round = 0; round < warmup; round++) {
            task.get();
        }
        List<T> out = new ArrayList<>();
        for (int round = 0; round < measured; round++) {
            out.add(task.get());
        }
        return out;
    }
}

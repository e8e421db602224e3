package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
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
        return interleave(tasks, tasks.stream().map(t -> (Runnable) () -> { }).toList());
    }

    /**
     * Times several tasks side by side as {@link #interleave(List)} does, each right after its own untimed
     * preparation (deleting the output of the task's last round, reading its input so that the page cache holds it):
     * every round, warm-up rounds included, runs {@code before.get(t)} and then {@code tasks.get(t)} for each
     * {@code t} in order; only the task is timed.
     *
     * @param tasks  the timed tasks
     * @param before one untimed preparation per task, in the same order
     * @return the measured nanoseconds of each task, in the order of {@code tasks}
     * @throws IllegalArgumentException if the two lists differ in length
     */
    public List<Samples> interleave(List<Runnable> tasks, List<Runnable> before) {
        if (before.size() != tasks.size()) {
            throw new IllegalArgumentException(before.size() + " preparations for " + tasks.size()
                    + " tasks (expected: one per task)");
        }
        List<LongSupplier> timed = new ArrayList<>();
        for (int t = 0; t < tasks.size(); t++) {
            Runnable task = tasks.get(t);
            Runnable preparation = before.get(t);
            timed.add(() -> {
                preparation.run();
                long start = System.nanoTime();
                task.run();
                return System.nanoTime() - start;
            });
        }
        return interleaveTimed(timed);
    }

    /**
     * Times several tasks side by side as {@link #interleave(List)} does, each task reporting its own time: for a
     * task whose work is timed elsewhere, e.g. in a child process that times only its computation. Every round runs
     * each task once, in order; warm-up rounds' answers are dropped.
     *
     * @param tasks tasks that each return the nanoseconds their measured work took ({@code >= 0})
     * @return the measured nanoseconds of each task, in the order of {@code tasks}
     * @throws IllegalStateException if a task reports a negative time
     */
    public List<Samples> interleaveTimed(List<LongSupplier> tasks) {
        for (int round = 0; round < warmup; round++) {
            for (LongSupplier task : tasks) {
                task.getAsLong();
            }
        }
        double[][] nanos = new double[tasks.size()][measured];
        for (int round = 0; round < measured; round++) {
            for (int t = 0; t < tasks.size(); t++) {
                long n = tasks.get(t).getAsLong();
                if (n < 0) {
                    throw new IllegalStateException("task " + t + " of " + tasks.size() + " took " + n
                            + " ns in measured round " + round + " (expected: >= 0)");
                }
                nanos[t][round] = n;
            }
        }
        List<Samples> out = new ArrayList<>();
        for (double[] n : nanos) {
            out.add(new Samples(n));
        }
        return out;
    }

    /**
     * Runs {@code task} {@code times} times on its own, untimed: a warm-up before interleaved rounds for a task whose
     * code the JIT compiles late when other tasks fill the compiler's queue. A vector body is such a task: on 2 cores
     * the weather body's C2 compile came after about 6 s of running it alone (about 12 runs), and only after 35 s
     * when it was interleaved with four scalar sides, its runs until then 2.5 to 3 times slower (measured with
     * {@code -Xlog:jit+compilation=debug}).
     *
     * @throws IllegalArgumentException if {@code times < 0}
     */
    public static void warmAlone(Runnable task, int times) {
        if (times < 0) {
            throw new IllegalArgumentException("warm-up runs = " + times + " (expected: >= 0)");
        }
        for (int i = 0; i < times; i++) {
            task.run();
        }
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

package org.loopnest.perf.ratio;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The processor time this JVM spends while each timed side runs (all its threads: the coordinator, the in-process
 * nodes, the relays, the collector and the compiler), as {@code com.sun.management.OperatingSystemMXBean} counts it.
 * On a machine whose cores the sides fill, it says what bounds a side: {@code cpu ÷ cores} is the least time it can
 * take. Collects every round, warm-up rounds included; {@link #measured} gives the measured ones. Not thread-safe: one
 * measuring thread.
 */
final class CpuTimes {
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final List<List<Double>> nanos = new ArrayList<>();

    /** Runs {@code task} as side {@code side}, recording the processor time it took. */
    void run(int side, Runnable task) {
        while (nanos.size() <= side) {
            nanos.add(new ArrayList<>());
        }
        long start = os.getProcessCpuTime();
        task.run();
        nanos.get(side).add((double) (os.getProcessCpuTime() - start));
    }

    /** {@return side {@code side}'s processor nanoseconds over the measured rounds of {@code rounds}} */
    Samples measured(int side, Rounds rounds) {
        List<Double> all = nanos.get(side);
        return new Samples(all.subList(all.size() - rounds.measured(), all.size()).stream()
                .mapToDouble(Double::doubleValue).toArray());
    }
}

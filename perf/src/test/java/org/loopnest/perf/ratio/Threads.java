package org.loopnest.perf.ratio;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The live threads of a test, and those it left behind, waited for with a bound (no sleeps). The JDK's
 * {@value #REAPER} (started for the first child process, such as {@code sync}, and kept for later ones) does not
 * count.
 */
final class Threads {
    private static final long WAIT_SECONDS = 10;
    private static final String REAPER = "process reaper";

    private Threads() {
    }

    /** {@return the live threads now} */
    static Set<Thread> live() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && !REAPER.equals(t.getName()))
                .collect(Collectors.toSet());
    }

    /**
     * The names of the threads alive now that were not in {@code before}, once none are left or
     * {@value #WAIT_SECONDS} s have passed (a pool's thread may take a moment to end after its pool shut down).
     */
    static Set<String> leftSince(Set<Thread> before) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            Set<Thread> left = live().stream().filter(t -> !before.contains(t)).collect(Collectors.toSet());
            if (left.isEmpty() || System.nanoTime() > deadline) {
                return left.stream().map(Thread::getName).collect(Collectors.toSet());
            }
            left.iterator().next().join(100);
        }
    }
}

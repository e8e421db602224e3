package org.loopnest.cluster;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** The live threads of a test, waited for: no sleeps, each thread joined with a bound. */
final class LiveThreads {
    private LiveThreads() {
    }

    /**
     * The names of the live threads whose name starts with {@code prefix}, once none are left or {@code seconds}
     * have passed.
     */
    static Set<String> startingWith(String prefix, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            Set<Thread> live = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
                    .collect(Collectors.toSet());
            if (live.isEmpty() || System.nanoTime() > deadline) {
                return live.stream().map(Thread::getName).collect(Collectors.toSet());
            }
            live.iterator().next().join(100);
        }
    }
}

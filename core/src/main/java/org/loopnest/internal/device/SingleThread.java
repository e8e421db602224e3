package org.loopnest.internal.device;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An executor of one daemon thread, started at once rather than at the first task, so that a device's engines have
 * their threads from the moment the device opens and no operation of a run starts one. Otherwise what
 * {@link java.util.concurrent.Executors#newSingleThreadExecutor} gives: tasks run one after the other, in order.
 */
public final class SingleThread {
    private SingleThread() {
    }

    /**
     * A started single-thread executor.
     *
     * @param threadName the thread's name
     * @param made told of the thread when it is made (before it starts), e.g. to keep it for a later join
     * @return the executor; shut it down to stop the thread
     */
    public static ExecutorService started(String threadName, Consumer<Thread> made) {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, threadName);
                    t.setDaemon(true);
                    made.accept(t);
                    return t;
                });
        executor.prestartCoreThread();
        return executor;
    }
}

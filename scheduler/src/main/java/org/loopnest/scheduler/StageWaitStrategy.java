package org.loopnest.scheduler;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;
import org.loopnest.report.Stage;

/**
 * A wait strategy that blocks — never spins — both for the producer's cursor and for the stage in front, and
 * wakes only the stage that waits for the one that moved.
 *
 * <p>Disruptor's own {@code BlockingWaitStrategy} blocks only on the cursor and busy-spins while the stage in
 * front is still working. A chunk stage works for milliseconds, so four stages spinning behind each other would
 * take whole cores from the kernel. Here each stage sleeps on the monitor of the stage in front of it (the first
 * stage on the cursor's), which that stage notifies as soon as it releases a slot ({@link #released}); the
 * producer's publish notifies the cursor's monitor ({@link #signalAllWhenBlocking()}), a halt every monitor
 * ({@link #wakeAll()}).
 */
final class StageWaitStrategy implements WaitStrategy {
    private final Object cursorMonitor = new Object();
    private final Object[] stageMonitors = new Object[Stage.values().length];
    private final ThreadLocal<Object> waitsOn = ThreadLocal.withInitial(() -> cursorMonitor);

    StageWaitStrategy() {
        for (int s = 0; s < stageMonitors.length; s++) {
            stageMonitors[s] = new Object();
        }
    }

    /** Called by a stage's thread when it starts: from now on it waits for {@code upstream} (null: the cursor). */
    void waitFor(Stage upstream) {
        waitsOn.set(upstream == null ? cursorMonitor : stageMonitors[upstream.ordinal()]);
    }

    /** Called by a stage after it has released a slot: wakes the stage behind it. */
    void released(Stage stage) {
        notifyAll(stageMonitors[stage.ordinal()]);
    }

    @Override
    public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence, SequenceBarrier barrier)
            throws AlertException, InterruptedException {
        long available = dependentSequence.get();
        if (available >= sequence) {
            return available;
        }
        Object monitor = waitsOn.get();
        synchronized (monitor) {
            while ((available = dependentSequence.get()) < sequence) {
                barrier.checkAlert();
                try {
                    monitor.wait();
                } catch (InterruptedException e) {
                    // a pipeline closing halts before it interrupts: end quietly; any other interrupt (left by user
                    // code on this thread) must not kill a stage that serves every later run of the device
                    barrier.checkAlert();
                }
            }
        }
        return available;
    }

    /**
     * Called by the ring on every publish (and on a halt): wakes only the first stage, the one waiting for the
     * cursor. The other stages wait for the stage in front of them, which wakes them itself ({@link #released});
     * waking them here too would cost each published chunk four needless thread wake-ups. A halt wakes them with
     * {@link #wakeAll()}.
     */
    @Override
    public void signalAllWhenBlocking() {
        notifyAll(cursorMonitor);
    }

    /** Wakes every waiting stage, so that each sees the halt (called by the pipeline when it closes). */
    void wakeAll() {
        notifyAll(cursorMonitor);
        for (Object monitor : stageMonitors) {
            notifyAll(monitor);
        }
    }

    private static void notifyAll(Object monitor) {
        synchronized (monitor) {
            monitor.notifyAll();
        }
    }
}

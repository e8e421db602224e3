package org.loopnest.scheduler;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;

/**
 * A wait strategy that blocks — never spins — both for the producer's cursor and for the stage in front.
 *
 * <p>Disruptor's own {@code BlockingWaitStrategy} blocks only on the cursor and busy-spins while the stage in
 * front is still working. A chunk stage works for milliseconds, so four stages spinning behind each other would
 * take whole cores from the kernel. Here every waiter sleeps on one monitor, woken by the producer's publish
 * (through {@link #signalAllWhenBlocking()}), by each stage as soon as it releases a slot, and by a halt.
 */
final class StageWaitStrategy implements WaitStrategy {
    private final Object monitor = new Object();

    @Override
    public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence, SequenceBarrier barrier)
            throws AlertException, InterruptedException {
        long available = dependentSequence.get();
        if (available >= sequence) {
            return available;
        }
        synchronized (monitor) {
            while ((available = dependentSequence.get()) < sequence) {
                barrier.checkAlert();
                monitor.wait();
            }
        }
        return available;
    }

    @Override
    public void signalAllWhenBlocking() {
        synchronized (monitor) {
            monitor.notifyAll();
        }
    }
}

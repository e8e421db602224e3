package org.loopnest.internal.cuda;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The faults a test has armed on a {@link StandInDriver}: each fires once, at the n-th call of its kind after it was
 * armed, and is then spent.
 *
 * <p><b>Threading:</b> thread-safe; concurrent calls are counted in the order they reach the counter.
 */
final class StandInFaults {
    /** One fault: the calls left until it fires, 0 when disarmed or spent. */
    static final class Countdown {
        private final AtomicInteger remaining = new AtomicInteger();

        /**
         * Fires at the {@code nth} call of {@link #fires()} from now.
         *
         * @param nth from 1
         * @throws IllegalArgumentException if {@code nth} is below 1
         */
        void arm(int nth) {
            if (nth < 1) {
                throw new IllegalArgumentException("nth = " + nth + " (expected: 1 or more)");
            }
            remaining.set(nth);
        }

        /** {@return whether this call is the one the fault was armed for} */
        boolean fires() {
            return remaining.getAndUpdate(n -> n > 0 ? n - 1 : 0) == 1;
        }
    }

    /** Device allocations: out of memory. */
    final Countdown allocation = new Countdown();
    /** Launch calls: the call fails. */
    final Countdown launch = new Countdown();
    /** Work issued on streams (copies and launches): fails on its stream. */
    final Countdown streamWork = new Countdown();
}

package org.loopnest.perf.ratio;

import java.util.Deque;

/**
 * Closes what a bench opened, last opened first, each whatever happens to the others. Stateless.
 */
final class Closing {
    private Closing() {
    }

    /**
     * Pops and closes everything in {@code open}.
     *
     * @param open what was opened, the last on top
     * @param label how a failure's message starts, e.g. {@code cluster scaling}
     * @throws IllegalStateException {@code LABEL: closing …} for the first failure, after closing the rest
     */
    static void lastFirst(Deque<? extends AutoCloseable> open, String label) {
        RuntimeException first = null;
        while (!open.isEmpty()) {
            try {
                open.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = new IllegalStateException(label + ": closing " + e, e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}

package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * How the hand-written baselines parallelise: rows {@code [0, rows)} cut into {@value #BLOCKS_PER_THREAD} blocks
 * per thread (as many as the LoopNest CPU device cuts a chunk into, so that load balances alike), run on a fixed
 * pool, waited for. Stateless.
 */
final class RowBlocks {
    /** Blocks per thread. */
    static final int BLOCKS_PER_THREAD = 8;

    /** The work on rows {@code [first, last)}. */
    interface Rows {
        void run(int first, int last);
    }

    private RowBlocks() {
    }

    /**
     * Runs {@code work} over every block of rows on {@code pool} and waits for all of them.
     *
     * @param what how failures name the baseline, e.g. {@code hand-written copy}
     * @throws IllegalStateException if a block fails or the waiting thread is interrupted
     */
    static void run(ExecutorService pool, int threads, int rows, String what, Rows work) {
        int block = Math.max(1, (rows + threads * BLOCKS_PER_THREAD - 1) / (threads * BLOCKS_PER_THREAD));
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int from = 0; from < rows; from += block) {
            int first = from;
            int last = Math.min(rows, from + block);
            tasks.add(() -> {
                work.run(first, last);
                return null;
            });
        }
        try {
            for (Future<Void> f : pool.invokeAll(tasks)) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(what + " failed", e.getCause());
        }
    }
}

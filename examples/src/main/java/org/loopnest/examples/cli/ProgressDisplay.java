package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import org.loopnest.scheduler.ProgressListener;

/**
 * A progress bar of chunks on the error stream that appears only once a run has taken longer than a delay (one
 * second by default), so that fast runs print nothing extra. Give it to {@code LoopNest.onProgress} and close it
 * when the run ends, however it ends.
 *
 * <p><b>Threading:</b> {@link #chunkDone} is called on a pipeline thread, {@link #close} on the caller's; both are
 * synchronized. The bar redraws itself on the progress bar library's daemon thread.
 */
public final class ProgressDisplay implements ProgressListener, AutoCloseable {
    /** How long a run goes before the bar appears. */
    public static final Duration DEFAULT_DELAY = Duration.ofSeconds(1);
    private static final int WIDTH = 100;

    private final PrintWriter err;
    private final String task;
    private final long delayNanos;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final boolean enabled;
    private ProgressBar bar;
    private WriterConsumer consumer;
    private boolean closed;

    /**
     * A display for {@code task} on {@code err} with the default delay and the system clock, shown only in an
     * interactive session (a console is attached), so that logs of redirected output stay free of redraws.
     */
    public static ProgressDisplay interactive(PrintWriter err, String task) {
        return new ProgressDisplay(err, task, DEFAULT_DELAY, System::nanoTime, System.console() != null);
    }

    /**
     * A display with the given delay and clock ({@code System.nanoTime} or a stand-in for tests).
     *
     * @param enabled false for a display that never shows
     */
    public ProgressDisplay(PrintWriter err, String task, Duration delay, LongSupplier nanoClock, boolean enabled) {
        this.enabled = enabled;
        this.err = err;
        this.task = task;
        this.delayNanos = delay.toNanos();
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
    }

    @Override
    public synchronized void chunkDone(long done, long total) {
        if (closed || !enabled) {
            return;
        }
        long elapsed = nanoClock.getAsLong() - startNanos;
        if (bar == null && elapsed >= delayNanos) {
            consumer = new WriterConsumer(err);
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setUnit(" chunks", 1)
                    .startsFrom(0, Duration.ofNanos(elapsed)).setUpdateIntervalMillis(250).setConsumer(consumer)
                    .build();
        }
        if (bar != null) {
            bar.stepTo(done);
        }
    }

    /** Whether the bar has appeared. */
    public synchronized boolean shown() {
        return bar != null;
    }

    /** Draws the bar a last time and ends its line, if it appeared. Idempotent. */
    @Override
    public synchronized void close() {
        if (!closed && bar != null) {
            bar.close();
            consumer.close();
        }
        closed = true;
    }

    /**
     * Draws on a writer with carriage returns, at a fixed width, without probing the terminal. Closing twice
     * ends the line once: the library skips closing its consumer when the bar is closed before its first redraw.
     */
    private static final class WriterConsumer implements ProgressBarConsumer {
        private final PrintWriter out;
        private boolean ended;

        WriterConsumer(PrintWriter out) {
            this.out = out;
        }

        @Override
        public int getMaxRenderedLength() {
            return WIDTH;
        }

        @Override
        public void accept(String rendered) {
            out.print('\r' + rendered);
            out.flush();
        }

        @Override
        public synchronized void close() {
            if (!ended) {
                ended = true;
                out.println();
                out.flush();
            }
        }
    }
}

package org.loopnest.perf.ratio;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * A hand-written weather loop, a baseline of the weather rows: the flattened outer loops {@code (t, z, y)} cut into
 * blocks of rows ({@link RowBlocks}) on a fixed pool of daemon threads of its own, each block computed by
 * {@link #rows}. Close it to stop the pool's threads.
 */
abstract class WeatherLoop implements AutoCloseable {
    private final ExecutorService pool;
    private final int threads;
    private final String name;

    /**
     * @param threads the pool's threads
     * @param name    what the loop is, for the threads' names and failures, e.g. {@code hand-written weather loop}
     */
    WeatherLoop(int threads, String name) {
        this.threads = threads;
        this.name = name;
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Computes the outputs of {@code fields} into {@code outputs} (in {@link WeatherOutput} order). */
    final void run(WeatherFields fields, float[][] outputs) {
        GridShape s = fields.shape();
        RowBlocks.run(pool, threads, s.t() * s.z() * s.y(), name, (first, last) -> rows(fields, outputs, first, last));
    }

    /**
     * Computes the outputs of the rows {@code [firstRow, endRow)} of the flattened {@code (t, z, y)} loops, each row
     * {@code x} points; called on the pool's threads, one block of rows a call.
     */
    abstract void rows(WeatherFields fields, float[][] outputs, int firstRow, int endRow);

    /** Stops the pool's threads. */
    @Override
    public void close() {
        pool.shutdownNow();
    }

    /**
     * {@return the hand-written Vector API loop ({@code HandVectorWeather}) on {@code threads} threads, or empty
     * where this JVM cannot run it ({@link VectorOnly#unavailable()} says why)}
     */
    static Optional<WeatherLoop> handVector(int threads) {
        return VectorOnly.create("HandVectorWeather", WeatherLoop.class, threads);
    }
}

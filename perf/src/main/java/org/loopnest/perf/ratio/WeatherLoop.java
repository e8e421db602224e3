package org.loopnest.perf.ratio;

import java.util.Optional;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * A hand-written weather loop, a baseline of the weather rows: computes the eight outputs of {@link WeatherFields}
 * on a pool of its own. Close it to stop the pool's threads.
 */
interface WeatherLoop extends AutoCloseable {
    /** Computes the outputs of {@code fields} into {@code outputs} (in {@link WeatherOutput} order). */
    void run(WeatherFields fields, float[][] outputs);

    /** Stops the pool's threads. */
    @Override
    void close();

    /**
     * {@return the hand-written Vector API loop ({@code HandVectorWeather}) on {@code threads} threads, or empty
     * where this JVM cannot run it ({@link VectorOnly#unavailable()} says why)}
     */
    static Optional<WeatherLoop> handVector(int threads) {
        return VectorOnly.create("HandVectorWeather", WeatherLoop.class, threads);
    }
}

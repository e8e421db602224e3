package org.loopnest.perf.ratio;

import java.lang.reflect.InvocationTargetException;
import java.util.Optional;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.internal.lang.vector.VectorSupport;

/**
 * A hand-written weather loop, a baseline of the weather rows: computes the eight outputs of {@link WeatherFields}
 * on a pool of its own. Close it to stop the pool's threads.
 */
interface WeatherLoop extends AutoCloseable {
    /** The class of the Vector API loop, named so that no class of the other rows links against it. */
    String HAND_VECTOR = "org.loopnest.perf.ratio.HandVectorWeather";

    /** Computes the outputs of {@code fields} into {@code outputs} (in {@link WeatherOutput} order). */
    void run(WeatherFields fields, float[][] outputs);

    /** Stops the pool's threads. */
    @Override
    void close();

    /**
     * {@return the hand-written Vector API loop ({@code HandVectorWeather}) on {@code threads} threads, or empty
     * where this JVM cannot run it ({@link #vectorUnavailable()} says why)}
     *
     * <p>The class is loaded by name only here, after the check: it links against {@code jdk.incubator.vector},
     * which a JVM started without {@code --add-modules jdk.incubator.vector} cannot resolve.
     */
    static Optional<WeatherLoop> handVector(int threads) {
        if (vectorUnavailable().isPresent()) {
            return Optional.empty();
        }
        try {
            return Optional.of((WeatherLoop) Class.forName(HAND_VECTOR).getDeclaredConstructor(int.class)
                    .newInstance(threads));
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot start " + HAND_VECTOR, e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load " + HAND_VECTOR, e);
        }
    }

    /** {@return why this JVM cannot run Vector API code (the module absent, no SIMD), or empty if it can} */
    static Optional<String> vectorUnavailable() {
        return VectorSupport.unavailable();
    }
}

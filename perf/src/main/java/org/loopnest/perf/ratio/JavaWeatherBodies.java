package org.loopnest.perf.ratio;

import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;

/**
 * The weather loop with Java bodies that call {@link WeatherFormulas#point}, for comparing the Java-lambda forms
 * with the one kernel-language body ({@link WeatherNest#nest}) in the benchmarks: per element and per block. Same
 * results bit for bit as the body and the sequential loop. Stateless; each bind makes its own scratch array.
 */
public final class JavaWeatherBodies {
    private JavaWeatherBodies() {
    }

    /** {@return the weather nest over {@code f} with a per-element Java body} */
    public static LoopNest perElement(WeatherFields f) {
        return WeatherNest.withArrays(f).kernel(new PerElement());
    }

    /**
     * {@return the weather nest over {@code f} with a per-block Java body: a counted loop over each run of the
     * innermost index, so that the JIT compiles loop and body together}
     */
    public static LoopNest perBlock(WeatherFields f) {
        return WeatherNest.withArrays(f).blockKernel(arrays -> {
            FloatView temperature = arrays.floats("T");
            FloatView humidity = arrays.floats("q");
            FloatView pressure = arrays.floats("p");
            FloatView[] outputs = outputs(arrays);
            float[] point = new float[WeatherOutput.COUNT];
            return cursor -> {
                while (cursor.valid()) {
                    int n = cursor.runLength();
                    for (int k = 0; k < n; k++) {
                        WeatherFormulas.point(temperature.get(cursor, k), humidity.get(cursor, k),
                                pressure.get(cursor, k), point);
                        for (int o = 0; o < point.length; o++) {
                            outputs[o].set(cursor, k, point[o]);
                        }
                    }
                    cursor.advance(n);
                }
            };
        });
    }

    private static FloatView[] outputs(BoundArrays arrays) {
        FloatView[] outputs = new FloatView[WeatherOutput.COUNT];
        for (WeatherOutput o : WeatherOutput.values()) {
            outputs[o.ordinal()] = arrays.floats(o.key());
        }
        return outputs;
    }

    /** The per-element body, a named class (as worker nodes would need). */
    public static final class PerElement implements ElementKernel {
        /** The body; stateless. */
        public PerElement() {
        }

        @Override
        public ElementBody bind(BoundArrays arrays) {
            FloatView temperature = arrays.floats("T");
            FloatView humidity = arrays.floats("q");
            FloatView pressure = arrays.floats("p");
            FloatView[] outputs = outputs(arrays);
            float[] point = new float[WeatherOutput.COUNT];
            return it -> {
                WeatherFormulas.point(temperature.get(it), humidity.get(it), pressure.get(it), point);
                for (int o = 0; o < point.length; o++) {
                    outputs[o].set(it, point[o]);
                }
            };
        }
    }
}

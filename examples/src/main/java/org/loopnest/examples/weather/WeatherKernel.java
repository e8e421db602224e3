package org.loopnest.examples.weather;

import org.loopnest.data.FloatView;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;

/**
 * The weather loop's Java body, per element: {@link WeatherFormulas#point} of {@code T}, {@code q} and {@code p}
 * into the eight outputs. A named class with a public no-argument constructor, so that worker nodes can load it by
 * name. Stateless; each {@link #bind} makes its own scratch array.
 */
public final class WeatherKernel implements ElementKernel {
    /** The kernel; nodes make it by reflection. */
    public WeatherKernel() {
    }

    @Override
    public ElementBody bind(BoundArrays arrays) {
        FloatView temperature = arrays.floats("T");
        FloatView humidity = arrays.floats("q");
        FloatView pressure = arrays.floats("p");
        FloatView[] outputs = WeatherNest.outputs(arrays);
        float[] point = new float[WeatherOutput.COUNT];
        return it -> {
            WeatherFormulas.point(temperature.get(it), humidity.get(it), pressure.get(it), point);
            for (int o = 0; o < point.length; o++) {
                outputs[o].set(it, point[o]);
            }
        };
    }
}

package org.loopnest.examples.weather;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Values a file uses for "no data" that the weather loop's own rule ({@link WeatherFormulas#isMissing}: NaN or
 * {@code <=} {@link WeatherFormulas#MISSING_BELOW}) does not catch, per input: a GrADS {@code UNDEF} of
 * {@code -999}, say, or a NetCDF {@code _FillValue} of {@code 9.96921e36}. {@link WeatherBody#code} tests them in
 * the kernel; {@link #temperatureOrNaN}/{@link #humidityOrNaN} apply them on the JVM for the reference loop.
 *
 * <p>Only markers the rule misses are kept (NaN and values {@code <= −1e30} are dropped), so {@link #none()} says
 * whether the plain {@link WeatherBody#CODE} does. Immutable (arrays copied in and out); thread-safe.
 */
public final class MissingMarkers {
    /** No extra markers: the rule alone. */
    public static final MissingMarkers NONE = new MissingMarkers(new float[0], new float[0]);

    private final float[] temperature;
    private final float[] humidity;

    private MissingMarkers(float[] temperature, float[] humidity) {
        this.temperature = temperature;
        this.humidity = humidity;
    }

    /**
     * Markers for each input; those the rule catches already are dropped, repeats kept once.
     *
     * @param temperature the values meaning "no data" in {@code T}
     * @param humidity the values meaning "no data" in {@code q}
     * @return the markers
     */
    public static MissingMarkers of(float[] temperature, float[] humidity) {
        return new MissingMarkers(uncaught(temperature), uncaught(humidity));
    }

    private static float[] uncaught(float[] values) {
        float[] kept = new float[values.length];
        int n = 0;
        for (float v : values) {
            if (!WeatherFormulas.isMissing(v) && IntStream.range(0, n).noneMatch(i -> kept[i] == v)) {
                kept[n++] = v;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    /** {@return whether neither input has a marker the rule misses} */
    public boolean none() {
        return temperature.length == 0 && humidity.length == 0;
    }

    /** {@return the extra markers of {@code T}, a copy} */
    public float[] temperature() {
        return temperature.clone();
    }

    /** {@return the extra markers of {@code q}, a copy} */
    public float[] humidity() {
        return humidity.clone();
    }

    /**
     * {@return {@code value}, or NaN if it is one of {@code T}'s markers}
     *
     * @param value a value of {@code T}
     */
    public float temperatureOrNaN(float value) {
        return orNaN(value, temperature);
    }

    /**
     * {@return {@code value}, or NaN if it is one of {@code q}'s markers}
     *
     * @param value a value of {@code q}
     */
    public float humidityOrNaN(float value) {
        return orNaN(value, humidity);
    }

    private static float orNaN(float value, float[] markers) {
        for (float m : markers) {
            if (value == m) {
                return Float.NaN;
            }
        }
        return value;
    }

    /** {@return e.g. {@code T = -999.0, q = -999.0 also missing}, or {@code none} } */
    @Override
    public String toString() {
        return none() ? "none" : "T = " + Arrays.toString(temperature) + ", q = " + Arrays.toString(humidity)
                + " also missing";
    }
}

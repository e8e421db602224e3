package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The arrays of one weather run: inputs {@code T} (K) and {@code q} (kg/kg), row-major {@code [t][z][y][x]}; the
 * pressure of each level (hPa); and the eight outputs of {@link WeatherOutput}, same layout as the inputs,
 * allocated here and filled by a run.
 *
 * <p><b>Ownership:</b> the arrays are shared, not copied, in both directions: this is a bundle of large
 * arrays, not a value. Not thread-safe; a run writes the outputs from several threads, one element each.
 */
public final class WeatherFields {
    private final GridShape shape;
    private final float[] temperature;
    private final float[] humidity;
    private final float[] levels;
    private final float[][] outputs = new float[WeatherOutput.COUNT][];

    private WeatherFields(GridShape shape, float[] temperature, float[] humidity, float[] levels) {
        this.shape = shape;
        this.temperature = temperature;
        this.humidity = humidity;
        this.levels = levels;
        for (int o = 0; o < outputs.length; o++) {
            outputs[o] = new float[shape.points()];
        }
    }

    /**
     * Fields over the given arrays, with zeroed outputs.
     *
     * @throws IllegalArgumentException if an array's length does not match the shape or a level is not a
     *     positive, finite pressure
     */
    public static WeatherFields of(GridShape shape, float[] temperature, float[] humidity, float[] levels) {
        checkLength("T", temperature, shape.points());
        checkLength("q", humidity, shape.points());
        checkLevels(levels, shape.z());
        return new WeatherFields(shape, temperature, humidity, levels);
    }

    /**
     * Synthetic fields of shape {@code t,z,y,x} at the {@link #defaultLevels default levels}; see
     * {@link #synthetic(GridShape, float[], long)}.
     */
    public static WeatherFields synthetic(int t, int z, int y, int x, long seed) {
        return synthetic(new GridShape(t, z, y, x), defaultLevels(z), seed);
    }

    /**
     * Plausible fields made from {@code seed}, the same for the same arguments: T from about 200 to 310 K
     * falling with height, q from 0 to 0.02 kg/kg falling with height, and a few points missing (GrADS
     * undefined value) or with {@code q = 0}.
     */
    public static WeatherFields synthetic(GridShape shape, float[] levels, long seed) {
        checkLevels(levels, shape.z());
        float[] temperature = new float[shape.points()];
        float[] humidity = new float[shape.points()];
        SyntheticWeather.fill(shape, levels, seed, temperature, humidity);
        return new WeatherFields(shape, temperature, humidity, levels.clone());
    }

    /**
     * Fields read from raw little-endian float32 files laid out {@code [t][z][y][x]}. Both sizes are checked
     * before either file is read.
     *
     * @throws IllegalArgumentException if a file's size is not {@code 4·t·z·y·x} bytes (the message names the
     *     expected bytes) or the levels do not match
     * @throws IOException if a file cannot be read
     */
    public static WeatherFields fromFiles(Path t, Path q, GridShape shape, float[] levels) throws IOException {
        checkLevels(levels, shape.z());
        RawFloats.checkSize(t, shape.points(), "T file");
        RawFloats.checkSize(q, shape.points(), "q file");
        float[] temperature = new float[shape.points()];
        float[] humidity = new float[shape.points()];
        RawFloats.read(t, temperature);
        RawFloats.read(q, humidity);
        return new WeatherFields(shape, temperature, humidity, levels.clone());
    }

    /**
     * The number of float32 fields a weather run holds at once: {@code T}, {@code q} and the eight outputs,
     * plus, when {@code verifying}, the eight reference outputs of {@link WeatherNest#verify}.
     */
    public static int fieldCount(boolean verifying) {
        return 2 + WeatherOutput.COUNT + (verifying ? WeatherOutput.COUNT : 0);
    }

    /**
     * The heap, in bytes, that the arrays of a weather run of {@code shape} take: {@link #fieldCount} fields, and
     * when {@code verifying} one more byte per point for the comparison. Buffers of a device and the JVM's own
     * use come on top.
     */
    public static long heapBytes(GridShape shape, boolean verifying) {
        return fieldCount(verifying) * shape.fieldBytes() + (verifying ? shape.points() : 0);
    }

    /**
     * The default pressure levels in hPa: 1000, 850, 700, 500, 300, 200, 100 for {@code z = 7}, else {@code z}
     * levels evenly spaced in log-pressure from 1000 to 100 hPa.
     */
    public static float[] defaultLevels(int z) {
        return SyntheticWeather.defaultLevels(z);
    }

    /**
     * Checks that there is one positive, finite pressure per level.
     *
     * @throws IllegalArgumentException saying how many were given and how many expected, or which is bad
     */
    public static void checkLevels(float[] levels, int z) {
        if (levels.length != z) {
            throw new IllegalArgumentException("levels: " + levels.length + " given (expected: " + z
                    + ", one pressure in hPa per z level)");
        }
        for (int k = 0; k < levels.length; k++) {
            if (!(levels[k] > 0) || Float.isInfinite(levels[k])) {
                throw new IllegalArgumentException("levels[" + k + "] = " + levels[k]
                        + " hPa (expected: a finite pressure > 0)");
            }
        }
    }

    private static void checkLength(String name, float[] array, int points) {
        if (array.length != points) {
            throw new IllegalArgumentException(name + ": " + array.length + " values (expected: " + points + ")");
        }
    }

    /** The grid shape. */
    public GridShape shape() {
        return shape;
    }

    /** Temperature in K, {@code [t][z][y][x]}. */
    public float[] temperature() {
        return temperature;
    }

    /** Specific humidity in kg/kg, {@code [t][z][y][x]}. */
    public float[] humidity() {
        return humidity;
    }

    /** The pressure of each level in hPa, {@code [z]}. */
    public float[] levels() {
        return levels;
    }

    /** The output array {@code o}. */
    public float[] output(WeatherOutput o) {
        return outputs[o.ordinal()];
    }

    /** Potential temperature in K. */
    public float[] theta() {
        return output(WeatherOutput.THETA);
    }

    /** Saturation vapour pressure in hPa. */
    public float[] es() {
        return output(WeatherOutput.ES);
    }

    /** Vapour pressure in hPa. */
    public float[] e() {
        return output(WeatherOutput.E);
    }

    /** Relative humidity as a fraction. */
    public float[] rh() {
        return output(WeatherOutput.RH);
    }

    /** Dewpoint in K. */
    public float[] td() {
        return output(WeatherOutput.TD);
    }

    /** Equivalent potential temperature in K. */
    public float[] thetae() {
        return output(WeatherOutput.THETAE);
    }

    /** Pressure of the lifting condensation level in hPa. */
    public float[] lclP() {
        return output(WeatherOutput.LCL_P);
    }

    /** Temperature of the lifting condensation level in K. */
    public float[] lclT() {
        return output(WeatherOutput.LCL_T);
    }

    /** Fresh zeroed output arrays of this shape, in the order of {@link WeatherOutput#values()}. */
    public float[][] newOutputs() {
        float[][] fresh = new float[WeatherOutput.COUNT][];
        for (int o = 0; o < fresh.length; o++) {
            fresh[o] = new float[shape.points()];
        }
        return fresh;
    }

    /** The shape and the levels, e.g. {@code t=16 z=7 y=91 x=180, levels [1000.0, …] hPa}. */
    @Override
    public String toString() {
        return "t=" + shape.t() + " z=" + shape.z() + " y=" + shape.y() + " x=" + shape.x() + " ("
                + shape.points() + " points), levels " + Arrays.toString(levels) + " hPa";
    }
}

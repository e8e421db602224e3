package org.loopnest.examples.weather.files;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;

/**
 * Raw little-endian float32 files {@code [t][z][y][x]} ({@code --input-t}, {@code --input-q}) as a weather input:
 * each bound in place as a file-backed array, never read into memory, so the heap does not limit the grid; the shape
 * and the levels come from the options, the outputs' grid is indices (raw files carry no coordinates). Nothing
 * the body's rule misses marks missing data. Stateless; thread-safe.
 */
public final class RawInput {
    private RawInput() {
    }

    /**
     * {@return the input over {@code t} and {@code q}; reads no data}
     *
     * @param t      temperature in K, a readable regular file of {@code 4·points} bytes (checked by the caller)
     * @param q      specific humidity in kg/kg, likewise
     * @param shape  the grid
     * @param levels the pressure of each level in hPa
     * @throws IllegalArgumentException if the levels are not one positive pressure per level
     */
    public static WeatherInput open(Path t, Path q, GridShape shape, float[] levels) {
        WeatherFields.checkLevels(levels, shape.z());
        double[] hPa = new double[levels.length];
        for (int k = 0; k < hPa.length; k++) {
            hPa[k] = levels[k];
        }
        OutputGrid grid = new OutputGrid(null, "", indices(shape.x()), indices(shape.y()), hPa, null, -9.99e8);
        return new WeatherInput(List.of(t, q), t + ", " + q + " (raw float32)", shape.extents(), levels,
                layout(t, shape), layout(q, shape), MissingMarkers.NONE, grid, List.of(), List.of());
    }

    /** {@return a raw {@code [t][z][y][x]} little-endian float32 file of {@code shape} as a grid layout} */
    static FileGrid layout(Path file, GridShape shape) {
        long grid = (long) shape.y() * shape.x() * Float.BYTES;
        return new FileGrid(file, ByteOrder.LITTLE_ENDIAN, 0, shape.z() * grid, grid, shape.y(), shape.x());
    }

    private static double[] indices(int n) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = i;
        }
        return values;
    }
}

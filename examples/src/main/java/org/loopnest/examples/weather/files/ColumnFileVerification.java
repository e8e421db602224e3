package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.EnumMap;
import java.util.Map;
import org.loopnest.examples.weather.ColumnFields;
import org.loopnest.examples.weather.ColumnNest;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.ColumnVerification;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;

/**
 * The column run over files checked in bounded memory: one time step at a time, the columns of {@code T} and
 * {@code q} read from the input files (the files' own missing values made NaN), the sequential loop's outputs
 * ({@link ColumnNest#sequential}) compared with the outputs read back from their files ({@link ColumnVerification}).
 * Stateless.
 */
public final class ColumnFileVerification {
    private ColumnFileVerification() {
    }

    /**
     * {@return the heap {@link #verify} allocates for one time step of {@code z × y × x} points, in bytes: {@code T},
     * {@code q}, both heights, and the per-column values}
     *
     * @param z the levels
     * @param y the grid's rows
     * @param x the grid's columns
     */
    public static long heapBytes(long z, long y, long x) {
        long grid = Math.multiplyExact(y, x);
        return Math.multiplyExact(Math.addExact(Math.multiplyExact(4 * z, grid), 6 * grid), (long) Float.BYTES);
    }

    /**
     * {@return every value of {@code out}'s column outputs compared with the sequential loop over {@code in}}
     *
     * @param in the input
     * @param out the outputs, written by the column run and not yet finished
     * @throws IOException when a file cannot be read
     */
    public static ColumnVerification verify(WeatherInput in, OutputFiles out) throws IOException {
        long[] e = in.extents();
        int nz = (int) e[1];
        int grid = Math.toIntExact(e[2] * e[3]);
        GridShape step = new GridShape(1, nz, (int) e[2], (int) e[3]);
        float[] t = new float[nz * grid];
        float[] q = new float[nz * grid];
        float[] level = new float[grid];
        MissingMarkers markers = in.markers();
        long values = 0;
        long mismatches = 0;
        String first = "";
        Map<ColumnOutput, Double> max = new EnumMap<>(ColumnOutput.class);
        Map<ColumnOutput, FileChannel> channels = new EnumMap<>(ColumnOutput.class);
        try (FileGrid.Reader tFile = in.temperature().openReader();
             FileGrid.Reader qFile = in.humidity().openReader()) {
            for (ColumnOutput o : ColumnOutput.values()) {
                channels.put(o, FileChannel.open(out.layout(o).path(), StandardOpenOption.READ));
            }
            for (long ti = 0; ti < e[0]; ti++) {
                for (int z = 0; z < nz; z++) {
                    tFile.read(ti, z, level);
                    for (int k = 0; k < grid; k++) {
                        t[z * grid + k] = markers.temperatureOrNaN(level[k]);
                    }
                    qFile.read(ti, z, level);
                    for (int k = 0; k < grid; k++) {
                        q[z * grid + k] = markers.humidityOrNaN(level[k]);
                    }
                }
                ColumnFields expected = new ColumnFields(step);
                ColumnNest.sequential(WeatherFields.of(step, t, q, in.levels()), expected);
                ColumnFields actual = new ColumnFields(step);
                for (ColumnOutput o : ColumnOutput.values()) {
                    for (int z = 0; z < (o.perLevel() ? nz : 1); z++) {
                        out.layout(o).read(channels.get(o), ti, z, level);
                        System.arraycopy(level, 0, actual.output(o), z * grid, grid);
                    }
                }
                ColumnVerification v = ColumnVerification.compare(expected, actual);
                first = first.isEmpty() && !v.passed() ? "at time step " + ti + ": " + v.firstMismatch() : first;
                values += v.values();
                mismatches += v.mismatches();
                v.maxErrors().forEach((o, error) -> max.merge(o, error, Math::max));
            }
        } finally {
            for (FileChannel c : channels.values()) {
                c.close();
            }
        }
        return new ColumnVerification(values, mismatches, first, max);
    }
}

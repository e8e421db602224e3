package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.EnumMap;
import java.util.Map;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * Checks the outputs of a run over files against {@link WeatherFormulas#point} one x·y grid at a time: reads
 * {@code T} and {@code q} of a grid from the input files, computes the reference, reads the eight output grids back
 * and compares ({@link Verification#compare}). Memory: ten grids plus the reference's eight, whatever the files'
 * size; time: one more pass over the inputs and the outputs, sequential on one thread. Stateless.
 */
public final class FileVerification {
    /** How many x·y grids of floats {@link #verify} holds at once: T, q, the reference's and the outputs' eight. */
    public static final int GRIDS = 2 + 2 * WeatherOutput.COUNT;

    private FileVerification() {
    }

    /**
     * {@return the heap {@link #verify} allocates for grids of {@code y × x} points, in bytes}
     *
     * @param y the grid's rows
     * @param x the grid's columns
     */
    public static long heapBytes(long y, long x) {
        return Math.multiplyExact(Math.multiplyExact(y, x), (long) GRIDS * Float.BYTES);
    }

    /**
     * {@return every point of {@code out} compared with the reference over {@code in}, flat indices over
     * {@code t, z, y, x}}
     *
     * @param in the input
     * @param out the outputs, written by the run and not yet finished
     * @throws IOException when a file cannot be read
     */
    public static Verification verify(WeatherInput in, OutputFiles out) throws IOException {
        long[] e = in.extents();
        int grid = Math.toIntExact(e[2] * e[3]);
        float[] t = new float[grid];
        float[] q = new float[grid];
        float[][] expected = new float[WeatherOutput.COUNT][grid];
        float[][] actual = new float[WeatherOutput.COUNT][grid];
        float[] point = new float[WeatherOutput.COUNT];
        MissingMarkers markers = in.markers();
        Tally tally = new Tally();
        FileChannel[] outputs = new FileChannel[WeatherOutput.COUNT];
        try (FileGrid.Reader tFile = in.temperature().openReader();
             FileGrid.Reader qFile = in.humidity().openReader()) {
            for (WeatherOutput o : WeatherOutput.values()) {
                outputs[o.ordinal()] = FileChannel.open(out.layout(o).path(), StandardOpenOption.READ);
            }
            for (long ti = 0; ti < e[0]; ti++) {
                for (int z = 0; z < e[1]; z++) {
                    tFile.read(ti, z, t);
                    qFile.read(ti, z, q);
                    float p = in.levels()[z];
                    for (int k = 0; k < grid; k++) {
                        WeatherFormulas.point(markers.temperatureOrNaN(t[k]), markers.humidityOrNaN(q[k]), p, point);
                        for (int o = 0; o < point.length; o++) {
                            expected[o][k] = point[o];
                        }
                    }
                    for (WeatherOutput o : WeatherOutput.values()) {
                        out.layout(o).read(outputs[o.ordinal()], ti, z, actual[o.ordinal()]);
                    }
                    tally.add(Verification.compare(expected, actual));
                }
            }
        } finally {
            for (FileChannel c : outputs) {
                if (c != null) {
                    c.close();
                }
            }
        }
        return tally.result();
    }

    /** Sums the grids' comparisons into one over the whole array. */
    private static final class Tally {
        private long points;
        private long mismatches;
        private long first = -1;
        private final Map<WeatherOutput, Double> maxErrors = new EnumMap<>(WeatherOutput.class);

        void add(Verification v) {
            if (first < 0 && v.firstMismatch() >= 0) {
                first = points + v.firstMismatch();
            }
            points += v.points();
            mismatches += v.mismatches();
            v.maxErrors().forEach((o, error) -> maxErrors.merge(o, error, Math::max));
        }

        Verification result() {
            return new Verification(points, mismatches, first, maxErrors);
        }
    }
}

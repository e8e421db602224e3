package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.format.netcdf.NetcdfWriter;
import org.loopnest.format.netcdf4.Netcdf4Copy;
import org.loopnest.format.netcdf4.Netcdf4File;
import org.loopnest.perf.report.BenchResult;

/**
 * {@code weather-netcdf4-ratio}: what {@code --format netcdf4} adds to a weather run over files. The eight outputs
 * (from memory) are written once as one classic NetCDF file, {@code (time, level, lat, lon)}; then, each measured
 * round, after a {@code sync}, {@link Netcdf4Copy} copies it into a new compressed NetCDF-4 file (deflate 4, one
 * chunk per grid), as a run's commit does. Ratio = the files side's run time ÷ (that + the copy's time): how fast a
 * run with NetCDF-4 outputs is against one with raw or classic outputs. The copy's values are checked against the
 * outputs, and both files' sizes reported.
 *
 * <p>One thread; the files are {@code dir}'s, which the caller deletes.
 */
final class Netcdf4Cost {
    private static final int DEFLATE = 4;

    private final Samples copies;
    private final long classicBytes;
    private final long netcdf4Bytes;

    private Netcdf4Cost(Samples copies, long classicBytes, long netcdf4Bytes) {
        this.copies = copies;
        this.classicBytes = classicBytes;
        this.netcdf4Bytes = netcdf4Bytes;
    }

    /**
     * Writes the classic file and times {@code rounds} copies into NetCDF-4.
     *
     * @throws UncheckedIOException if a file cannot be written or read
     * @throws IllegalStateException if the copy's values differ from the outputs
     */
    static Netcdf4Cost measure(WeatherFields fields, Path dir, int rounds) {
        Path classic = dir.resolve("weather.nc");
        Path netcdf4 = dir.resolve("weather4.nc");
        try {
            writeClassic(fields, classic);
            double[] nanos = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                Files.deleteIfExists(netcdf4);
                ScratchFiles.command(List.of("sync"));
                ScratchFiles.warm(classic);
                long start = System.nanoTime();
                Netcdf4Copy.fromClassic(classic, netcdf4, DEFLATE);
                nanos[r] = System.nanoTime() - start;
            }
            check(fields, netcdf4);
            return new Netcdf4Cost(new Samples(nanos), Files.size(classic), Files.size(netcdf4));
        } catch (IOException e) {
            throw new UncheckedIOException("weather netcdf4: " + e.getMessage(), e);
        }
    }

    /** {@return the row, against the files side's run times} */
    BenchResult row(Samples files) {
        double ratio = files.median() / (files.median() + copies.median());
        return new BenchResult("weather-netcdf4-ratio", ratio, "ratio", String.format(Locale.ROOT,
                "files run time / (files run time + NetCDF-4 copy of its 8 outputs, deflate %d, shuffle, one chunk per "
                        + "grid); copy: %s; files run: median %.1f ms; classic CDF-2 %d bytes, NetCDF-4 %d bytes "
                        + "(%.1f %%); copy checked against the outputs", DEFLATE, copies.describeMillis(),
                files.median() / 1e6, classicBytes, netcdf4Bytes, 100.0 * netcdf4Bytes / classicBytes));
    }

    private static void writeClassic(WeatherFields fields, Path file) throws IOException {
        long[] e = fields.shape().extents();
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("time", e[0]).dimension("level", e[1]).dimension("lat", e[2]).dimension("lon", e[3]);
            for (WeatherOutput o : WeatherOutput.values()) {
                w.variable(o.key(), List.of("time", "level", "lat", "lon"));
            }
            w.writeHeader();
            for (WeatherOutput o : WeatherOutput.values()) {
                w.write(o.key(), 0, fields.output(o));
            }
            w.commit();
        }
    }

    private static void check(WeatherFields fields, Path netcdf4) throws IOException {
        try (Netcdf4File nc = Netcdf4File.open(netcdf4)) {
            for (WeatherOutput o : WeatherOutput.values()) {
                double[] read = nc.readValues(nc.variable(o.key()));
                float[] expected = fields.output(o);
                for (int k = 0; k < expected.length; k++) {
                    if (Float.floatToIntBits((float) read[k]) != Float.floatToIntBits(expected[k])) {
                        throw new IllegalStateException("weather netcdf4: " + o.key() + "[" + k + "] is " + read[k]
                                + " in the NetCDF-4 copy but " + expected[k] + " in memory (expected: the same bits)");
                    }
                }
            }
        }
    }
}

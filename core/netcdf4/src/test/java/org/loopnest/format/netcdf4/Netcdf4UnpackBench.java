package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;

/**
 * Side by side, not asserted: {@link Netcdf4File#unpackTo} beside {@code nccopy} (netCDF-C) writing the same variable
 * to a classic file, for an ERA5-like variable (24 × 37 × 181 × 360, 231 MB as float32), deflate level 1 with shuffle,
 * in two chunk shapes, packed {@code short} and {@code float}. Prints a table and writes it to
 * {@code target/netcdf4-unpack-bench.md}. Run only when asked (it takes about a minute and 1.5 GB of temporary disk):
 * <pre>
 * flock /tmp/loopnest-mvn.lock mvn -o -B -pl core/netcdf4 -am verify -Dtest=Netcdf4UnpackBench \
 *     -Dloopnest.bench=true -Dsurefire.failIfNoSpecifiedTests=false -Dinvoker.skip
 * </pre>
 */
class Netcdf4UnpackBench {
    private static final String CDL = """
            netcdf era {
            dimensions: time = 24 ; level = 37 ; latitude = 181 ; longitude = 360 ;
            variables:
              short t(time, level, latitude, longitude) ;
                t:scale_factor = 0.002 ; t:add_offset = 250. ; t:_FillValue = -32767s ;
              float f(time, level, latitude, longitude) ;
            }
            """;
    private static final int GRID = 181 * 360;

    @TempDir
    Path dir;

    @Test
    void shouldMeasureUnpackingBesideNccopy() throws Exception {
        assumeTrue(Boolean.getBoolean("loopnest.bench"), "a measurement: run with -Dloopnest.bench=true");
        Ncgen.assumeTool("nccopy");
        Path classic = fill(Ncgen.write(dir.resolve("era3.nc"), "64-bit-offset", CDL));
        List<String> rows = new ArrayList<>(List.of("| chunks | variable | unpackTo s (cpu s) | nccopy -V var s | "
                + "nccopy ÷ unpackTo |", "|---|---|---|---|---|"));
        for (String chunks : List.of("time/1,level/1,latitude/181,longitude/360",
                "time/4,level/8,latitude/91,longitude/180")) {
            Path nc4 = dir.resolve("era4.nc");
            Ncgen.run(dir, "nccopy", "-k", "nc4", "-d", "1", "-s", "-c", chunks, classic.toString(), nc4.toString());
            for (String var : List.of("t", "f")) {
                double[] ours = best(() -> unpack(nc4, var));
                double theirs = best(() -> nccopy(nc4, var))[0];
                rows.add(String.format(Locale.ROOT, "| %s | %s | %.2f (%.2f) | %.2f | %.2f |", chunks, var, ours[0],
                        ours[1], theirs, theirs / ours[0]));
            }
            Files.delete(nc4);
        }
        String table = String.join("\n", rows) + "\n";
        System.out.print(table);
        Path out = Path.of("target", "netcdf4-unpack-bench.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, table);
    }

    /** Fills the classic file's variables with smooth, noisy values (one stored value a fill value per grid). */
    private static Path fill(Path classic) throws Exception {
        NetcdfHeader h = NetcdfFile.open(classic);
        Random random = new Random(1);
        try (FileChannel c = FileChannel.open(classic, StandardOpenOption.WRITE)) {
            ByteBuffer shorts = ByteBuffer.allocate(GRID * 2);
            ByteBuffer floats = ByteBuffer.allocate(GRID * 4);
            for (long g = 0; g < 24 * 37; g++) {
                shorts.clear();
                floats.clear();
                for (int i = 0; i < GRID; i++) {
                    double v = 20 * Math.sin(i % 360 * 0.05 + g * 0.01) + 10 * Math.cos(i / 360 * 0.07)
                            + random.nextGaussian();
                    shorts.putShort((short) (i == 7 ? -32767 : Math.round(v / 0.004)));
                    floats.putFloat((float) (250 + v));
                }
                c.write(shorts.flip(), h.gridOffset(h.variable("t"), g / 37, g % 37));
                c.write(floats.flip(), h.gridOffset(h.variable("f"), g / 37, g % 37));
            }
        }
        return classic;
    }

    private double[] unpack(Path nc4, String var) throws Exception {
        var threads = ManagementFactory.getThreadMXBean();
        try (Netcdf4File nc = Netcdf4File.open(nc4)) {
            Path raw = dir.resolve(var + ".f32");
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            long n = nc.unpackTo(nc.variable(var), raw, Float.NaN);
            double[] seconds = {(System.nanoTime() - t0) / 1e9, (threads.getCurrentThreadCpuTime() - c0) / 1e9};
            assertEquals(n * 4, Files.size(raw));
            Files.delete(raw);
            return seconds;
        }
    }

    private double[] nccopy(Path nc4, String var) throws Exception {
        Path out = dir.resolve("back.nc");
        long t0 = System.nanoTime();
        Ncgen.run(dir, "nccopy", "-k", "64-bit-offset", "-V", var, nc4.toString(), out.toString());
        double seconds = (System.nanoTime() - t0) / 1e9;
        Files.delete(out);
        return new double[] {seconds};
    }

    private interface Timed {
        double[] run() throws Exception;
    }

    /** The fastest of three runs (the first warms the page cache and the JIT). */
    private static double[] best(Timed timed) throws Exception {
        double[] best = null;
        for (int i = 0; i < 3; i++) {
            double[] t = timed.run();
            best = best == null || t[0] < best[0] ? t : best;
        }
        return best;
    }
}

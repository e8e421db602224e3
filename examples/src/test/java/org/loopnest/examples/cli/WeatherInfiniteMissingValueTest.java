package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.weather.files.SmallGrads;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * Valid files whose missing value is +∞ in {@code float}: a NetCDF {@code _FillValue} of +Infinity, and a GrADS
 * {@code UNDEF 1e39} (beyond {@code float}'s range, so the data hold +∞ where missing). The body's generated
 * missing-value test must compile (it once printed {@code Infinityf}, and the run exited 1) and treat the marked
 * points as missing.
 */
class WeatherInfiniteMissingValueTest {
    @TempDir
    Path dir;

    @Test
    void shouldRunANetcdfFileWhoseFillValueIsInfinityAndTreatItAsMissing() throws IOException {
        Path in = dir.resolve("in.nc");
        int n = 2 * 3;
        float[] t = {290, Float.POSITIVE_INFINITY, 280, 270, 260, 250};
        float[] q = {0.01f, 0.01f, 0.008f, Float.POSITIVE_INFINITY, 0.004f, 0.002f};
        try (NetcdfWriter w = NetcdfWriter.create(in)) {
            w.dimension("time", 1).dimension("level", 2).dimension("lat", 1).dimension("lon", 3);
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"));
            for (String v : new String[] {"t", "q"}) {
                w.variable(v, List.of("time", "level", "lat", "lon"),
                        NetcdfAttribute.floats("_FillValue", Float.POSITIVE_INFINITY));
            }
            w.writeHeader();
            w.write("level", 0, new float[] {1000, 850});
            w.write("t", 0, t);
            w.write("q", 0, q);
            w.commit();
        }
        Path out = dir.resolve("out");
        Cli run = Cli.run("weather", "--input", in.toString(), "--out", out.toString(), "--format", "netcdf",
                "--verify");
        assertEquals(0, run.code(), run.out() + run.err());
        assertTrue(run.out().contains("missing values T = [Infinity], q = [Infinity] also missing: tested by the "
                + "body"), run.out());
        assertTrue(run.out().contains("verified: " + n + " points match"), run.out());
        NetcdfHeader h = NetcdfFile.open(out.resolve("weather.nc"));
        double[] theta = NetcdfFile.readValues(h, h.variable("theta"));
        for (int k = 0; k < n; k++) {
            assertEquals(k == 1 || k == 3, Double.isNaN(theta[k]), "theta[" + k + "] = " + theta[k]);
        }
    }

    @Test
    void shouldRunAGradsFileWhoseUndefIsBeyondFloatRange() throws IOException {
        Path ctl = SmallGrads.write(dir);
        Files.writeString(ctl, Files.readString(ctl).replace("UNDEF -999", "UNDEF 1e39"));
        byte[] data = Files.readAllBytes(dir.resolve("small.dat"));
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.BIG_ENDIAN);
        int marked = 0;
        for (int i = 0; i + Float.BYTES <= data.length; i += Float.BYTES) {
            if (b.getFloat(i) == SmallGrads.UNDEF) {
                b.putFloat(i, (float) 1e39); // what a writer of UNDEF 1e39 stores in float32: +Infinity
                marked++;
            }
        }
        assertEquals(2, marked, "the fixture's two missing points");
        Files.write(dir.resolve("small.dat"), data);
        Cli run = Cli.run("weather", "--input", ctl.toString(), "--out", dir.resolve("out").toString(), "--verify");
        assertEquals(0, run.code(), run.out() + run.err());
        assertTrue(run.out().contains("UNDEF 1.0E39: missing, tested by the body"), run.out());
        assertTrue(run.out().contains("verified: "), run.out());
    }
}

package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * Real model output, when it is there: GrADS's sample {@code model.dat} (Debian package {@code grads}, GPL-2 data
 * that is never committed). Skipped, saying why, when the file is absent; {@code -Dloopnest.grads=PATH} points
 * elsewhere. The file holds 5 time steps of 36 records of 46 × 72 little-endian floats: PS, U[7], V[7], Z[7],
 * T[7], Q[5] (1000–300 hPa), TS, P. T and Q of the five lowest levels are cut out and run through the nest.
 */
class GradsSampleTest {
    private static final Path DEFAULT = Paths.get("/usr/share/doc/grads/examples/model.dat");
    private static final int TIMES = 5;
    private static final int LEVELS = 5;
    private static final int RECORD = 46 * 72;
    private static final int RECORDS_PER_TIME = 36;
    private static final int FIRST_T = 22;
    private static final int FIRST_Q = 29;

    @TempDir
    Path dir;

    @Test
    void shouldDeriveTheFieldsOfRealModelOutputLikeTheSequentialLoop() throws IOException {
        Path data = Paths.get(System.getProperty("loopnest.grads", DEFAULT.toString()));
        assumeTrue(Files.isRegularFile(data), "no GrADS sample data at " + data + " (apt-get download grads; "
                + "dpkg -x grads_*.deb DIR; -Dloopnest.grads=DIR/usr/share/doc/grads/examples/model.dat)");
        ByteBuffer all = ByteBuffer.wrap(Files.readAllBytes(data)).order(ByteOrder.LITTLE_ENDIAN);
        float[] t = cut(all, FIRST_T);
        float[] q = cut(all, FIRST_Q);
        RawFloats.write(dir.resolve("t.f32"), t);
        RawFloats.write(dir.resolve("q.f32"), q);
        WeatherFields f = WeatherFields.fromFiles(dir.resolve("t.f32"), dir.resolve("q.f32"),
                new GridShape(TIMES, LEVELS, 46, 72), new float[] {1000, 850, 700, 500, 300});
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(256 << 10).threads(2).build())) {
            assertTrue(WeatherNest.nest(f).on(sim).run().chunks() > 8);
        }
        Verification check = WeatherNest.verify(f);
        assertTrue(check.passed(), check.toString());
        long undefined = 0;
        long nan = 0;
        for (int k = 0; k < t.length; k++) {
            undefined += WeatherFormulas.isMissing(t[k]) || WeatherFormulas.isMissing(q[k]) ? 1 : 0;
            nan += Float.isNaN(f.theta()[k]) ? 1 : 0;
        }
        assertTrue(undefined > 0, "the sample has points below ground");
        assertEquals(undefined, nan, "every missing point, and only those, gives NaN");
    }

    /** Levels 0..4 of the variable whose first record is {@code first}, for every time step, as [t][z][y][x]. */
    private static float[] cut(ByteBuffer all, int first) {
        float[] field = new float[TIMES * LEVELS * RECORD];
        for (int time = 0; time < TIMES; time++) {
            for (int z = 0; z < LEVELS; z++) {
                int from = ((time * RECORDS_PER_TIME) + first + z) * RECORD;
                int to = (time * LEVELS + z) * RECORD;
                for (int i = 0; i < RECORD; i++) {
                    field[to + i] = all.getFloat((from + i) * Float.BYTES);
                }
            }
        }
        return field;
    }
}

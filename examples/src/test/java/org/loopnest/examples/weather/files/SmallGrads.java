package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small GrADS data set written by the tests: big-endian, {@code sequential} (Fortran record markers), {@code yrev},
 * {@code UNDEF -999} (which the body's rule alone does not catch); variables {@code PS} (surface), {@code T} on 3
 * levels and {@code Q} on 2, over 2 times of a 3 × 4 grid. T and Q are ramps with {@code UNDEF} at a few points.
 */
public final class SmallGrads {
    public static final int NT = 2;
    public static final int NY = 3;
    public static final int NX = 4;
    public static final float UNDEF = -999f;
    static final float[] LEVELS = {1000, 700, 400};

    private SmallGrads() {
    }

    /** Writes {@code small.ctl} and {@code small.dat} into {@code dir}; returns the descriptor. */
    public static Path write(Path dir) throws IOException {
        Path ctl = dir.resolve("small.ctl");
        Files.writeString(ctl, """
                DSET ^small.dat
                TITLE small test set
                UNDEF -999
                OPTIONS big_endian sequential yrev
                XDEF 4 LINEAR 0 90
                YDEF 3 LINEAR -45 45
                ZDEF 3 LEVELS 1000 700 400
                TDEF 2 LINEAR 00Z01MAR2001 12hr
                VARS 3
                PS 0 99 Surface pressure
                T 3 99 Temperature
                Q 2 99 Specific humidity
                ENDVARS
                """);
        int grid = NY * NX;
        ByteBuffer data = ByteBuffer.allocate(NT * 6 * (grid * 4 + 8)).order(ByteOrder.BIG_ENDIAN);
        for (int t = 0; t < NT; t++) {
            record(data, grid, k -> 1000f);
            for (int z = 0; z < 3; z++) {
                int level = z;
                int time = t;
                record(data, grid, k -> value(true, time, level, k));
            }
            for (int z = 0; z < 2; z++) {
                int level = z;
                int time = t;
                record(data, grid, k -> value(false, time, level, k));
            }
        }
        Files.write(dir.resolve("small.dat"), data.array());
        return ctl;
    }

    /** T (true) or Q at time t, level z, point k of the stored grid. */
    public static float value(boolean temperature, int t, int z, int k) {
        if (temperature ? (t == 1 && z == 0 && k == 5) : (t == 0 && z == 1 && k == 2)) {
            return UNDEF;
        }
        return temperature ? 290 - 30 * z + k + t : (0.012f - 0.004f * z) * (1 + 0.03f * k) + 0.001f * t;
    }

    private static void record(ByteBuffer data, int grid, java.util.function.IntToDoubleFunction values) {
        data.putInt(grid * 4);
        for (int k = 0; k < grid; k++) {
            data.putFloat((float) values.applyAsDouble(k));
        }
        data.putInt(grid * 4);
    }
}

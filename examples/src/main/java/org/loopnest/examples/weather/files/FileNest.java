package org.loopnest.examples.weather.files;

import org.loopnest.LoopNest;
import org.loopnest.examples.weather.ColumnBody;
import org.loopnest.examples.weather.ColumnNest;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.WeatherBody;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * The weather nest over files: the same loop and body as {@link WeatherNest#nest}, with {@code T} and {@code q}
 * file-backed inputs ({@link WeatherInput}), {@code p} the levels in memory and the eight outputs file-backed
 * ({@link OutputFiles}); the body tests the files' own missing values too ({@link WeatherBody#code}). Nothing is read
 * into memory whole: a run streams chunks from the files and back. Stateless.
 */
public final class FileNest {
    private FileNest() {
    }

    /**
     * {@return the nest over {@code in} writing into {@code out}; the caller chooses the device and split}
     *
     * @param in the input
     * @param out the output files
     */
    public static LoopNest nest(WeatherInput in, OutputFiles out) {
        LoopNest nest = LoopNest.of(in.extents()).names(WeatherNest.INDEX_NAMES)
                .in("T", in.temperature().input())
                .in("q", in.humidity().input())
                .in("p", in.levels(), "z");
        for (WeatherOutput o : WeatherOutput.values()) {
            nest.out(o.key(), out.holder(o));
        }
        return nest.deviceCode(WeatherBody.code(in.markers()));
    }

    /**
     * {@return the column nest over {@code in} writing into {@code out}: the columns {@code t, y, x} with the
     * levels as column axis, {@code T} and {@code q} file-backed column inputs, {@code p} the levels in memory, the
     * four column outputs file-backed; the same body as {@link ColumnNest#nest} with the files' missing values. A
     * file whose levels increase in pressure is walked from its last level, with no copy}
     *
     * @param in the input
     * @param out the output files
     */
    public static LoopNest columns(WeatherInput in, OutputFiles out) {
        long[] e = in.extents();
        LoopNest nest = LoopNest.of(e[0], e[2], e[3]).names(ColumnNest.INDEX_NAMES);
        nest = ColumnNest.fromTop(in.levels()) ? nest.columnFromLast(ColumnNest.AXIS, e[1])
                : nest.column(ColumnNest.AXIS, e[1]);
        nest.in("T", in.temperature().input(), "t", ColumnNest.AXIS, "y", "x")
                .in("q", in.humidity().input(), "t", ColumnNest.AXIS, "y", "x")
                .in("p", in.levels(), ColumnNest.AXIS);
        for (ColumnOutput o : ColumnOutput.values()) {
            if (o.perLevel()) {
                nest.out(o.key(), out.holder(o), "t", ColumnNest.AXIS, "y", "x");
            } else {
                nest.out(o.key(), out.holder(o));
            }
        }
        return nest.deviceCode(ColumnBody.code(in.markers()));
    }
}

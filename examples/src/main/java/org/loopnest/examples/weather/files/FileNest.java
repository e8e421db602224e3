package org.loopnest.examples.weather.files;

import org.loopnest.LoopNest;
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
}

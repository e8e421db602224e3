package org.loopnest.perf;

import java.time.Duration;
import java.util.List;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.perf.ratio.RatioRun;
import org.loopnest.perf.ratio.Rounds;
import org.loopnest.perf.ratio.SerializerRatio;
import org.loopnest.perf.ratio.SimOverlap;
import org.loopnest.perf.ratio.WeatherSpeedRatio;

/** The measurements {@link BenchMain} runs, in order, at full or quick size. */
final class Suite {
    private Suite() {
    }

    /** The weather speed ratio, the simulated overlap at B = 1, 2, 3, and the serializer ratio. */
    static List<RatioRun> of(boolean quick) {
        return List.of(quick ? WeatherSpeedRatio.quick() : WeatherSpeedRatio.full(), simOverlap(quick),
                quick ? SerializerRatio.quick() : SerializerRatio.full());
    }

    /**
     * The weather nest split per time step, as in the paper ({@code d = 1}): 24 chunks of 7 levels of a 23 × 36
     * grid (the 46 × 72 sample grid at half resolution); 16 tiny chunks when quick.
     */
    private static SimOverlap simOverlap(boolean quick) {
        WeatherFields fields = quick ? WeatherFields.synthetic(16, 2, 4, 8, 7) : WeatherFields.synthetic(24, 7, 23,
                36, 7);
        String workload = "weather nest t,z,y,x = " + fields.shape();
        return new SimOverlap(workload, () -> WeatherNest.nest(fields), 1, Duration.ofMillis(quick ? 1 : 2),
                quick ? new Rounds(0, 1) : new Rounds(1, 5));
    }
}

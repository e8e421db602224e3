package org.loopnest.perf.ratio;

import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * The weather loop as one would write it by hand in parallel Java: plain {@code float[]} arrays, the flattened outer
 * loops {@code (t, z, y)} cut into blocks of rows on a fixed pool of threads, {@link WeatherFormulas#point} per
 * grid point: scalar Java, as C2 compiles it (the calls to {@code Math.exp}, {@code log} and {@code pow} keep it from
 * vectorising). The baseline of {@code cpu-weather-speed-ratio}. Close it to stop its threads.
 */
final class HandWrittenWeather extends WeatherLoop {

    /** A loop on {@code threads} threads. */
    HandWrittenWeather(int threads) {
        super(threads, "hand-written weather loop");
    }

    @Override
    void rows(WeatherFields fields, float[][] o, int firstRow, int endRow) {
        GridShape s = fields.shape();
        float[] temperature = fields.temperature();
        float[] humidity = fields.humidity();
        float[] levels = fields.levels();
        float[] point = new float[WeatherOutput.COUNT];
        for (int row = firstRow; row < endRow; row++) {
            float p = levels[(row / s.y()) % s.z()];
            for (int k = row * s.x(), end = k + s.x(); k < end; k++) {
                WeatherFormulas.point(temperature[k], humidity[k], p, point);
                o[0][k] = point[0];
                o[1][k] = point[1];
                o[2][k] = point[2];
                o[3][k] = point[3];
                o[4][k] = point[4];
                o[5][k] = point[5];
                o[6][k] = point[6];
                o[7][k] = point[7];
            }
        }
    }
}

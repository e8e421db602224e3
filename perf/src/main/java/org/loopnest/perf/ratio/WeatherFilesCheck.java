package org.loopnest.perf.ratio;

import java.nio.file.Path;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.kernel.KernelPath;

/**
 * The eight output files of a weather run over files ({@code <key>.f32} in a directory) against the outputs of the
 * in-memory run in {@link WeatherFields}: bit for bit on the scalar path; on the vector path within the outputs'
 * tolerances ({@link WeatherCheck#within}), since a chunk's edges, where the vector loop's tail runs, differ between
 * worker nodes and the local cpu. Stateless.
 */
final class WeatherFilesCheck {
    private WeatherFilesCheck() {
    }

    /**
     * Checks the files in {@code dir}.
     *
     * @param path the kernel path both runs took
     * @param side what wrote the files, for the message
     * @throws IllegalStateException naming the side, the output, the point and both values
     */
    static void check(WeatherFields fields, Path dir, KernelPath path, String side) {
        float[][] expected = WeatherCheck.outputs(fields);
        float[][] actual = new float[WeatherOutput.COUNT][];
        for (WeatherOutput o : WeatherOutput.values()) {
            actual[o.ordinal()] = ScratchFiles.readFloats(dir.resolve(o.key() + ".f32"), fields.shape().points());
        }
        if (path != KernelPath.SCALAR) {
            WeatherCheck.within(expected, actual, side);
            return;
        }
        for (WeatherOutput o : WeatherOutput.values()) {
            float[] want = expected[o.ordinal()];
            float[] got = actual[o.ordinal()];
            for (int i = 0; i < want.length; i++) {
                if (Float.floatToIntBits(got[i]) != Float.floatToIntBits(want[i])) {
                    throw new IllegalStateException(side + ": " + o.key() + "[" + i + "] is " + got[i] + " but "
                            + want[i] + " in memory on the local cpu (expected: the same bits)");
                }
            }
        }
    }

    /** {@return how {@link #check} compares on {@code path}, for a row's detail} */
    static String describe(KernelPath path) {
        return path == KernelPath.SCALAR ? "outputs compared bit for bit with the local cpu's"
                : "outputs checked within WeatherOutput's tolerances against the local cpu's";
    }
}

package org.loopnest.examples.weather;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.kernel.KernelPath;

/**
 * {@link WeatherBody}, given as the nest's only body, runs compiled for the JVM on cpu and sim and gives
 * {@link WeatherFormulas#point}'s results at every point and output, missing points and the lifting condensation
 * level's loop included: bit for bit on the scalar path, within each output's tolerance on the vector path
 * ({@link WeatherAssertions}).
 */
class WeatherBodyOnJvmTest {
    private static float[][] run(WeatherFields f, Device device, KernelPath path) {
        float[][] outputs = f.newOutputs();
        LoopNest nest = LoopNest.of(f.shape().extents()).names(WeatherNest.INDEX_NAMES).deviceCode(WeatherBody.CODE)
                .in("T", f.temperature()).in("q", f.humidity()).in("p", f.levels(), "z");
        for (WeatherOutput o : WeatherOutput.values()) {
            nest.out(o.key(), outputs[o.ordinal()]);
        }
        nest.kernelPath(path).splitAt(2).on(device).run();
        return outputs;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = KernelPath.class, names = {"VECTOR", "SCALAR"})
    void shouldGiveTheJavaFormulasResultsOnCpuAndSim(KernelPath path) {
        WeatherFields f = WeatherFields.synthetic(2, 3, 5, 41, 7);
        float[] temperature = f.temperature();
        float[] humidity = f.humidity();
        temperature[3] = Float.NaN; // a missing point
        humidity[17] = 0f; // a dry one
        humidity[18] = -1e31f; // missing humidity
        try (CpuDevice cpu = new CpuDevice(2);
             SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build())) {
            float[][] onCpu = run(f, cpu, path);
            float[][] onSim = run(f, sim, path);
            GridShape s = f.shape();
            float[] point = new float[WeatherOutput.COUNT];
            int k = 0;
            for (int t = 0; t < s.t(); t++) {
                for (int z = 0; z < s.z(); z++) {
                    for (int yx = 0; yx < s.y() * s.x(); yx++, k++) {
                        WeatherFormulas.point(temperature[k], humidity[k], f.levels()[z], point);
                        for (WeatherOutput o : WeatherOutput.values()) {
                            float expected = point[o.ordinal()];
                            WeatherAssertions.assertMatches(path, o, expected, onCpu[o.ordinal()][k], "cpu " + k);
                            WeatherAssertions.assertMatches(path, o, expected, onSim[o.ordinal()][k], "sim " + k);
                        }
                    }
                }
            }
        }
    }
}

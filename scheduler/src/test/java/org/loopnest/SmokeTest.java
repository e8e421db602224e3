package org.loopnest;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.loopnest.data.FloatView;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.RunReport;

class SmokeTest {
    @Test
    void shouldRunOnCpuAndSim() {
        int T = 5, Z = 7, Y = 46, X = 72;
        float[] t = new float[T * Z * Y * X];
        float[] p = new float[Z];
        for (int i = 0; i < t.length; i++) t[i] = i % 1000;
        for (int z = 0; z < Z; z++) p[z] = 1000 - z * 100;
        float[] out1 = new float[t.length];
        float[] out2 = new float[t.length];
        RunReport r1 = LoopNest.of(T, Z, Y, X).names("t", "z", "y", "x").in("T", t).in("p", p, "z").out("o", out1)
                .kernel(a -> { FloatView tt = a.floats("T"), pp = a.floats("p"), o = a.floats("o");
                    return it -> o.set(it, tt.get(it) + pp.get(it)); }).run();
        System.out.println(r1);
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(200_000).build())) {
            RunReport r2 = LoopNest.of(T, Z, Y, X).names("t", "z", "y", "x").in("T", t).in("p", p, "z").out("o", out2)
                    .kernel(a -> { FloatView tt = a.floats("T"), pp = a.floats("p"), o = a.floats("o");
                        return it -> o.set(it, tt.get(it) + pp.get(it)); }).on(sim).run();
            System.out.println(r2);
            System.out.println(r2.toJson());
            assertEquals(0, sim.usedBytes());
        }
        for (int i = 0; i < t.length; i++) {
            float expect = t[i] + p[(i / (Y * X)) % Z];
            assertEquals(expect, out1[i], "cpu " + i);
            assertEquals(expect, out2[i], "sim " + i);
        }
    }
}

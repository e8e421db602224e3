package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;

/**
 * Bodies with a {@code NAN} or {@code INFINITY} literal give on {@code opencl:0} (PoCL in CI) what they give on the
 * JVM. PoCL 3.1 dropped the stores of a kernel whose math function got a NaN known at compile time, leaving the
 * outputs as leftover staging memory with no error; the literals are now printed so that no compiler knows them.
 */
@Tag("opencl")
class NonFiniteLiteralsOnOpenClTest {
    private static final int N = 16;

    /** The bodies the differential fuzzer found, and NaNs that reach a math function through a branch or ∞ − ∞. */
    private static final List<String> BODIES = List.of(
            "y = pow(1.0f, NAN); z = 42;",
            "y = floor(NAN); z = 42;",
            "y = ceil(NAN); z = 42;",
            "y = exp(NAN); z = 42;",
            "y = sinh(NAN); z = 42;",
            "y = tanh(NAN); z = 42;",
            "y = (float) floor((double) NAN); z = 42;",
            "y = (float) exp((double) NAN); z = 42;",
            "y = floor(INFINITY - INFINITY); z = 42;",
            "y = x > 1.5f ? pow(1.0f, NAN) : 3.0f; z = 42;",
            "if (x > 1.5f) { y = floor(NAN); } else { y = 3.0f; } z = (int) x;");

    private record Result(float[] y, int[] z) {
    }

    private static Result run(String body, Device device) {
        float[] x = new float[N];
        for (int i = 0; i < N; i++) {
            x[i] = i * 0.25f;
        }
        float[] y = new float[N];
        int[] z = new int[N];
        LoopNest.of(N).names("i").in("x", x).out("y", y).out("z", z).deviceCode(body).on(device).run();
        return new Result(y, z);
    }

    private static boolean same(float expected, float actual) {
        return Float.isNaN(expected) ? Float.isNaN(actual) : expected == actual;
    }

    @Test
    void shouldComputeWhatTheJvmComputesForBodiesWithNanAndInfinityLiterals() {
        OpenClSupport.assumeOpenCl();
        List<String> mismatches = new ArrayList<>();
        try (CpuDevice cpu = new CpuDevice(1); OpenClDevice opencl = OpenClDevice.open(0)) {
            for (String body : BODIES) {
                Result jvm = run(body, cpu);
                Result cl = run(body, opencl);
                for (int i = 0; i < N; i++) {
                    if (!same(jvm.y()[i], cl.y()[i]) || jvm.z()[i] != cl.z()[i]) {
                        mismatches.add(body + " at i=" + i + ": jvm y=" + jvm.y()[i] + " z=" + jvm.z()[i]
                                + ", opencl y=" + cl.y()[i] + " z=" + cl.z()[i]);
                        break;
                    }
                }
            }
        }
        assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
    }
}

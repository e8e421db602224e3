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
import org.loopnest.internal.lang.MathFunction;

/**
 * Bodies with a NaN or infinity known at compile time give on {@code opencl:0} (PoCL in CI) what they give on the
 * JVM. PoCL 3.1 dropped the stores of a kernel whose math function got a NaN the compiler knew, leaving the outputs
 * as leftover staging memory with no error: whether the NaN was a {@code NAN} literal or worked out from finite
 * constants ({@code 0.0f/0.0f}, {@code a / a} after {@code const float a = 0.0f}). The literals are printed so that no
 * compiler knows them, and every library math function is called through a guard that never hands it a NaN.
 */
@Tag("opencl")
class NonFiniteLiteralsOnOpenClTest {
    private static final int N = 16;

    /** The bodies the differential fuzzer found, and NaNs that reach a math function through a branch or ∞ − ∞. */
    private static final List<String> LITERALS = List.of(
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

    /**
     * NaNs the OpenCL compiler works out from finite constants: the reviewer's bodies (each gave garbage on PoCL
     * 3.1 before the guards), through a constant, a local, a branch, a loop, another math function, and the C99
     * exceptions of {@code pow}.
     */
    private static final List<String> FOLDED = List.of(
            "y = pow(1.0f, 0.0f/0.0f); z = 42;",
            "y = floor(0.0f/0.0f); z = 42;",
            "y = floor(0.0f * (1.0f/0.0f)); z = 42;",
            "const float a = 0.0f; y = floor(a/a); z = 42;",
            "float a = 0.0f; y = floor(a/a); z = 42;",
            "float a = 0.0f; float b = a / a; y = pow(1.0f, b) + exp(b); z = 42;",
            "int n = 0; y = floor((float) n / (float) n); z = (int) floor((float) n / (float) n);",
            "y = x > 1.5f ? pow(1.0f, 0.0f/0.0f) : 3.0f; z = 42;",
            "if (x > 1.5f) { y = floor(0.0f/0.0f); } else { y = 3.0f; } z = (int) x;",
            "float s = 0.0f; for (int k = 0; k < 3; k++) { s += (float) k; }"
                    + " y = ceil((s - 3.0f) / (s - 3.0f)); z = 42;",
            "y = tanh(fmod(1.0f, 0.0f)); z = 42;",
            "y = sinh(sin(1.0f / 0.0f)); z = 42;",
            "y = (float) exp(0.0 * (1.0 / 0.0)); z = 42;",
            "y = pow(0.0f / 0.0f, 0.0f) + pow(0.0f / 0.0f, -0.0f); z = 42;",
            "y = pow(0.0f / 0.0f, 0.0f / 0.0f); z = 42;",
            "y = (float) pow(1.0, 0.0 / 0.0) + pow(-1.0f, 1.0f / 0.0f); z = 42;",
            "z = (int) (0.0f / 0.0f) + (int) floor(0.0f / 0.0f); y = (float) (long) (1.0f / 0.0f);");

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

    /**
     * Every math function with a NaN, +∞ and −∞ the compiler folds from finite constants, in {@code float} and
     * {@code double}, in each argument (the other one 2).
     */
    private static List<String> everyFunctionFolded() {
        List<String> bodies = new ArrayList<>();
        for (String suffix : new String[] {"f", ""}) {
            String cast = suffix.isEmpty() ? "(float) " : "";
            for (String special : new String[] {"0.0%s / 0.0%s", "1.0%s / 0.0%s", "-1.0%s / 0.0%s"}) {
                String s = "(" + special.formatted(suffix, suffix) + ")";
                String two = "2.0" + suffix;
                for (MathFunction f : MathFunction.values()) {
                    String name = f.languageName();
                    if (f.isTest()) {
                        bodies.add("y = " + name + s + " ? 1.0f : 2.0f; z = 42;");
                    } else if (f.arity() == 1) {
                        bodies.add("y = " + cast + name + s + "; z = 42;");
                    } else {
                        bodies.add("y = " + cast + name + "(" + s + ", " + two + "); z = 42;");
                        bodies.add("y = " + cast + name + "(" + two + ", " + s + "); z = 42;");
                    }
                }
            }
        }
        return bodies;
    }

    /**
     * Whether {@code actual} is {@code expected} within the widest bound of KERNELS.md §8 (16 ulps, OpenCL's
     * {@code pow}): NaN for NaN, the same infinity for an infinity.
     */
    private static boolean close(float expected, float actual) {
        if (Float.isNaN(expected) || Float.isInfinite(expected)) {
            return Float.isNaN(expected) ? Float.isNaN(actual) : expected == actual;
        }
        return Math.abs(expected - actual) <= 16 * Math.ulp(expected);
    }

    private static List<String> mismatches(List<String> bodies) {
        List<String> mismatches = new ArrayList<>();
        try (CpuDevice cpu = new CpuDevice(1); OpenClDevice opencl = OpenClDevice.open(0)) {
            for (String body : bodies) {
                Result jvm = run(body, cpu);
                Result cl = run(body, opencl);
                for (int i = 0; i < N; i++) {
                    if (!close(jvm.y()[i], cl.y()[i]) || jvm.z()[i] != cl.z()[i]) {
                        mismatches.add(body + " at i=" + i + ": jvm y=" + jvm.y()[i] + " z=" + jvm.z()[i]
                                + ", opencl y=" + cl.y()[i] + " z=" + cl.z()[i]);
                        break;
                    }
                }
            }
        }
        return mismatches;
    }

    @Test
    void shouldComputeWhatTheJvmComputesForBodiesWithNanAndInfinityLiterals() {
        OpenClSupport.assumeOpenCl();
        List<String> mismatches = mismatches(LITERALS);
        assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
    }

    @Test
    void shouldComputeWhatTheJvmComputesWhenTheCompilerFoldsANanFromFiniteConstants() {
        OpenClSupport.assumeOpenCl();
        List<String> mismatches = mismatches(FOLDED);
        assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
    }

    @Test
    void shouldComputeWhatTheJvmComputesForEveryMathFunctionOfAFoldedNanOrInfinity() {
        OpenClSupport.assumeOpenCl();
        List<String> mismatches = mismatches(everyFunctionFolded());
        assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
    }
}

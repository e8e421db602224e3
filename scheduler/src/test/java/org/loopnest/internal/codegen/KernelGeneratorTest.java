package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.kernel.DeviceCode;

/** The generated kernels: prologue, positions, names, dumps, and that nvcc accepts the CUDA version. */
class KernelGeneratorTest {

    private static LoopNest nest() {
        return LoopNest.of(3, 4, 5).names("t", "z", "x")
                .in("T", new float[60]).in("p", new float[4], "z").out("theta", new float[60])
                .kernel(arrays -> it -> { })
                .deviceCode("theta = T * pow(1000.0f / p, 0.2857143f);");
    }

    private static KernelSource source(int d, long group) {
        return nest().splitAt(d).group(group).plan().kernelSource();
    }

    @Test
    void shouldRecoverOuterIndicesFromTheChunkAndInnerOnesFromTheThread() {
        String cl = source(2, 1).source(KernelTarget.OPENCL);
        assertTrue(cl.contains("const LN_I64 ln_o = ln_tid / 5;"), cl);
        assertTrue(cl.contains("const LN_I64 t = ln_outer / 4;"), cl);
        assertTrue(cl.contains("const LN_I64 z = ln_outer % 4;"), cl);
        assertTrue(cl.contains("const LN_I64 x = ln_id;"), cl);
        assertTrue(cl.contains("if (ln_tid >= ln_count)"), cl);
    }

    @Test
    void shouldPointStreamedArraysAtTheThreadAndSubsetArraysAtTheirSlab() {
        String outer = source(2, 3).source(KernelTarget.OPENCL);
        assertTrue(outer.contains("ln_at_T = (LN_GLOBAL const float*) (ln_in + 0) + ln_tid;"), outer);
        assertTrue(outer.contains("ln_at_p = (LN_GLOBAL const float*) (ln_in + 64) + (ln_o);"), outer);
        assertTrue(outer.contains("ln_at_theta = (LN_GLOBAL float*) (ln_out + 0) + ln_tid;"), outer);
        String resident = source(1, 1).source(KernelTarget.OPENCL);
        assertTrue(resident.contains("ln_at_p = (LN_GLOBAL const float*) (ln_res + 0) + (z);"), resident);
    }

    @Test
    void shouldMakeEachArrayAMacroForItsElementAndUndefineItAfterTheBody() {
        String cu = source(1, 1).source(KernelTarget.CUDA);
        assertTrue(cu.contains("#define theta (*ln_at_theta)"), cu);
        assertTrue(cu.contains("#undef theta"), cu);
        assertTrue(cu.indexOf("theta = T * pow(") > cu.indexOf("#define theta"), cu);
        assertTrue(cu.contains("extern \"C\" __global__"), cu);
    }

    @Test
    void shouldEnableDoublesOnOpenClOnlyWhenTheKernelUsesThem() {
        assertFalse(source(1, 1).usesDouble());
        KernelSource doubles = LoopNest.of(4).names("i").in("a", new double[4]).out("b", new double[4])
                .kernel(arrays -> it -> { }).deviceCode("b = a;").splitAt(0).plan().kernelSource();
        assertTrue(doubles.usesDouble());
        assertTrue(doubles.source(KernelTarget.OPENCL).startsWith("// Generated"));
        assertTrue(doubles.source(KernelTarget.OPENCL).contains("cl_khr_fp64 : enable"));
    }

    @Test
    void shouldRejectNamesThatCannotStandInC() {
        IllegalArgumentException reserved = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).names("int").in("a", new float[4]).out("b", new float[4])
                        .deviceCode("b = a;").dumpKernels(Path.of("unused")));
        assertEquals("loop index 'int' is a reserved word of C, OpenCL or CUDA (expected: a C identifier such as T "
                + "or level_p, to name it in device code)", reserved.getMessage());
        IllegalArgumentException runtime = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).in("ln_a", new float[4]).out("b", new float[4]).deviceCode("b = 1;").dumpKernels(Path.of("unused")));
        assertTrue(runtime.getMessage().startsWith("in array 'ln_a' starts with ln_"), runtime.getMessage());
        IllegalArgumentException clash = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).names("i").in("i", new float[4]).out("b", new float[4]).deviceCode("b = 1;")
                        .dumpKernels(Path.of("unused")));
        assertEquals("in 'i' has the name of a loop index (expected: distinct names for arrays and indices, which "
                + "device code uses alike)", clash.getMessage());
        IllegalArgumentException notC = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).in("a-b", new float[4]).out("b", new float[4]).deviceCode("b = 1;").dumpKernels(Path.of("unused")));
        assertTrue(notC.getMessage().startsWith("in array 'a-b' is not a C identifier"), notC.getMessage());
    }

    @Test
    void shouldWriteBothTargetsWithoutAnyDevice(@TempDir Path dir) throws IOException {
        List<Path> files = nest().deviceCode(DeviceCode.of("theta = T;").named("potential"))
                .dumpKernels(dir.resolve("kernels"));
        assertEquals(List.of(dir.resolve("kernels/potential.cl"), dir.resolve("kernels/potential.cu")), files);
        assertTrue(Files.readString(files.get(0)).contains("__kernel"));
        assertTrue(Files.readString(files.get(1)).contains("__global__"));
    }

    @Test
    void shouldRefuseToDumpWithoutDeviceCode() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LoopNest.of(4).in("a", new float[4]).out("b", new float[4]).kernel(x -> it -> { })
                        .dumpKernels(Path.of("unused")));
        assertEquals("no device code to dump (expected: call deviceCode(...) first)", e.getMessage());
    }

    @Test
    void shouldRejectCxxWordsHeaderMacrosAndBuiltinKernelNames() {
        for (String name : new String[] {"and", "xor", "public", "nullptr", "NULL", "M_PI", "INT_MAX", "CHAR_BIT",
                "__x", "_Upper"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LoopNest.of(4).names(name).in("a", new float[4]).out("b", new float[4])
                            .deviceCode("b = a;").dumpKernels(Path.of("unused")), name);
            assertTrue(e.getMessage().startsWith("loop index '" + name + "' "), e.getMessage());
        }
        for (String name : new String[] {"exp", "main", "min"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LoopNest.of(4).in("a", new float[4]).out("b", new float[4])
                            .deviceCode(org.loopnest.kernel.DeviceCode.of("b = a;").named(name))
                            .dumpKernels(Path.of("unused")), name);
            assertEquals("kernel name '" + name + "' is a function of C, OpenCL or CUDA (expected: a name of your "
                    + "own such as physics, via DeviceCode.named)", e.getMessage());
        }
    }

    @Test
    void shouldSetEveryOutputToZeroBeforeTheBodyAndEndABodyContinuedWithABackslash() {
        String cl = LoopNest.of(4).in("a", new float[4]).out("b", new float[4]).out("c", new int[4])
                .kernel(arrays -> it -> { }).deviceCode("if (a > 0.0f) { b = a; c = 1; } // set only for positive a \\").plan().kernelSource()
                .source(KernelTarget.OPENCL);
        int zeroB = cl.indexOf("*ln_at_b = 0;");
        int zeroC = cl.indexOf("*ln_at_c = 0;");
        int body = cl.indexOf("if (a > 0.0f)");
        assertTrue(zeroB > 0 && zeroC > 0 && zeroB < body && zeroC < body, cl);
        assertTrue(!cl.contains("*ln_at_a = 0;"), "inputs are left alone: " + cl);
        assertTrue(cl.substring(body).matches("(?s)[^\n]*\\\\\n\n.*"), "an empty line follows the body: " + cl);
    }

    @Test
    void shouldCompileWithNvccWhenItIsInstalled(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Nvcc.onPath(), "nvcc is not on the PATH: CUDA code generation is not compiled here");
        for (int d = 0; d < 3; d++) {
            Path cu = nest().splitAt(d).group(2).dumpKernels(dir.resolve("d" + d)).get(1);
            Nvcc.assertCompiles(cu);
        }
    }
}

package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.kernel.DeviceCode;

/** The generated kernels: prologue, positions, locals and stores, names, dumps (compiled by CorpusCompileTest). */
class KernelGeneratorTest {
    private static final IndexSpace SPACE = IndexSpace.of(3, 4, 5).withNames("t", "z", "x");

    /** {@code theta = T * pow(1000.0f / p, 0.2857143f);} over t, z, x, checked by the front end. */
    static Program theta() {
        return KernelLanguage.check(DeviceCode.of("theta = T * pow(1000.0f / p, 0.2857143f);").named("potential"),
                new KernelContext(SPACE.names(), List.of(Trees.array("T", Type.FLOAT, Role.IN),
                        Trees.array("p", Type.FLOAT, Role.IN), Trees.array("theta", Type.FLOAT, Role.OUT))));
    }

    private static ChunkLayout layout(int d, long group) {
        return ChunkLayout.of(SPACE.split(d, group), List.of(
                ArrayBinding.of("T", Role.IN, new float[60], SPACE),
                ArrayBinding.of("p", Role.IN, new float[4], SPACE, "z"),
                ArrayBinding.of("theta", Role.OUT, new float[60], SPACE)));
    }

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
        assertTrue(cl.contains("const LN_I64 u_t = ln_outer / 4;"), cl);
        assertTrue(cl.contains("const LN_I64 u_z = ln_outer % 4;"), cl);
        assertTrue(cl.contains("const LN_I64 u_x = ln_id;"), cl);
        assertTrue(cl.contains("if (ln_tid >= ln_count)"), cl);
    }

    @Test
    void shouldPointStreamedArraysAtTheThreadAndSubsetArraysAtTheirSlab() {
        String outer = source(2, 3).source(KernelTarget.OPENCL);
        assertTrue(outer.contains("ln_at_T = (LN_GLOBAL const float*) (ln_in + 0) + ln_tid;"), outer);
        assertTrue(outer.contains("ln_at_p = (LN_GLOBAL const float*) (ln_in + 64) + (ln_o);"), outer);
        assertTrue(outer.contains("ln_at_theta = (LN_GLOBAL float*) (ln_out + 0) + ln_tid;"), outer);
        String resident = source(1, 1).source(KernelTarget.OPENCL);
        assertTrue(resident.contains("ln_at_p = (LN_GLOBAL const float*) (ln_res + 0) + (u_z);"), resident);
    }

    @Test
    void shouldLoadInputsIntoConstLocalsAndStoreEachOutputOnceAfterTheBody() {
        for (KernelTarget target : KernelTarget.values()) {
            String c = KernelGenerator.generate(layout(1, 1), theta()).source(target);
            int loadT = c.indexOf("    const float u_T = *ln_at_T; (void) u_T;\n");
            int loadP = c.indexOf("    const float u_p = *ln_at_p; (void) u_p;\n");
            int declare = c.indexOf("    float u_theta;\n");
            String powName = target == KernelTarget.CUDA ? "powf" : "ln_pow_f";
            int body = c.indexOf("        u_theta = u_T * " + powName + "(1000.0f / u_p, 0.2857143f);\n");
            int store = c.indexOf("    *ln_at_theta = u_theta;\n");
            assertTrue(loadT > 0 && loadP > loadT && declare > loadP && body > declare && store > body, c);
            assertEquals(store + 4, c.lastIndexOf("*ln_at_theta ="), "stored once: " + c);
            assertFalse(c.contains("#define T") || c.contains("#define theta") || c.contains("= 0;"), c);
        }
        assertTrue(KernelGenerator.generate(layout(1, 1), theta()).source(KernelTarget.CUDA)
                .contains("extern \"C\" __global__"));
    }

    @Test
    void shouldReadNanAndInfinityThroughAVolatileSoThatNoCompilerFoldsThem() {
        KernelSource k = LoopNest.of(4).names("i").out("y", new float[4]).out("z", new int[4])
                .deviceCode("y = pow(1.0f, NAN) + (float) floor((double) -INFINITY); z = 42;").plan().kernelSource();
        for (KernelTarget target : KernelTarget.values()) {
            String c = k.source(target);
            assertTrue(c.contains("LN_FUNC float ln_nan(void) { volatile float v = NAN; return v; }\n"), c);
            assertTrue(c.contains("LN_FUNC float ln_inf(void) { volatile float v = INFINITY; return v; }\n"), c);
            boolean cuda = target == KernelTarget.CUDA;
            assertTrue(c.contains("u_y = " + (cuda ? "powf" : "ln_pow_f") + "(1.0f, ln_nan()) + ((float) "
                    + (cuda ? "floor" : "ln_floor_d") + "((double) (-ln_inf())));\n"), c);
            String kernel = c.substring(c.indexOf("LN_KERNEL void"));
            assertFalse(kernel.contains("NAN") || kernel.contains("INFINITY"), kernel);
            assertFalse(source(2, 1).source(target).contains("ln_nan"), "only where a body has such a literal");
        }
    }

    @Test
    void shouldCallLibraryMathThroughAGuardThatNeverPassesItANanOnOpenClOnly() {
        KernelSource k = LoopNest.of(4).names("i").in("x", new float[4]).out("y", new float[4]).out("z", new int[4])
                .deviceCode("y = pow(1.0f, 0.0f/0.0f) + floor(x) + floor(x / 2.0f) + fmin(x, 1.0f)"
                        + " + (float) atan2((double) x, 1.0) + (float) exp((double) x); z = 42;").plan().kernelSource();
        String cl = k.source(KernelTarget.OPENCL);
        assertTrue(cl.contains("LN_FUNC float ln_pow_f(float x, float y) { return (isnan(x) || isnan(y)) ? "
                + "((x == 1.0f || y == 0.0f) ? 1.0f : x + y) : pow(x, y); }\n"), cl);
        assertTrue(cl.contains("LN_FUNC float ln_floor_f(float x) { return isnan(x) ? x : floor(x); }\n"), cl);
        assertTrue(cl.contains("LN_FUNC double ln_exp_d(double x) { return isnan(x) ? x : exp(x); }\n"), cl);
        assertTrue(cl.contains("LN_FUNC double ln_atan2_d(double x, double y) { return (isnan(x) || isnan(y)) ? "
                + "x + y : atan2(x, y); }\n"), cl);
        assertTrue(cl.contains("u_y = ((((ln_pow_f(1.0f, 0.0f / 0.0f) + ln_floor_f(u_x)) + ln_floor_f(u_x / 2.0f))"
                + " + fmin(u_x, 1.0f)) + ((float) ln_atan2_d((double) u_x, 1.0)))"
                + " + ((float) ln_exp_d((double) u_x));\n"), cl);
        assertEquals(1, cl.split("LN_FUNC float ln_floor_f", -1).length - 1, "one definition per guard: " + cl);
        assertFalse(cl.contains("ln_fmin") || cl.contains("ln_exp_f") || cl.contains("ln_ceil"),
                "only the guards called: " + cl);
        String cuda = k.source(KernelTarget.CUDA);
        assertFalse(cuda.contains("ln_pow") || cuda.contains("ln_floor") || cuda.contains("ln_exp"), cuda);
        assertTrue(cuda.contains("powf(1.0f, 0.0f / 0.0f)"), cuda);
    }

    @Test
    void shouldPrintHelpersBeforeTheKernelInTheProgramsOrder() {
        Program p = Trees.program("helped", SPACE.names(), List.of(Trees.array("T", Type.FLOAT, Role.IN),
                        Trees.array("p", Type.FLOAT, Role.IN), Trees.array("theta", Type.FLOAT, Role.OUT)),
                CEmitterTest.twoHelpers(), Trees.assign(Trees.out(Type.FLOAT, "theta"),
                        Trees.call(Type.FLOAT, "twice", Trees.in(Type.FLOAT, "T"))));
        String cl = KernelGenerator.generate(layout(2, 1), p).source(KernelTarget.OPENCL);
        int half = cl.indexOf("LN_FUNC float u_halve(float u_v)\n");
        int twice = cl.indexOf("LN_FUNC float u_twice(float u_v)\n");
        int kernel = cl.indexOf("LN_KERNEL void helped(");
        assertTrue(half > 0 && twice > half && kernel > twice, cl);
        assertTrue(cl.contains("        u_theta = u_twice(u_T);\n"), cl);
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
        assertEquals("loop index 'int' is a reserved word of C, C++, OpenCL, CUDA or Java (expected: a C identifier such as T "
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
        IllegalArgumentException control = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).in("a\0", new float[4]).out("b", new float[4]).deviceCode("b = 1;")
                        .dumpKernels(Path.of("unused")));
        assertTrue(control.getMessage().startsWith("in array 'a\\u0000' is not a C identifier"), control.getMessage());
    }

    @Test
    void shouldRefuseTheOpenCl2KeywordGenericAsTheKernelsNameOrAnArraysName() {
        IllegalArgumentException kernel = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).out("b", new float[4]).deviceCode(DeviceCode.of("b = 1.0f;").named("generic"))
                        .plan());
        assertEquals("kernel name 'generic' is a reserved word of C, C++, OpenCL, CUDA or Java (expected: a C "
                + "identifier such as T or level_p, to name it in device code)", kernel.getMessage());
        IllegalArgumentException array = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).out("generic", new float[4]).deviceCode("generic = 1.0f;").plan());
        assertTrue(array.getMessage().contains("'generic' is a reserved word"), array.getMessage());
    }

    @Test
    void shouldWriteEveryTargetWithoutAnyDevice(@TempDir Path dir) throws IOException {
        List<Path> files = nest().deviceCode(DeviceCode.of("theta = T;").named("potential"))
                .dumpKernels(dir.resolve("kernels"));
        assertEquals(List.of(dir.resolve("kernels/potential.cl"), dir.resolve("kernels/potential.cu"),
                dir.resolve("kernels/potential.java"), dir.resolve("kernels/potential.vector.java")), files);
        assertTrue(Files.readString(files.get(0)).contains("__kernel"));
        assertTrue(Files.readString(files.get(1)).contains("__global__"));
        String java = Files.readString(files.get(2));
        assertTrue(java.contains("class LnBody") && java.contains("u_theta = u_T;"), java);
        String vector = Files.readString(files.get(3));
        assertTrue(vector.contains("import jdk.incubator.vector.*;") && vector.contains("u_theta = u_T;"), vector);
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
                "__x", "_Upper", "final", "var", "record", "concept"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LoopNest.of(4).names(name).in("a", new float[4]).out("b", new float[4])
                            .deviceCode("b = a;").dumpKernels(Path.of("unused")), name);
            assertTrue(e.getMessage().startsWith("loop index '" + name + "' "), e.getMessage());
        }
        for (String name : new String[] {"exp", "main", "min", "expf", "sqrtf", "step", "mix", "select"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LoopNest.of(4).in("a", new float[4]).out("b", new float[4])
                            .deviceCode(org.loopnest.kernel.DeviceCode.of("b = a;").named(name))
                            .dumpKernels(Path.of("unused")), name);
            assertEquals("kernel name '" + name + "' is a function of C, OpenCL or CUDA (expected: a name of your "
                    + "own such as physics, via DeviceCode.named)", e.getMessage());
        }
    }

    @Test
    void shouldRefuseAKernelNamedAsTheGeneratedCodeSpellsOneOfItsHelpers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).in("a", new float[4]).out("b", new float[4])
                        .deviceCode(new DeviceCode("u_twice", "b = twice(a);", "float twice(float v) { return v + v; }"))
                        .dumpKernels(Path.of("unused")));
        assertEquals("kernel name 'u_twice' is how the generated code spells the helper 'twice' (expected: a kernel "
                + "name other than u_ followed by a helper's name, via DeviceCode.named)", e.getMessage());
    }
}

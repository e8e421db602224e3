package org.loopnest.internal.codegen;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.device.CompiledDeviceEqualityContract;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.index.IndexSpace;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.kernel.DeviceCode;

/**
 * Every kernel the code generation tests print, gathered to be compiled by the targets' own compilers: the
 * hand-built trees of these tests, every body of {@link BodyCases} and the equality suite's bodies
 * ({@link CompiledDeviceEqualityContract#code}) as the front end checks them. Each kernel has
 * a name of its own; for one CUDA file each source is wrapped in a namespace of its own, so that equal helper
 * names of two kernels do not clash.
 */
final class KernelCorpus {
    /**
     * The weather example's body (a copy: the examples module depends on this one), loops and helpers calling
     * helpers included; helper names avoid the arrays' and indices' names, which the language does not let them
     * shadow.
     */
    static final DeviceCode WEATHER = DeviceCode.of("""
            if (missing(T) || missing(q)) {
                theta = NAN; es = NAN; e = NAN; rh = NAN; td = NAN; thetae = NAN; lcl_p = NAN; lcl_t = NAN;
            } else {
                const float w = q / (1.0f - q);
                theta = T * pow(1000.0f / p, 0.2857143f);
                es = 6.112f * exp(17.67f * (T - 273.15f) / (T - 29.65f));
                e = p * w / (0.62197f + w);
                rh = e / es;
                if (q > 0.0f) {
                    td = dewpoint(e); thetae = td * 2.0f; lcl_p = lcl_pressure(T, p, w);
                    lcl_t = dewpoint(lcl_p * w / (0.62197f + w));
                } else {
                    td = NAN; thetae = NAN; lcl_p = NAN; lcl_t = NAN;
                }
            }
            """).named("weather").withHelpers("""
            bool missing(float v) { return isnan(v) || v <= -1.0e30f; }
            float dewpoint(float vp) { const float v = log(vp / 6.112f); return 273.15f + 243.5f * v / (17.67f - v); }
            float lcl_pressure(float kelvin, float p0, float w) {
                float level = p0;
                for (int k = 0; k < 50; k++) {
                    const float next = p0 * pow(dewpoint(level * w / (0.62197f + w)) / kelvin, 1.0f / 0.2857143f);
                    if (fabs(next - level) <= 1.0e-5f * fabs(next)) { return next; }
                    level = next;
                }
                return NAN;
            }
            """);

    private KernelCorpus() {
    }

    /** {@return the weather body's context: indices t, z, y, x; inputs T, q, p; eight float outputs} */
    static KernelContext weatherContext() {
        List<KernelContext.ArraySignature> arrays = new ArrayList<>();
        for (String in : List.of("T", "q", "p")) {
            arrays.add(Trees.array(in, Type.FLOAT, org.loopnest.data.Role.IN));
        }
        for (String out : List.of("theta", "es", "e", "rh", "td", "thetae", "lcl_p", "lcl_t")) {
            arrays.add(Trees.array(out, Type.FLOAT, org.loopnest.data.Role.OUT));
        }
        return new KernelContext(List.of("t", "z", "y", "x"), arrays);
    }

    /** {@return every kernel of the corpus, generated} */
    static List<KernelSource> all() {
        List<KernelSource> all = new ArrayList<>();
        for (int d = 0; d < 3; d++) {
            all.add(generate(renamed(KernelGeneratorTest.theta(), "potential_d" + d), d, 3, 4, 5));
        }
        all.add(generate(CEmitterTest.loops(), 0, 16));
        all.add(generate(EveryConstruct.program(), 0, 16));
        for (BodyCases.Case c : BodyCases.all()) {
            all.add(generate(c.check(), 0, BodyCases.LENGTH));
        }
        all.add(generate(KernelLanguage.check(WEATHER, weatherContext()), 2, 2, 3, 4, 5));
        for (ElementType t : ElementType.values()) {
            all.add(generate(equalityBody(t), 1, 3, 4, 5));
        }
        all.add(generateColumns(columnBody(), 1, 3, 4, 5));
        return all;
    }

    /** {@return all CUDA sources as one file, each in a namespace of its own} */
    static String oneCudaFile(List<KernelSource> kernels) {
        StringBuilder s = new StringBuilder();
        for (KernelSource k : kernels) {
            s.append("namespace corpus_").append(k.entryPoint()).append(" {\n").append(k.source(KernelTarget.CUDA))
                    .append("}\n\n");
        }
        return s.toString();
    }

    /** {@return the equality suite's body for {@code type} over indices i0, i1, i2, checked by the front end} */
    static Program equalityBody(ElementType type) {
        String[] names = {"i0", "i1", "i2"};
        Type t = Type.valueOf(type.name());
        List<KernelContext.ArraySignature> arrays = new ArrayList<>();
        for (String in : List.of("a", "b", "c")) {
            arrays.add(Trees.array(in, t, org.loopnest.data.Role.IN));
        }
        arrays.add(Trees.array("out", t, org.loopnest.data.Role.OUT));
        return KernelLanguage.check(CompiledDeviceEqualityContract.code(type, names),
                new KernelContext(List.of(names), arrays));
    }

    /**
     * {@return a body over indices t, y, x that walks column arrays: double and int inputs and a float column output
     * over axis z (7 levels), reading and writing levels with computed indices, and a per-column long output}
     */
    static Program columnBody() {
        List<KernelContext.ArraySignature> arrays = List.of(
                new KernelContext.ArraySignature("a", Type.DOUBLE, org.loopnest.data.Role.IN, "z", 7),
                new KernelContext.ArraySignature("n", Type.INT, org.loopnest.data.Role.IN, "z", 7),
                new KernelContext.ArraySignature("g", Type.FLOAT, org.loopnest.data.Role.OUT, "z", 7),
                new KernelContext.ArraySignature("m", Type.LONG, org.loopnest.data.Role.OUT));
        return KernelLanguage.check(new DeviceCode("columns", """
                long total = 0L;
                for (long k = 1L; k < (long) len(z); k++) {
                    g[k] = (float) (a[k] - a[k - 1L]);
                    g[k - 1L] += 1.0f;
                    total += (long) n[(int) k];
                }
                m = total;
                """, ""), new KernelContext(List.of("t", "y", "x"), arrays));
    }

    /** As {@link #generate}, binding each column array of {@code program} as one descriptor per level. */
    static KernelSource generateColumns(Program program, int depth, long... extents) {
        IndexSpace space = IndexSpace.of(extents).withNames(program.context().indices().toArray(String[]::new));
        int[] all = java.util.stream.IntStream.range(0, space.depth()).toArray();
        List<ArrayBinding> bindings = new ArrayList<>();
        for (KernelContext.ArraySignature a : program.context().arrays()) {
            for (int l = 0; l < a.bindings(); l++) {
                ArrayBinding.ColumnLevel level = a.isColumn() ? new ArrayBinding.ColumnLevel(a.name(), a.axis(), l,
                        a.levels()) : null;
                bindings.add(ArrayBinding.descriptor(level == null ? a.name()
                        : ArrayBinding.ColumnLevel.bindingName(a.name(), l), a.role(), elementType(a.type()), space,
                        all, level));
            }
        }
        return KernelGenerator.generate(ChunkLayout.of(space.split(depth, 1), bindings), program);
    }

    static Program renamed(Program p, String name) {
        return new Program(p.code().named(name), p.context(), p.helpers(), p.body());
    }

    /** {@return {@code program}'s kernel over a nest of {@code extents} split at {@code depth}, one outer group} */
    static KernelSource generate(Program program, int depth, long... extents) {
        IndexSpace space = IndexSpace.of(extents).withNames(program.context().indices().toArray(String[]::new));
        List<ArrayBinding> bindings = new ArrayList<>();
        for (KernelContext.ArraySignature a : program.context().arrays()) {
            bindings.add(ArrayBinding.descriptor(a.name(), a.role(), elementType(a.type()), space,
                    java.util.stream.IntStream.range(0, space.depth()).toArray()));
        }
        return KernelGenerator.generate(ChunkLayout.of(space.split(depth, 1), bindings), program);
    }

    private static ElementType elementType(Type type) {
        return switch (type) {
            case INT -> ElementType.INT;
            case LONG -> ElementType.LONG;
            case FLOAT -> ElementType.FLOAT;
            case DOUBLE -> ElementType.DOUBLE;
            case BOOL -> throw new IllegalArgumentException("no bool arrays (expected: a numeric element type)");
        };
    }
}

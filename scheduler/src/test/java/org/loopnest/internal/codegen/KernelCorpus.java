package org.loopnest.internal.codegen;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.index.IndexSpace;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.serializer.ChunkLayout;

/**
 * Every kernel the code generation tests print, gathered to be compiled by the targets' own compilers: the
 * hand-built trees of these tests and every body of {@link BodyCases} as the front end checks it. Each kernel has
 * a name of its own; for one CUDA file each source is wrapped in a namespace of its own, so that equal helper
 * names of two kernels do not clash.
 */
final class KernelCorpus {
    private KernelCorpus() {
    }

    /** {@return every kernel of the corpus, generated} */
    static List<KernelSource> all() {
        List<KernelSource> all = new ArrayList<>();
        for (int d = 0; d < 3; d++) {
            all.add(generate(renamed(KernelGeneratorTest.theta(), "potential_d" + d), d, 3, 4, 5));
        }
        all.add(generate(CEmitterTest.loops(), 0, 16));
        all.add(generate(EveryConstruct.program(), 0, 16));
        if (frontEndChecks()) {
            for (BodyCases.Case c : BodyCases.all()) {
                all.add(generate(c.check(), 0, BodyCases.LENGTH));
            }
        }
        return all;
    }

    /**
     * {@return whether {@link KernelLanguage#check} parses bodies (not the placeholder of a branch that has the
     * tree without the front end, which gives an empty body)}
     */
    static boolean frontEndChecks() {
        BodyCases.Case copy = BodyCases.all().get(0);
        return !copy.check().body().statements().isEmpty();
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

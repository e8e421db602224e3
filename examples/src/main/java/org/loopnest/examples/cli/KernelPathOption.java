package org.loopnest.examples.cli;

import org.loopnest.kernel.KernelPath;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --kernel-path auto|vector|scalar}, for the commands that run a kernel-language body: how the Java devices
 * (cpu, sim, worker nodes running Java) run it ({@link KernelPath}); handed to the nest with
 * {@link org.loopnest.LoopNest#kernelPath}. {@code run} takes this class, whose default is {@code auto};
 * {@code weather} takes {@link VectorByDefault}.
 */
public final class KernelPathOption {
    /** What the option does, without its default. */
    static final String DESCRIPTION = "How cpu, sim and worker nodes running Java run the body: vector (the JDK's "
            + "Vector API, many iterations of the innermost loop at once; a JVM without the module "
            + "jdk.incubator.vector, which ./loopnest adds, runs the scalar path instead), scalar (one iteration at a "
            + "time), or auto: vector from " + KernelPath.VECTOR_PAYS_FROM + " iterations on ("
            + KernelPath.VECTOR_PAYS_FROM_COLUMNS + " columns for a body that walks columns), where it repays the "
            + "JIT's warm-up, scalar below. The report's 'kernel path:' line says which ran, and why. OpenCL and CUDA "
            + "are not affected.";

    @Option(names = "--kernel-path", paramLabel = "auto|vector|scalar", defaultValue = "auto",
            converter = Converter.class, description = DESCRIPTION + " Default: ${DEFAULT-VALUE}.")
    private KernelPath path = KernelPath.AUTO;

    /** {@return the path asked for: {@link KernelPath#AUTO} unless {@code --kernel-path} says otherwise} */
    public KernelPath path() {
        return path;
    }

    /**
     * The same option with {@code vector} as its default, for {@code weather}: its column run takes the vector path
     * under {@code auto} anyway (from {@value KernelPath#VECTOR_PAYS_FROM_COLUMNS} columns), and its point run then
     * costs the whole job nothing measurable (BENCHMARKS.md, run 34), so the job shows one path for both.
     */
    public static final class VectorByDefault {
        @Option(names = "--kernel-path", paramLabel = "auto|vector|scalar", defaultValue = "vector",
                converter = Converter.class, description = DESCRIPTION + " Default: ${DEFAULT-VALUE} (the column "
                        + "run takes it anyway, and the job then shows one path for both runs).")
        private KernelPath path = KernelPath.VECTOR;

        /** {@return the path asked for: {@link KernelPath#VECTOR} unless {@code --kernel-path} says otherwise} */
        public KernelPath path() {
            return path;
        }
    }

    /** Converts {@code auto}, {@code vector} or {@code scalar} (any case), saying what was expected otherwise. */
    public static final class Converter implements ITypeConverter<KernelPath> {
        /** Converts {@code value}, or throws naming it and the choices. */
        @Override
        public KernelPath convert(String value) {
            try {
                return KernelPath.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' (expected: auto, vector or scalar)");
            }
        }
    }
}

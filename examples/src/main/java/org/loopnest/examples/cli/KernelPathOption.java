package org.loopnest.examples.cli;

import org.loopnest.kernel.KernelPath;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --kernel-path auto|vector|scalar}, for the commands that run a kernel-language body ({@code run},
 * {@code weather}): how the Java devices (cpu, sim, worker nodes running Java) run it ({@link KernelPath}); handed
 * to the nest with {@link org.loopnest.LoopNest#kernelPath}.
 */
public final class KernelPathOption {
    @Option(names = "--kernel-path", paramLabel = "auto|vector|scalar", defaultValue = "auto",
            converter = Converter.class,
            description = "How cpu, sim and worker nodes running Java run the body: vector (the JDK's Vector API, "
                    + "many iterations of the innermost loop at once; a JVM without the module jdk.incubator.vector, "
                    + "which ./loopnest adds, runs the scalar path instead), scalar (one iteration at a time), or "
                    + "auto: vector from " + KernelPath.VECTOR_PAYS_FROM + " iterations on (" + KernelPath
                    .VECTOR_PAYS_FROM_COLUMNS + " columns for a body that walks columns), where it repays the "
                    + "JIT's warm-up, scalar below. The report's 'kernel path:' line says which ran, and why. OpenCL "
                    + "and CUDA are not affected. Default: ${DEFAULT-VALUE}.")
    private KernelPath path = KernelPath.AUTO;

    /** {@return the path asked for: {@link KernelPath#AUTO} unless {@code --kernel-path} says otherwise} */
    public KernelPath path() {
        return path;
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

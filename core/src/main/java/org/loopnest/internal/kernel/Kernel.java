package org.loopnest.internal.kernel;

import org.loopnest.kernel.BlockBody;
import org.loopnest.kernel.BlockKernel;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.jvm.CompiledBody;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;
import org.loopnest.kernel.KernelPath;
import java.util.Optional;
import org.loopnest.error.KernelCompileException;
import java.util.function.Consumer;
import org.loopnest.index.Chunk;
import org.loopnest.index.Iteration;
import org.loopnest.index.Split;

/**
 * A kernel as the runtime holds it: a Java body (either form, run block by block), a body in the kernel language
 * ({@link DeviceCode}, checked into a {@link Program}), or both.
 *
 * <p>Which body runs where: compiled devices (OpenCL, CUDA) run the kernel-language body. Java devices (cpu, sim,
 * worker nodes' cpu) run the Java body when the kernel has one, even when it has a kernel-language body too (the
 * Java body wins on Java devices); a kernel with only a kernel-language body runs it there compiled to JVM bytecode
 * ({@link CompiledBody}). Immutable; the wrapped lambdas are the user's.
 */
public final class Kernel {
    /**
     * The most iterations {@link #runBlock(BoundArrays, Split, Chunk, long, long, Consumer)} runs at a time: small
     * enough that what the prelude wrote is still in cache, large enough that a piece costs far more than its setup.
     */
    public static final long PIECE = 16384;
    private static final String PER_ELEMENT = "per-element";
    private static final String KERNEL_LANGUAGE = "kernel language";
    private final BlockKernel blockwise;
    private final String form;
    private final Program program;
    private final Object javaBody;

    private Kernel(BlockKernel blockwise, String form, Program program, Object javaBody) {
        this.blockwise = blockwise;
        this.form = form;
        this.program = program;
        this.javaBody = javaBody;
    }

    /**
     * {@return a per-element kernel}
     *
     * @param kernel the body, written once in Java
     */
    public static Kernel of(ElementKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel is null (expected: a kernel body)");
        }
        return new Kernel(arrays -> {
            ElementBody body = kernel.bind(arrays);
            return cursor -> {
                for (; cursor.valid(); cursor.next()) {
                    body.apply(cursor);
                }
            };
        }, PER_ELEMENT, null, kernel);
    }

    /**
     * {@return a per-block kernel}
     *
     * @param kernel the body, written once in Java
     */
    public static Kernel ofBlocks(BlockKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("blockKernel is null (expected: a kernel body)");
        }
        return new Kernel(kernel, "per-block", null, kernel);
    }

    /**
     * {@return a kernel with only a body in the kernel language, checked: it runs on compiled devices as their C, and
     * on Java devices compiled to JVM bytecode (on first use of each array layout)}
     *
     * @param program the checked body
     */
    public static Kernel ofProgram(Program program) {
        return ofProgram(program, KernelPath.VECTOR);
    }

    /**
     * {@return a kernel with only a body in the kernel language, as {@link #ofProgram(Program)}, run on Java devices
     * by {@code path}}
     *
     * @param program the checked body
     * @param path how Java devices run it
     */
    public static Kernel ofProgram(Program program, KernelPath path) {
        return ofProgram(program, path, null);
    }

    /**
     * {@return a kernel with only a body in the kernel language, as {@link #ofProgram(Program)}, run on Java devices
     * by {@code path}, chosen for {@code scalarReason} if that is the scalar path by choice}
     *
     * @param program the checked body
     * @param path how Java devices run it
     * @param scalarReason why {@link KernelPath#AUTO} chose the scalar path, for the report, or {@code null}
     */
    public static Kernel ofProgram(Program program, KernelPath path, String scalarReason) {
        return new Kernel(new CompiledBody(requireProgram(program), path, scalarReason), KERNEL_LANGUAGE, program,
                null);
    }

    /**
     * {@return how a Java device runs this kernel, for the run's report: {@code Java body} for a kernel with one,
     * else the compiled body's {@link CompiledBody#pathReport()} (e.g. {@code vector (FloatVector 512-bit, 16
     * lanes)}, or {@code scalar: } and why)}
     */
    public String javaPathReport() {
        return compiledBody().map(CompiledBody::pathReport).orElse("Java body");
    }

    /**
     * {@return the path Java devices are asked to run the kernel-language body by: the one given to {@link
     * #ofProgram(Program, KernelPath)}; {@link KernelPath#VECTOR}, the default, for a kernel with a Java body, which
     * Java devices run instead} It travels with a run to worker nodes, which compile the body by it themselves.
     */
    public KernelPath path() {
        return compiledBody().map(CompiledBody::path).orElse(KernelPath.VECTOR);
    }

    /**
     * {@return this kernel with {@code program} as its kernel-language body (replacing any earlier one)}
     *
     * @param program the checked body
     */
    public Kernel withProgram(Program program) {
        return new Kernel(blockwise, form, requireProgram(program), javaBody);
    }

    private static Program requireProgram(Program program) {
        if (program == null) {
            throw new IllegalArgumentException("program is null (expected: a checked kernel-language body)");
        }
        return program;
    }

    /**
     * {@return the Java body as the user gave it (an {@link ElementKernel} or a {@link BlockKernel}), if there is one}
     * Remote nodes rebuild it from its class, which must then be a named class with a public no-argument constructor.
     */
    public Optional<Object> javaBody() {
        return Optional.ofNullable(javaBody);
    }

    /**
     * Rebuilds a kernel from the class name of its Java body (on a worker node) and the device code, if any.
     *
     * @param className the binary name of an {@link ElementKernel} or {@link BlockKernel} class
     * @param program the checked kernel-language body, or {@code null} for none
     * @return the kernel
     * @throws IllegalArgumentException if the class is not on the class path, is no {@link ElementKernel} or
     *     {@link BlockKernel}, or has no public no-argument constructor
     */
    public static Kernel fromClassName(String className, Program program) {
        Object body;
        try {
            body = Class.forName(className).getConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("kernel class " + className + " is not on this node's class path "
                    + "(expected: the same jars as the coordinator)", e);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new IllegalArgumentException("kernel class " + className + " cannot be made (expected: a public "
                    + "class with a public no-argument constructor): " + e, e);
        }
        Kernel kernel;
        if (body instanceof ElementKernel element) {
            kernel = of(element);
        } else if (body instanceof BlockKernel chunk) {
            kernel = ofBlocks(chunk);
        } else {
            throw new IllegalArgumentException("kernel class " + className + " is a " + body.getClass().getName()
                    + " (expected: an ElementKernel or a BlockKernel)");
        }
        return program == null ? kernel : kernel.withProgram(program);
    }

    /**
     * {@return whether the kernel runs on Java devices (cpu, sim): always, since a kernel has a Java body or a
     * kernel-language body, which is compiled for the JVM}
     */
    public boolean hasJavaBody() {
        return blockwise != null;
    }

    /**
     * {@return whether a Java device must clear a block's output elements before the body runs over it: true for a
     * Java body (an output it leaves unset comes back as 0), false for a kernel-language body, which the checker
     * proved assigns every output on every path}
     */
    public boolean clearsOutputs() {
        return javaBody != null;
    }

    /** {@return the kernel-language body as the user wrote it, if the kernel has one} */
    public Optional<DeviceCode> deviceCode() {
        return program().map(Program::code);
    }

    /** {@return the checked kernel-language body, if the kernel has one} */
    public Optional<Program> program() {
        return Optional.ofNullable(program);
    }

    /**
     * Runs the block that {@code cursor} walks with the given arrays.
     *
     * <p>A per-block body that walks the block run by run ({@code get(it, k)}, {@code it.advance(n)}) leaves the
     * cursor at the first iteration of the run it threw in. To name the iteration that threw, the failure path
     * then runs that run's iterations again one by one, each alone on a cursor of its own, up to the first that
     * throws (the per-element form needs no such replay). A body whose iterations are independent, as the nest
     * requires, writes the same values again; one that no longer throws is reported at the run's first iteration.
     *
     * @param arrays the block's arrays
     * @param cursor the calling thread's cursor over the block
     * @throws IterationFailure wrapping whatever the body threw, with the indices of the iteration it threw at (none
     *     if it threw while binding, e.g. looking up an array that is not there)
     * @throws KernelCompileException as it is, if a kernel-language body did not compile for these arrays' layout
     */
    public void runBlock(BoundArrays arrays, Iteration cursor) {
        run(bind(arrays), cursor);
    }

    /**
     * Runs local iterations {@code [from, to)} of {@code chunk} as {@link #runBlock(BoundArrays, Iteration)} does,
     * binding once. If the kernel {@linkplain #clearsOutputs() clears outputs} (a Java body), it runs in pieces of at
     * most {@link #PIECE} iterations with {@code prelude} given a cursor over each piece just before the body runs
     * over it (how a Java device clears a block's outputs while they stay in cache); a kernel-language body, which
     * assigns every output itself, runs the whole range at once and {@code prelude} is not called.
     *
     * @param arrays the block's arrays
     * @param split the run's split
     * @param chunk the chunk
     * @param from the first local iteration, inclusive
     * @param to the last local iteration, exclusive
     * @param prelude run on each piece's cursor before a Java body
     * @throws IterationFailure as {@link #runBlock(BoundArrays, Iteration)}
     */
    public void runBlock(BoundArrays arrays, Split split, Chunk chunk, long from, long to,
                         Consumer<Iteration> prelude) {
        BlockBody body = bind(arrays);
        if (!clearsOutputs()) {
            run(body, split.cursor(chunk, from, to));
            return;
        }
        for (long at = from; at < to; at += PIECE) {
            long end = Math.min(to, at + PIECE);
            prelude.accept(split.cursor(chunk, at, end));
            run(body, split.cursor(chunk, at, end));
        }
    }

    /**
     * Compiles a kernel-language body for the JVM now, for the layout its arrays will have in a run on the {@code cpu}
     * (each view's store, array or buffer, and its step along the innermost loop: a file-backed array is reached
     * through a buffer, a strided array with its own stride), so that a body the JVM cannot take (a method beyond
     * 64 KB of bytecode) fails when the nest is planned rather than on a run's first chunk, and the run finds the body
     * compiled. Other layouts (a packed chunk's) compile on first use; a body too large for one is too large for all.
     * Does nothing for a kernel with a Java body, which Java devices run instead.
     *
     * @param arrays the nest's arrays as a run on the cpu binds them ({@code org.loopnest.internal.data.Views})
     * @param at a cursor of the nest at the first iteration of a run
     * @throws KernelCompileException for device {@code jvm}, with Janino's reason and the source
     */
    public void compileForJvm(BoundArrays arrays, Iteration at) {
        compiledBody().ifPresent(compiled -> compiled.compiledFor(arrays, at));
    }

    /**
     * Binds the Java body to {@code arrays} once without running it, so that an array it looks up by a name that is
     * not bound, or as the wrong element type, is found before any chunk runs. For a kernel-language body only the
     * lookups run (it is compiled when it first runs).
     *
     * @param arrays the arrays the run binds
     * @throws IllegalArgumentException saying which lookup failed, or what else binding threw
     */
    public void checkBinding(BoundArrays arrays) {
        try {
            blockwise.bind(arrays);
        } catch (IllegalArgumentException lookup) {
            throw new IllegalArgumentException("kernel: " + lookup.getMessage(), lookup);
        } catch (RuntimeException other) {
            throw new IllegalArgumentException("kernel: binding its arrays threw " + other, other);
        }
    }

    /** The kernel-language body compiled for the JVM, which Java devices run: none if the kernel has a Java body. */
    private Optional<CompiledBody> compiledBody() {
        return javaBody == null && blockwise instanceof CompiledBody compiled ? Optional.of(compiled)
                : Optional.empty();
    }

    private BlockBody bind(BoundArrays arrays) {
        try {
            return blockwise.bind(arrays);
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Throwable t) {
            throw new IterationFailure(null, t); // looking arrays up failed: no iteration is at fault
        }
    }

    private void run(BlockBody body, Iteration cursor) {
        try {
            body.run(cursor);
        } catch (VirtualMachineError | KernelCompileException notTheIteration) {
            throw notTheIteration; // a kernel-language body compiled on first use for another layout, too large
        } catch (Throwable t) {
            throw new IterationFailure(cursor.valid() ? failedAt(body, cursor) : null, t);
        }
    }

    /** The indices of the first iteration of the cursor's current run that throws when run alone. */
    private long[] failedAt(BlockBody body, Iteration cursor) {
        if (PER_ELEMENT.equals(form)) {
            return cursor.indices(); // the cursor stands on the failing iteration
        }
        for (int k = 0, n = cursor.runLength(); k < n; k++) {
            Iteration alone = cursor.alone(k);
            long[] indices = alone.indices();
            try {
                body.run(alone);
            } catch (VirtualMachineError fatal) {
                throw fatal;
            } catch (Throwable again) {
                return indices;
            }
        }
        return cursor.indices();
    }

    /** {@code per-element}, {@code per-block} or {@code kernel language}, with {@code + device code}. */
    @Override
    public String toString() {
        return program != null && javaBody != null ? form + " + device code" : form;
    }
}

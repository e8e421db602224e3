package org.loopnest.internal.lang.jvm;

import org.loopnest.data.ArrayBinding;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.loopnest.index.Iteration;
import org.loopnest.internal.data.RunAccess;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Remembered;
import org.loopnest.internal.lang.vector.Lanes;
import org.loopnest.internal.lang.vector.VectorEmitter;
import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.error.KernelCompileException;
import org.loopnest.kernel.KernelPath;
import org.loopnest.kernel.BlockBody;
import org.loopnest.kernel.BlockKernel;
import org.loopnest.kernel.BoundArrays;

/**
 * A kernel-language body as a {@link BlockKernel} for Java devices: binding looks up each array's view (which must be
 * one that {@code org.loopnest.internal.data.Views} made: a {@link RunAccess}); the first run of a bound body derives
 * the {@link AccessSignature} from the views, and gets the body compiled for it (once per signature, then kept here
 * and in the {@link JvmCompiler}'s cache). The bound body walks its block run by run of the innermost loop with one
 * call of the compiled {@link RunBody} per run: no call per element.
 *
 * <p><b>Thread safety:</b> this object is; each bound body belongs to the thread that bound it (as views do).
 */
public final class CompiledBody implements BlockKernel {
    private final Program program;
    private final JvmCompiler compiler;
    private final KernelPath path;
    private final String scalarReason;
    private final Map<AccessSignature, RunBody> compiled = new ConcurrentHashMap<>();
    private final Map<AccessSignature, RunBody> vectorCompiled = new ConcurrentHashMap<>();
    private final Lanes lanes;
    private final Set<String> staged = ConcurrentHashMap.newKeySet();
    private volatile String vectorFailure;
    /** The most iterations a vector body runs in one call when runs are joined. */
    private static final int JOIN_LIMIT = 1 << 20;
    private final boolean readsIndex;

    /**
     * A body compiled by the {@linkplain JvmCompiler#shared() shared} compiler.
     *
     * @param program the checked body
     */
    public CompiledBody(Program program) {
        this(program, JvmCompiler.shared(), KernelPath.VECTOR, null);
    }

    /**
     * A body compiled by the {@linkplain JvmCompiler#shared() shared} compiler for {@code path}.
     *
     * @param program the checked body
     * @param path the vector path (where this JVM can) or the scalar one
     */
    public CompiledBody(Program program, KernelPath path) {
        this(program, JvmCompiler.shared(), path, null);
    }

    /**
     * A body compiled by the {@linkplain JvmCompiler#shared() shared} compiler for {@code path}, chosen for
     * {@code reason} if that is the scalar path by choice ({@link PathChoice}).
     *
     * @param program the checked body
     * @param path {@link KernelPath#VECTOR} (where this JVM can) or {@link KernelPath#SCALAR}
     * @param scalarReason why the scalar path was chosen, for the report, or {@code null}
     */
    public CompiledBody(Program program, KernelPath path, String scalarReason) {
        this(program, JvmCompiler.shared(), path, scalarReason);
    }

    /**
     * @param program the checked body
     * @param compiler what compiles its source
     * @param path {@link KernelPath#VECTOR} (where this JVM can) or {@link KernelPath#SCALAR}; {@code AUTO} is taken
     *     as {@code VECTOR} (settle it first with {@link PathChoice})
     * @param scalarReason why the scalar path was chosen, for the report, or {@code null}
     */
    public CompiledBody(Program program, JvmCompiler compiler, KernelPath path, String scalarReason) {
        if (program == null) {
            throw new IllegalArgumentException("program is null (expected: a checked kernel-language body)");
        }
        if (path == null) {
            throw new IllegalArgumentException("kernel path is null (expected: VECTOR or SCALAR)");
        }
        this.program = program;
        this.compiler = compiler;
        this.path = path == KernelPath.AUTO ? KernelPath.VECTOR : path;
        this.scalarReason = scalarReason;
        ProgramFacts facts = FACTS.get(new SameProgram(program), key -> ProgramFacts.of(key.program()));
        this.readsIndex = facts.readsIndex();
        this.lanes = this.path == KernelPath.VECTOR ? facts.lanes() : null;
    }

    /**
     * What a plan asks of a program every time, worked out once per program instance ({@link
     * org.loopnest.internal.lang.KernelLanguage#checkRemembered} gives a nest run again the same one): both walk the
     * whole tree, which cost a fifth of a plan before the JIT compiler had compiled the walks (BENCHMARKS.md, run 34).
     *
     * @param readsIndex whether the body reads a loop index (its runs cannot be joined)
     * @param lanes the vector lanes for the body's types, or {@code null} where this JVM has no vector path
     */
    private record ProgramFacts(boolean readsIndex, Lanes lanes) {
        static ProgramFacts of(Program program) {
            return new ProgramFacts(Children.expressionsUnder(program.body()).anyMatch(e -> e instanceof Expr.Index),
                    VectorSupport.unavailable().isEmpty()
                            ? VectorEmitter.lanes(program, VectorSupport.preferredBits()) : null);
        }
    }

    /** A program as a key by identity: a record's own equality would walk the whole tree on every look-up. */
    private record SameProgram(Program program) {
        @Override
        public boolean equals(Object other) {
            return other instanceof SameProgram that && that.program == program;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(program);
        }
    }

    private static final Remembered<SameProgram, ProgramFacts> FACTS = new Remembered<>(256);

    /** {@return the path asked for; {@link #pathReport()} says which one runs} */
    public KernelPath path() {
        return path;
    }

    /**
     * {@return which path runs on this JVM and why, as a run's report gives it: {@code vector (FloatVector 512-bit, 16
     * lanes)}, or {@code scalar: } and the reason ({@code --kernel-path scalar}, the module absent)}
     */
    public String pathReport() {
        if (path == KernelPath.SCALAR) {
            return scalarReason == null ? "scalar: asked for (kernel path scalar)" : "scalar: " + scalarReason;
        }
        if (lanes == null) {
            return "scalar: " + VectorSupport.unavailable().orElse("the vector path is not available");
        }
        String failure = vectorFailure;
        if (failure != null) {
            return "scalar: the vector code did not compile (" + failure + ")";
        }
        List<String> names = new ArrayList<>(staged);
        Collections.sort(names);
        return lanes.describe() + (names.isEmpty() ? "" : "; staged through heap strips: " + String.join(", ", names));
    }

    /** {@return whether runs take the vector path: asked for, possible on this JVM, and its code compiled} */
    public boolean vectorPath() {
        return lanes != null && vectorFailure == null;
    }

    /** {@return the checked body this runs} */
    public Program program() {
        return program;
    }

    /**
     * {@return the body compiled for {@code access}: compiled on first use, then the same instance}
     *
     * @param access how each array is reached
     * @throws org.loopnest.error.KernelCompileException if the emitted source does not compile (a bug)
     */
    public RunBody compiledFor(AccessSignature access) {
        if (vectorPath()) {
            AccessSignature vector = vectorAccess(access);
            try {
                return vectorCompiled.computeIfAbsent(vector, a -> compiler == JvmCompiler.shared()
                        ? SharedBodies.compiled(program, a, lanes)
                        : compiler.compile(VectorEmitter.emit(program, a, lanes)));
            } catch (KernelCompileException e) {
                String log = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
                vectorFailure = log; // the scalar body runs instead, and the report says why
            }
        }
        return compiled.computeIfAbsent(access, a -> compiler == JvmCompiler.shared()
                ? SharedBodies.compiled(program, a, null) : compiler.compile(JavaEmitter.emit(program, a)));
    }

    /** The layout the vector body sees: every staged array a heap array at step 1 (or 0 if it does not move). */
    private static AccessSignature vectorAccess(AccessSignature access) {
        return new AccessSignature(access.arrays().stream().map(a -> StagedRun.needed(a)
                ? new AccessSignature.Access(true, a.step() == 0 ? 0 : 1) : a).toList());
    }

    /**
     * {@return the body compiled for the layout that {@code arrays}' views have at the run {@code at} starts}: what the
     * first run of a body bound to such views compiles, so that compiling it ahead (when a nest is planned) is reused.
     *
     * @param arrays views made by the runtime, as a run binds them
     * @param at a cursor of the nest, at the first iteration of a run (only its depth is asked)
     * @throws IllegalArgumentException as {@link #bind}
     * @throws org.loopnest.error.KernelCompileException if the emitted source does not compile
     */
    public RunBody compiledFor(BoundArrays arrays, Iteration at) {
        return compiledFor(((Bound) bind(arrays)).signature(at));
    }

    /**
     * Looks up every array of the program's context through {@code arrays}.
     *
     * @throws IllegalArgumentException if an array is not bound, or holds another element type
     * @throws IllegalStateException if a view cannot tell where a run's elements are (not a runtime-made view)
     */
    @Override
    public BlockBody bind(BoundArrays arrays) {
        List<ArraySignature> signatures = program.context().arrays();
        RunAccess[] access = new RunAccess[program.context().firstBinding(signatures.size())];
        int b = 0;
        for (ArraySignature array : signatures) {
            for (int l = 0; l < array.bindings(); l++) {
                String name = array.isColumn() ? ArrayBinding.ColumnLevel.bindingName(array.name(), l) : array.name();
                access[b++] = runAccess(arrays, array, name);
            }
        }
        return new Bound(access, program.context().indices().size());
    }

    /** {@code arrays} with each column array repeated once per level: one signature per binding. */
    private static List<ArraySignature> perBinding(List<ArraySignature> arrays) {
        List<ArraySignature> all = new ArrayList<>();
        for (ArraySignature a : arrays) {
            for (int l = 0; l < a.bindings(); l++) {
                all.add(a);
            }
        }
        return all;
    }

    private static RunAccess runAccess(BoundArrays arrays, ArraySignature array, String name) {
        Object view = switch (array.type()) {
            case FLOAT -> arrays.floats(name);
            case DOUBLE -> arrays.doubles(name);
            case INT -> arrays.ints(name);
            case LONG -> arrays.longs(name);
            case BOOL -> throw new IllegalStateException("array " + name + " of bool (expected: float, "
                    + "double, int or long elements)");
        };
        if (!(view instanceof RunAccess run)) {
            throw new IllegalStateException("the view of array " + name + " is a "
                    + view.getClass().getName() + " (expected: a view made by the runtime)");
        }
        return run;
    }

    /** One block's walk: the stores, positions and indices of the current run, refilled per run. */
    private final class Bound implements BlockBody {
        private final RunAccess[] access;
        private final Object[] stores;
        private final long[] positions;
        private final long[] indices;
        private RunBody body;
        private StagedRun staging;
        private boolean joinable;
        private long[] steps;

        Bound(RunAccess[] access, int depth) {
            this.access = access;
            this.stores = new Object[access.length];
            this.positions = new long[access.length];
            this.indices = new long[depth];
        }

        @Override
        public void run(Iteration cursor) {
            if (body == null && cursor.valid()) {
                AccessSignature signature = signature(cursor);
                body = compiledFor(signature);
                staging = vectorPath() ? staging(signature) : null;
                // a vector body that reads no loop index runs consecutive runs that continue each other as one
                joinable = vectorPath() && !readsIndex;
                steps = signature.arrays().stream().mapToLong(AccessSignature.Access::step).toArray();
            }
            for (int n = cursor.runLength(); n > 0; n = cursor.runLength()) {
                standOn(cursor);
                int length = joinable ? joined(cursor, n) : n;
                try {
                    runOnce(length);
                } catch (RuntimeException | Error e) {
                    if (length == n) {
                        throw e;
                    }
                    // run the joined runs one by one, so that the cursor stands on the run that fails
                    for (int left = length; left > 0; left -= n, n = cursor.runLength()) {
                        standOn(cursor);
                        runOnce(n);
                        cursor.advance(n);
                    }
                    continue;
                }
                for (int left = length; left > 0; left -= n, n = cursor.runLength()) {
                    cursor.advance(n);
                }
            }
        }

        /** Sets the stores, positions and indices to those of the cursor's current run. */
        private void standOn(Iteration cursor) {
            for (int a = 0; a < access.length; a++) {
                stores[a] = access[a].store(cursor);
                positions[a] = access[a].position(cursor);
            }
            for (int j = 0; j < indices.length; j++) {
                indices[j] = cursor.index(j);
            }
        }

        private void runOnce(int n) {
            if (staging == null) {
                body.run(stores, positions, indices, n);
            } else {
                staging.run(body, stores, positions, indices, n);
            }
        }

        /**
         * {@return how many iterations from the cursor's run on lie one after the other in every array, so that a
         * vector body runs them as one run (the cursor's own {@code n} at least)}: only the iterations of whole runs
         * whose elements continue each array's run at its step, in the same store
         */
        private int joined(Iteration cursor, int n) {
            long total = n;
            if (total >= cursor.remaining()) {
                return n;
            }
            // one look-ahead cursor stepped run by run: making a cursor per run cost more than a copy body's loop
            // (BENCHMARKS.md, run 29)
            Iteration next = cursor.ahead(total);
            while (total < cursor.remaining()) {
                int length = next.runLength();
                if (total + length > JOIN_LIMIT) {
                    break;
                }
                for (int a = 0; a < access.length; a++) {
                    if (access[a].store(next) != stores[a]
                            || access[a].position(next) != positions[a] + total * steps[a]) {
                        return (int) total;
                    }
                }
                total += length;
                next.advance(length);
            }
            return (int) total;
        }

        /** The staging of {@code signature}'s layout for the vector body, noting the staged arrays; null if none. */
        private StagedRun staging(AccessSignature signature) {
            List<ArraySignature> arrays = perBinding(program.context().arrays());
            for (int a = 0; a < arrays.size(); a++) {
                if (StagedRun.needed(signature.arrays().get(a))) {
                    staged.add(arrays.get(a).name());
                }
            }
            return StagedRun.of(arrays, signature, indices.length);
        }

        private AccessSignature signature(Iteration cursor) {
            List<AccessSignature.Access> list = new ArrayList<>(access.length);
            for (RunAccess a : access) {
                list.add(new AccessSignature.Access(a.heapArray(), a.step(cursor)));
            }
            return new AccessSignature(list);
        }
    }
}

package org.loopnest;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.loopnest.data.ArrayBinding;
import org.loopnest.internal.data.Overlap;
import org.loopnest.internal.data.Views;
import org.loopnest.data.Role;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.index.IndexSpace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.internal.codegen.KernelGenerator;
import org.loopnest.device.KernelSource;
import org.loopnest.kernel.BlockKernel;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.ElementKernel;
import org.loopnest.internal.lang.jvm.PathChoice;
import org.loopnest.kernel.KernelPath;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.kernel.NamedArray;
import org.loopnest.internal.kernel.ViewTable;
import org.loopnest.report.RunReport;
import org.loopnest.internal.scheduler.BufferCounts;
import org.loopnest.internal.scheduler.DeviceGroup;
import org.loopnest.scheduler.Execution;
import org.loopnest.scheduler.ProgressListener;
import org.loopnest.internal.scheduler.DeviceSource;
import org.loopnest.internal.scheduler.KernelRates;
import org.loopnest.internal.scheduler.PlanBuilder;
import org.loopnest.internal.scheduler.PlannedSplit;
import org.loopnest.internal.scheduler.Replan;
import org.loopnest.internal.scheduler.Replanning;
import org.loopnest.scheduler.RunPlan;
import org.loopnest.internal.scheduler.SplitChoice;
import org.loopnest.internal.scheduler.SplitPlanner;
import org.loopnest.internal.trace.TraceFiles;

/**
 * Describes a dependence-free loop nest and runs it: {@code LoopNest.of(extents…)}, bind arrays with
 * {@link #in} and {@link #out}, give the body with {@link #kernel} or {@link #blockKernel}, optionally choose the
 * split, the device and the number of buffers, then {@link #run()}.
 *
 * <p>Every argument is checked where it enters, with a message naming it and what was expected. The builder is
 * mutable and not thread-safe; {@link #plan()} freezes it into an immutable {@link RunPlan}.
 *
 * <p><b>Pitfalls:</b> the iterations must be independent — no output element written twice, no input written at
 * all — because chunks and blocks run concurrently and in any order. The kernel must not keep the
 * {@code Iteration} it is given. Outputs are written chunk by chunk: after a failure they are partly written.
 */
public final class LoopNest {
    private IndexSpace space;
    /** Every array bound, in the order bound; {@code null} for one whose indices wait for {@link #names}. */
    private final Map<String, ArrayBinding> arrays = new LinkedHashMap<>();
    /** Arrays bound by index names not known yet, before {@link #names} was called; bound once it is. */
    private final Map<String, BindRequest> pending = new LinkedHashMap<>();
    /** The column axes by name, with their extents, in the order declared. */
    private final Map<String, Long> columns = new LinkedHashMap<>();
    /** The column axes walked from their last stored element ({@link #columnFromLast}). */
    private final java.util.Set<String> fromLast = new java.util.HashSet<>();
    /** The names of the column arrays bound (each is one binding per level in {@link #arrays}). */
    private final java.util.Set<String> columnArrays = new java.util.HashSet<>();
    private boolean named;
    private Kernel kernel;
    private DeviceCode deviceCode;
    private KernelPath kernelPath = KernelPath.AUTO;
    private Integer splitDepth;
    private long group = 1;
    /** The user's chunk buffers per direction; {@code null}: the planner chooses (2 and 2 without costs). */
    private BufferCounts buffers;
    private List<Device> devices;
    private Duration timeout;
    private ProgressListener progress;
    private TraceFiles trace = TraceFiles.none();

    private LoopNest(IndexSpace space) {
        this.space = space;
    }

    /**
     * {@return a nest with the given extents, outermost first} An extent of 0 gives an empty nest (the run does
     * nothing).
     *
     * @param extents the extent of each loop, outermost first
     * @throws IllegalArgumentException if an extent is negative or the product of the non-zero extents overflows a
     *     {@code long} (also in an empty nest, so that every array size and chunk size fits)
     */
    public static LoopNest of(long... extents) {
        return new LoopNest(IndexSpace.of(extents));
    }

    /**
     * Names the loop indices, outermost first (default {@code i0 … iN}). May come before or after {@link #in} and
     * {@link #out}: an array bound earlier by index names keeps the loops it named, and one bound by names that
     * were not known yet is bound now.
     *
     * @param names one name per loop, outermost first
     * @return this builder
     * @throws IllegalArgumentException if the count differs from the depth or a name repeats, or an array bound
     *     earlier names an index that is still unknown (the message names the array)
     */
    public LoopNest names(String... names) {
        space = space.withNames(names);
        named = true;
        for (BindRequest request : List.copyOf(pending.values())) {
            pending.remove(request.name());
            bindNow(request);
        }
        return this;
    }

    /**
     * Declares a column axis: an axis of the arrays that the nest does not iterate, so that every iteration (a
     * column) sees all {@code extent} levels along it. An array bound with the axis among its indices ({@code in("T",
     * data, "t", "z", "y", "x")} for data stored {@code [t][z][y][x]}) is a column array: a body in the kernel
     * language reads level {@code k} of the current column as {@code T[k]} and writes a column output's level as
     * {@code gh[k] = …}; {@code len(z)} is the extent. A chunk always holds whole columns. Declare an axis before
     * binding the arrays that use it.
     *
     * @param name the axis' name, distinct from the loop indices and the other axes
     * @param extent the number of levels, 1 to {@link Integer#MAX_VALUE}
     * @return this builder
     * @throws IllegalArgumentException if the name is blank, taken by a loop index or another axis, or the extent is
     *     out of range
     */
    public LoopNest column(String name, long extent) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("column: axis name is blank (expected: a non-empty name such as \"z\")");
        }
        if (space.indexOf(name) >= 0 || columns.containsKey(name)) {
            throw new IllegalArgumentException("column '" + name + "': the name is taken by "
                    + (columns.containsKey(name) ? "another column axis" : "a loop index") + " (expected: a name of "
                    + "its own; loop indices: " + String.join(", ", space.names()) + ")");
        }
        if (extent < 1 || extent > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("column '" + name + "': extent " + extent + " (expected: 1 to "
                    + Integer.MAX_VALUE + " levels)");
        }
        columns.put(name, extent);
        return this;
    }

    /**
     * As {@link #column}, for arrays that store the axis from the top down: level {@code k} of the body is element
     * {@code extent − 1 − k} along the axis, in every array that has it (a file whose pressure levels increase, as
     * ERA5's do, walked from the ground up without a copy). Levels of outputs are stored the same way.
     *
     * @param name the axis' name
     * @param extent the number of levels
     * @return this builder
     * @throws IllegalArgumentException as for {@link #column}
     */
    public LoopNest columnFromLast(String name, long extent) {
        column(name, extent);
        fromLast.add(name);
        return this;
    }

    /**
     * Binds an input the kernel reads. {@code array} is a flat primitive array (row-major over {@code indices}),
     * a jagged array with one level per index, or a {@link org.loopnest.data.Holder} (buffers, strides).
     *
     * @param name the name the body and the device code look the array up by
     * @param array the user's data; kept, not copied: the run reads it in place or chunk by chunk
     * @param indices the loop indices the array is indexed by, in nest order; none = every loop. With a {@linkplain
     *     #column column axis} among them (anywhere, as stored) it is a column array, bound as one array per level
     *     named {@code name[level]} (what a Java body looks up)
     * @return this builder
     * @throws IllegalArgumentException if the name is taken, an index is unknown, the shape does not match, or the
     *     array overlaps an output
     */
    public LoopNest in(String name, Object array, String... indices) {
        return bind(name, Role.IN, array, null, indices);
    }

    /**
     * Binds an input by its typed handle, as {@link #in(String, Object, String...)} binds it by name; the body
     * reaches it with {@code arrays.get(handle)}.
     *
     * @param handle the array's typed handle, which gives its name and element type
     * @param array the user's data; kept, not copied
     * @param indices the loop indices the array is indexed by, in nest order; none = every loop
     * @return this builder
     * @throws IllegalArgumentException as for {@link #in(String, Object, String...)}, or if {@code array} holds
     *     another element type than the handle says (naming the handle)
     */
    public LoopNest in(NamedArray<?> handle, Object array, String... indices) {
        return bind(handleName(handle), Role.IN, array, handle, indices);
    }

    /**
     * Binds an output the kernel writes; it must be indexed by every loop and share no memory with any other array
     * (see {@link Overlap} for how rows and buffer ranges are compared, and its limits). An element the body leaves
     * unset comes back as 0, on every device.
     *
     * @param name the name the body and the device code look the array up by
     * @param array the user's data; kept, not copied: the run writes into it
     * @return this builder
     * @throws IllegalArgumentException as for {@link #in}, or if the array overlaps another bound array
     */
    public LoopNest out(String name, Object array) {
        return bind(name, Role.OUT, array, null);
    }

    /**
     * Binds an output stored over {@code indices}: every loop index in nest order, and at most one {@linkplain
     * #column column axis} (anywhere, as stored), which makes it a column output whose levels the body writes
     * ({@code gh[k] = …}); a level the body leaves unwritten comes back NaN (0 for integer elements).
     *
     * @param name the name the body and the device code look the array up by
     * @param array the user's data; kept, not copied: the run writes into it
     * @param indices every loop index in nest order, and the column axis where it is stored
     * @return this builder
     * @throws IllegalArgumentException as for {@link #out(String, Object)}, or if a loop index is missing
     */
    public LoopNest out(String name, Object array, String... indices) {
        return bind(name, Role.OUT, array, null, indices);
    }

    /**
     * Binds an output by its typed handle, as {@link #out(String, Object)} binds it by name.
     *
     * @param handle the array's typed handle, which gives its name and element type
     * @param array the user's data; kept, not copied
     * @return this builder
     * @throws IllegalArgumentException as for {@link #out(String, Object)}, or if {@code array} holds another
     *     element type than the handle says (naming the handle)
     */
    public LoopNest out(NamedArray<?> handle, Object array) {
        return bind(handleName(handle), Role.OUT, array, handle);
    }

    private static String handleName(NamedArray<?> handle) {
        if (handle == null) {
            throw new IllegalArgumentException("handle is null (expected: a NamedArray, e.g. NamedArray.floats(\"T\"))");
        }
        return handle.name();
    }

    private LoopNest bind(String name, Role role, Object array, NamedArray<?> handle, String... indices) {
        if (name != null && (arrays.containsKey(name) || columnArrays.contains(name) || pending.containsKey(name))) {
            throw new IllegalArgumentException("array name '" + name + "' is bound twice (expected: distinct names)");
        }
        BindRequest request = new BindRequest(name, role, array, handle, indices == null ? null : indices.clone());
        if (!named && request.namesUnknownIndex(space, columns)) {
            arrays.put(name, null); // keeps its place in the binding order
            pending.put(name, request);
            return this;
        }
        bindNow(request);
        return this;
    }

    private void bindNow(BindRequest request) {
        String axis = request.indices() == null ? null : java.util.Arrays.stream(request.indices())
                .filter(columns::containsKey).findFirst().orElse(null);
        if (axis != null) {
            bindColumn(request, axis);
            return;
        }
        ArrayBinding binding = ArrayBinding.of(request.name(), request.role(), request.array(), space,
                request.indices());
        request.checkType(binding.type());
        Overlap.checkApart(binding, arrays.values().stream().filter(java.util.Objects::nonNull).toList());
        arrays.put(request.name(), binding);
    }

    private void bindColumn(BindRequest request, String axis) {
        for (String other : request.indices()) {
            if (!other.equals(axis) && columns.containsKey(other)) {
                throw new IllegalArgumentException(request.role() + " '" + request.name() + "': column axes " + axis
                        + " and " + other + " (expected: at most one column axis per array)");
            }
        }
        List<ArrayBinding> levels = ArrayBinding.ofColumn(request.name(), request.role(), request.array(), space, axis,
                columns.get(axis), fromLast.contains(axis), request.indices());
        for (ArrayBinding level : levels) {
            if (arrays.get(level.name()) != null) {
                throw new IllegalArgumentException(request.role() + " '" + request.name() + "': its level "
                        + level.name() + " has the name of an array bound before (expected: distinct names; a column "
                        + "array's levels are named " + request.name() + "[0] to " + request.name() + "["
                        + (levels.size() - 1) + "])");
            }
        }
        request.checkType(levels.get(0).type());
        List<ArrayBinding> others = arrays.values().stream().filter(java.util.Objects::nonNull).toList();
        for (ArrayBinding level : levels) { // levels of one array are apart by construction; each against the others
            Overlap.checkApart(level, others);
        }
        arrays.remove(request.name()); // its place in the binding order, if it waited for names(...)
        columnArrays.add(request.name());
        for (ArrayBinding level : levels) {
            arrays.put(level.name(), level);
        }
    }

    /** An {@link #in}/{@link #out} call kept until the index names it uses are known. */
    private record BindRequest(String name, Role role, Object array, NamedArray<?> handle, String[] indices) {
        /** Refuses data of another element type than the request's typed handle says, naming the handle. */
        void checkType(org.loopnest.data.ElementType type) {
            if (handle != null && type != handle.type()) {
                throw new IllegalArgumentException(role + " " + handle + ": the array holds " + type
                        + " elements (expected: " + handle.type() + ", as the handle says)");
            }
        }

        boolean namesUnknownIndex(IndexSpace space, Map<String, Long> columns) {
            return indices != null && java.util.Arrays.stream(indices)
                    .anyMatch(i -> space.indexOf(i) < 0 && !columns.containsKey(i));
        }
    }

    /**
     * The body in per-element form.
     *
     * @param body looks the arrays up once per block and returns what runs for each iteration
     * @return this builder
     */
    public LoopNest kernel(ElementKernel body) {
        this.kernel = Kernel.of(body);
        return this;
    }

    /**
     * The body in per-block form: it walks each block of iterations itself.
     *
     * @param body looks the arrays up once per block and returns what walks the block
     * @return this builder
     */
    public LoopNest blockKernel(BlockKernel body) {
        this.kernel = Kernel.ofBlocks(body);
        return this;
    }

    /**
     * The body in the kernel language (defined in {@code docs/KERNELS.md}), beside or instead of the Java body; see
     * {@link DeviceCode}. It is parsed and checked once, when the run is planned: a {@link
     * org.loopnest.error.KernelSyntaxException} with line, column and a caret before any device compiler runs. Compiled
     * devices (OpenCL, CUDA) run it; Java devices (cpu, sim, nodes with a cpu device) run it compiled to JVM bytecode
     * when the nest has no Java body, and the Java body when it has one (the Java body wins on Java devices).
     *
     * @param code the body, its entry-point name and helpers
     * @return this builder
     * @throws IllegalArgumentException if {@code code} is null
     */
    public LoopNest deviceCode(DeviceCode code) {
        if (code == null) {
            throw new IllegalArgumentException("deviceCode is null (expected: the kernel-language body of one "
                    + "iteration)");
        }
        this.deviceCode = code;
        return this;
    }

    /**
     * Shorthand for {@code deviceCode(DeviceCode.of(body))}.
     *
     * @param body the statements of one iteration, in the kernel language
     * @return this builder
     */
    public LoopNest deviceCode(String body) {
        return deviceCode(DeviceCode.of(body));
    }

    /**
     * How Java devices (cpu, sim, worker nodes running Java) run the {@link #deviceCode} body: {@link
     * KernelPath#VECTOR} compiles it to the JDK's Vector API, many iterations of the innermost loop at once; {@link
     * KernelPath#SCALAR} to plain Java, one at a time; {@link KernelPath#AUTO} (the default) takes the vector path for
     * a run long enough to repay the JIT compiler's warm-up of the vector code ({@value
     * KernelPath#VECTOR_PAYS_FROM} iterations, counting this JVM's earlier runs of the same body; {@value
     * KernelPath#VECTOR_PAYS_FROM_COLUMNS} for a nest with column arrays) and the scalar path for a shorter one.
     * The choice is made when the run is planned; worker nodes are told the path with the run and
     * compile the body by it themselves. Compiled devices (OpenCL, CUDA) and a Java body ({@link #kernel}, {@link
     * #blockKernel}) are not affected.
     *
     * <p>The vector path needs the JDK's incubating module in the JVM: start it with {@code --add-modules
     * jdk.incubator.vector} ({@code ./loopnest} and the worker nodes it starts do). A JVM without it runs the
     * scalar path instead, never an error, and the run's report says so for each device ({@code kernel path:
     * scalar: jdk.incubator.vector is not in the boot layer; add --add-modules jdk.incubator.vector}).
     *
     * @param path {@code AUTO}, {@code VECTOR} or {@code SCALAR}
     * @return this builder
     * @throws IllegalArgumentException if {@code path} is null
     */
    public LoopNest kernelPath(KernelPath path) {
        if (path == null) {
            throw new IllegalArgumentException("kernelPath is null (expected: KernelPath.AUTO, the default, "
                    + "KernelPath.VECTOR or KernelPath.SCALAR)");
        }
        this.kernelPath = path;
        return this;
    }

    /**
     * Splits at depth {@code d}: one chunk per outer iteration of loops {@code 0 … d−1} (times the group).
     *
     * @param d the split depth: loops {@code 0 … d−1} are outer
     * @return this builder
     * @throws IllegalArgumentException if {@code d} is outside {@code [0, N]}
     */
    public LoopNest splitAt(int d) {
        space.split(d, 1);
        this.splitDepth = d;
        return this;
    }

    /**
     * Groups {@code r} consecutive outer iterations into one chunk (default 1). Needs {@link #splitAt}: with the
     * automatic split, which chooses its own group, {@link #plan()} refuses a group other than 1 rather than ignore
     * it.
     *
     * @param r outer iterations per chunk
     * @return this builder
     * @throws IllegalArgumentException if {@code r < 1}
     */
    public LoopNest group(long r) {
        if (r < 1) {
            throw new IllegalArgumentException("group r = " + r + " (expected: >= 1 outer iterations per chunk)");
        }
        this.group = r;
        return this;
    }

    /**
     * Lets the runtime choose the split (the default); see {@link SplitPlanner}.
     *
     * @return this builder
     */
    public LoopNest autoSplit() {
        this.splitDepth = null;
        this.group = 1;
        return this;
    }

    /**
     * Chunk buffers per device, {@code B} in each direction (default: chosen by the planner's cost model, see
     * {@link #buffers(int, int)}), from 1 to {@value RunPlan#MAX_BUFFERS}: shorthand for
     * {@link #buffers(int, int) buffers(b, b)}.
     *
     * @param b input buffers and output buffers per device
     * @return this builder
     * @throws IllegalArgumentException if {@code b} is outside {@code 1 … RunPlan.MAX_BUFFERS}, e.g.
     *     {@code buffers = 1073741824 (expected: 1 to 1024)}
     */
    public LoopNest buffers(int b) {
        this.buffers = BufferCounts.both(b);
        return this;
    }

    /**
     * Chunk buffers per device and direction, each from 1 to {@value RunPlan#MAX_BUFFERS}. Unset, the planner
     * chooses them on a device that describes its costs and has memory of its own (1 to 4 each way, the counts its
     * cost model predicts fastest within the memory bound, fewer on a tie; the report's split reason says which and
     * why), and uses 2 and 2 elsewhere; set, they are used as given. A chunk
     * holds one of the {@code in} input buffers (host staging and device memory) from serialize until its kernel
     * ends, and one of the {@code out} output buffers from its kernel's start until deserialize ends; so with two of
     * each, copy-in, kernel and copy-out of three chunks overlap. On a device with memory of its own one chunk must
     * fit: {@code resident + in · input buffer + out · output buffer ≤ device memory}. On a host-addressable device
     * (the CPU) there are no buffers: the counts only bound the chunks in flight.
     *
     * @param in  input buffers per device, {@code B_in}
     * @param out output buffers per device, {@code B_out}
     * @return this builder
     * @throws IllegalArgumentException naming the count outside {@code 1 … RunPlan.MAX_BUFFERS}, e.g.
     *     {@code outputBuffers = 0 (expected: 1 to 1024)}
     */
    public LoopNest buffers(int in, int out) {
        this.buffers = new BufferCounts(in, out);
        return this;
    }

    /**
     * Runs on {@code targets} (default: the process's shared {@link CpuDevice#shared() cpu device}); the caller closes
     * them, never a run. With several devices, each has its own pipeline and buffers and takes the next chunk whenever
     * it has a free input buffer, so a faster device takes more; outputs do not depend on which device ran which chunk
     * (as long as their bodies compute alike: the one kernel-language body gives the same bits on every Java device on
     * the scalar path, and differs only within the math-library tolerances of {@code docs/KERNELS.md} on the vector
     * path, OpenCL and CUDA).
     *
     * @param targets the devices, opened by the caller and still open when the run starts
     * @return this builder
     * @throws IllegalArgumentException if none is given, one is null, or two have the same name
     */
    public LoopNest on(Device... targets) {
        if (targets == null || targets.length == 0) {
            throw new IllegalArgumentException("devices: none given (expected: at least one Device)");
        }
        java.util.Map<String, Integer> seen = new java.util.HashMap<>();
        for (int i = 0; i < targets.length; i++) {
            if (targets[i] == null) {
                throw new IllegalArgumentException("device" + (targets.length > 1 ? "s[" + i + "]" : "")
                        + " is null (expected: a Device)");
            }
            Integer before = seen.putIfAbsent(targets[i].info().name(), i);
            if (before != null) {
                throw new IllegalArgumentException("devices[" + i + "] is named '" + targets[i].info().name()
                        + "' like devices[" + before + "] (expected: distinct names, which the report and the "
                        + "threads use)");
            }
        }
        this.devices = List.of(targets);
        return this;
    }

    /**
     * Fails the run with {@link org.loopnest.error.RunTimeoutException} if it takes longer than {@code limit}.
     *
     * @param limit the longest the run may take
     * @return this builder
     * @throws IllegalArgumentException if {@code limit} is not positive
     */
    public LoopNest timeout(Duration limit) {
        if (limit == null || limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("timeout = " + limit + " (expected: > 0)");
        }
        this.timeout = limit;
        return this;
    }

    /**
     * Records the run's timeline and writes it to {@code file} as Chrome Trace Event JSON (open it in Perfetto or
     * {@code chrome://tracing}): one track per stage per device, one slice per chunk. Written when the run ends,
     * also when it fails; the report says what recording cost.
     *
     * @param file where the trace goes, replaced if it exists
     * @return this builder
     * @throws IllegalArgumentException if {@code file} is null
     */
    public LoopNest trace(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("trace file is null (expected: a path for the JSON timeline)");
        }
        this.trace = trace.withJson(file);
        return this;
    }

    /**
     * Records the run's timeline and draws it to {@code file} as an SVG Gantt chart (stages × time, chunks
     * coloured).
     *
     * @param file where the SVG goes, replaced if it exists
     * @return this builder
     * @throws IllegalArgumentException if {@code file} is null
     */
    public LoopNest traceSvg(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("trace SVG file is null (expected: a path for the picture)");
        }
        this.trace = trace.withSvg(file);
        return this;
    }

    /**
     * Tells {@code listener} after each chunk is written (replacing any listener given before; {@code null} for
     * none). Calls never overlap, even with several devices, and come in order: {@code done} rises by one from
     * {@code 1}, and a successful run ends with {@code (total, total)}. See {@link ProgressListener}.
     *
     * @param listener called on the run's deserialize thread, or {@code null}
     * @return this builder
     */
    public LoopNest onProgress(ProgressListener listener) {
        this.progress = listener;
        return this;
    }

    /**
     * Freezes the description and chooses the split.
     *
     * @return the immutable plan: the nest, the arrays, the body, the devices and the split
     * @throws IllegalStateException if the device needs a body the nest lacks: any body ({@link #kernel},
     *     {@link #blockKernel} or {@link #deviceCode}) on a Java device, {@link #deviceCode} on a compiled one; or if
     *     {@link #group} was given without {@link #splitAt}
     * @throws IllegalArgumentException if device code is given and a loop index or array name is no C identifier, or
     *     an array names a loop index that no loop has (naming the array)
     * @throws org.loopnest.error.DeviceMemoryException if the chunks cannot fit the device
     * @throws org.loopnest.error.KernelSyntaxException if the kernel-language body is not valid in the language
     * @throws org.loopnest.error.KernelCompileException for device {@code jvm} if a device of the plan runs Java
     *     bodies and the nest's only body, in the kernel language, does not compile for the JVM (a body beyond the
     *     JVM's 64 KB of bytecode per method)
     */
    public RunPlan plan() {
        return freeze(true);
    }

    /**
     * Writes the generated kernel for this nest and the split it would run with — one file per target,
     * {@code NAME.cl} and {@code NAME.cu} — into {@code dir} (created if missing), whatever the device. Needs no
     * GPU and no OpenCL platform.
     *
     * @param dir the directory to write into
     * @return the files written
     * @throws IllegalStateException if no {@link #deviceCode} was given
     * @throws IOException if a file cannot be written
     */
    public List<Path> dumpKernels(Path dir) throws IOException {
        return freeze(false).writeKernels(dir);
    }

    private RunPlan freeze(boolean toRun) {
        if (!pending.isEmpty()) {
            bindNow(pending.values().iterator().next()); // throws: names an index that no loop has
        }
        if (splitDepth == null && group != 1) {
            throw new IllegalStateException("group(" + group + ") without splitAt(d) (expected: splitAt(d) with "
                    + "it, or no group: the automatic split chooses its own)");
        }
        List<Device> targets = devices == null ? List.of(CpuDevice.shared()) : devices;
        for (Device target : toRun ? targets : List.<Device>of()) {
            boolean compiled = target.runsCompiledKernels();
            if (compiled && deviceCode == null) {
                throw new IllegalStateException("device " + target.info().name() + " runs compiled kernels, and "
                        + "the nest has no device code (expected: call deviceCode(...) with the kernel-language body)");
            }
            if (!compiled && kernel == null && deviceCode == null) {
                throw new IllegalStateException("no kernel (expected: call kernel(...), blockKernel(...) or "
                        + "deviceCode(...) before run())");
            }
        }
        if (!toRun && deviceCode == null) {
            throw new IllegalStateException("no device code to dump (expected: call deviceCode(...) first)");
        }
        // parsed and checked before anything else is planned: a body's errors come first
        Program program = deviceCode == null ? null
                : KernelLanguage.checkRemembered(deviceCode, KernelContext.of(space, arrays.values()));
        var bindings = java.util.List.copyOf(arrays.values());
        DeviceInfo limits = DeviceGroup.limits(targets);
        var costs = KernelRates.apply(limits.name(), deviceCode, DeviceGroup.costs(targets));
        PlannedSplit planned = SplitPlanner.plan(space, bindings, limits, costs,
                splitDepth == null ? null : space.split(splitDepth, group), buffers);
        SplitChoice choice = planned.choice();
        if (program != null) {
            KernelGenerator.checkNames(choice.layout(), program); // a name C cannot take fails now, on any device
        }
        // made when a device that compiles kernels first asks (RunPlan.kernelSource): never for a run on the cpu
        java.util.function.Supplier<KernelSource> source = () -> program == null ? null
                : KernelGenerator.generate(choice.layout(), program);
        PathChoice.Choice path = program == null ? null : PathChoice.choose(kernelPath, deviceCode, space.count(),
                program.context().axes().isEmpty() ? KernelPath.VECTOR_PAYS_FROM : KernelPath.VECTOR_PAYS_FROM_COLUMNS);
        Kernel body = kernel == null ? (program == null ? null
                : Kernel.ofProgram(program, path.path(), path.reason()))
                : program == null ? kernel : kernel.withProgram(program);
        if (toRun && body != null) {
            ViewTable views = new ViewTable(arrays, Views::direct); // the views a run on the cpu binds
            body.checkBinding(views); // a wrong array name or type fails here
            var split = choice.layout().split();
            if (split.chunkCount() > 0 && targets.stream().anyMatch(d -> !d.runsCompiledKernels())) {
                var first = split.chunk(0);
                // a body too large for the JVM fails here; a run on the cpu finds it compiled
                body.compileForJvm(views, split.cursor(first, 0, first.iterations()));
            }
        }
        Replanning replanning = splitDepth == null && costs.isPresent() // an automatic split may be re-planned
                ? new Replanning(new Replan.Planned(bindings, costs.get(), choice.split(), planned.buffers()),
                        limits.name(), deviceCode)
                : null;
        return new PlanBuilder().nest(space, arrays).kernelWithSourceOnDemand(body, source)
                .devices(DeviceSource.given(targets))
                .split(choice, planned.buffers()).buffersChosen(buffers == null).watch(timeout, progress, trace)
                .replanning(replanning).build();
    }

    /**
     * Starts the run in the background; see {@link Execution}.
     *
     * @return the running execution, which the caller closes
     * @throws org.loopnest.error.DeviceException if a device {@linkplain Device#isClosed() is closed}, before
     *     anything runs
     */
    public Execution start() {
        return plan().start();
    }

    /**
     * Runs the nest to the end and returns what happened. On one given device, a run of a body in the kernel language
     * also tells the planner's cost model the kernel's rate, for the next run of the same body on a device of that
     * name in this process.
     *
     * @return the run's report
     * @throws org.loopnest.error.LoopNestException if a stage fails, the run times out, the chunks cannot fit, or a
     *     device is closed (a {@link org.loopnest.error.DeviceException} naming it)
     */
    public RunReport run() {
        try (Execution execution = start()) {
            RunReport report = execution.await();
            if (devices != null && devices.size() == 1) { // the cost model's kernel rate for the next run
                KernelRates.record(devices.get(0).info().name(), deviceCode, report);
            }
            return report;
        }
    }

    /** {@return the nest as described so far} */
    public IndexSpace space() {
        return space;
    }

}

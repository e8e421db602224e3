package org.loopnest.internal.scheduler;

import java.util.List;
import java.util.Optional;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.internal.data.ChunkSpan;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.internal.serializer.ChunkLayout;

/**
 * Chooses the split depth {@code d} and the grouping {@code r}, or checks a given one, against a device.
 *
 * <p><b>The rule.</b> Aim for {@value #TARGET_CHUNKS} chunks (enough to overlap stages and to show progress)
 * of at least {@value #MIN_ITERATIONS_PER_UNIT} iterations per compute unit (enough to keep the device busy):
 * desired chunk size {@code D = max(⌈C / 16⌉, 1024 · units)}. On a device that is not host-addressable, one
 * chunk must also fit: {@code resident + B_in · input buffer + B_out · output buffer ≤ device memory}
 * ({@link BufferCounts#bytes}), and each
 * buffer at most the largest single allocation. For every depth {@code d} the largest fitting {@code r} is
 * found and {@code r = clamp(⌊D / Q_d⌋, 1, r_max)}; the shallowest depth whose chunk is within a factor 2 of
 * the closest to {@code D} wins (whole outer iterations of a shallow loop are the natural chunks). On a
 * host-addressable device a chunk also keeps each file-backed array's window within {@value #FILE_WINDOW_BYTES}
 * bytes, as that device maps one window per chunk. Stateless.
 */
public final class SplitPlanner {
    /** Chunks a run aims for. */
    public static final int TARGET_CHUNKS = 16;
    /** The largest file window a chunk aims to map on a host-addressable device (see {@link #fileWindowGroup}). */
    public static final long FILE_WINDOW_BYTES = 1L << 30;
    /** Fewest iterations per chunk per compute unit. */
    public static final long MIN_ITERATIONS_PER_UNIT = 1024;

    /** A shallower split wins while its chunk size is within a factor of 2 of the best one's. */
    private static final double SHALLOWER_PREFERENCE = Math.log(2);

    private SplitPlanner() {
    }

    /**
     * {@return the split and the chunk buffers a run uses}: the user's where given, the planner's choice where not.
     * The buffers are chosen ({@link BufferOptions}: 1 to 4 per direction, fewest on a tie within 0.2 %) only when
     * the user set none, the device describes its costs and is not host-addressable (on the CPU buffers take no
     * device memory, so fewer save nothing); otherwise they stay at 2 per direction. An automatic split is chosen
     * with them ({@link #choose(IndexSpace, List, DeviceInfo, Optional, BufferCounts)}); a given one is checked
     * ({@link #check(Split, List, DeviceInfo, BufferCounts)}) with the counts the model prefers for it among those
     * it fits. The prediction, where there are costs, is for the buffers returned.
     *
     * @param space    the nest
     * @param bindings the run's arrays
     * @param device   the limits of the run's devices as one
     * @param costs    the device's costs ({@link DeviceGroup#costs}), or empty
     * @param given    the user's split, or {@code null} for the automatic one
     * @param buffers  the user's buffer counts, or {@code null} to have them chosen
     * @throws DeviceMemoryException if no chunk fits the device (saying what one chunk needs with the default
     *     buffers, or the given ones)
     */
    public static PlannedSplit plan(IndexSpace space, List<ArrayBinding> bindings, DeviceInfo device,
                                    Optional<DeviceCosts> costs, Split given, BufferCounts buffers) {
        List<BufferCounts> options = buffers != null ? List.of(buffers)
                : costs.isPresent() && !device.hostAddressable() ? BufferOptions.all()
                : List.of(BufferOptions.DEFAULT);
        if (options.size() == 1) {
            BufferCounts only = options.get(0);
            SplitChoice choice = given == null ? choose(space, bindings, device, costs, only)
                    : check(given, bindings, device, only);
            return new PlannedSplit(predicted(choice, costs, only), only);
        }
        if (given == null) {
            PlannedSplit modelled = CostPlanner.choose(space, bindings, device, costs.orElseThrow(), options);
            if (modelled == null) { // not even the smallest chunk fits: the fixed rule says so, with 2 and 2
                return new PlannedSplit(predicted(choose(space, bindings, device, BufferOptions.DEFAULT), costs,
                        BufferOptions.DEFAULT), BufferOptions.DEFAULT);
            }
            return new PlannedSplit(withMemory(modelled.choice(), device, modelled.buffers()), modelled.buffers());
        }
        List<CostPlanner.Best> fitting = CostPlanner.forSplit(given, ChunkLayout.of(given, bindings), device,
                costs.orElseThrow(), options);
        CostPlanner.Best best = CostPlanner.preferred(fitting);
        if (best == null) { // fits with none: the check says what it needs with 2 and 2
            return new PlannedSplit(predicted(check(given, bindings, device, BufferOptions.DEFAULT), costs,
                    BufferOptions.DEFAULT), BufferOptions.DEFAULT);
        }
        SplitChoice checked = check(given, bindings, device, best.buffers());
        return new PlannedSplit(new SplitChoice(checked.split(), checked.layout(), checked.reason()
                + CostPlanner.buffersReason(best, fitting), best.prediction()), best.buffers());
    }

    /**
     * {@return the automatic choice}: the split {@link CostModel} predicts fastest when the device describes its
     * costs, otherwise the fixed rule
     *
     * @param space the nest
     * @param bindings the run's arrays
     * @param device the limits of the run's devices as one
     * @param costs the device's costs ({@link DeviceGroup#costs}), or empty for the fixed rule (which a
     *     host-addressable device keeps whatever its costs)
     * @param buffers chunk buffers per direction per device
     * @throws DeviceMemoryException if not even the smallest chunk fits the device
     */
    public static SplitChoice choose(IndexSpace space, List<ArrayBinding> bindings, DeviceInfo device,
                                     Optional<DeviceCosts> costs, BufferCounts buffers) {
        // a host-addressable device (the cpu) copies nothing, so the model has nothing to balance; chunks cost it about
        // a microsecond, and the fixed rule's chunks give progress, cancellation and load balance for free
        SplitChoice modelled = device.hostAddressable() ? null
                : costs.map(c -> CostPlanner.choose(space, bindings, device, c, buffers)).orElse(null);
        if (modelled == null) {
            return choose(space, bindings, device, buffers);
        }
        return withMemory(modelled, device, buffers);
    }

    /** {@code choice} with what one chunk needs of the device's memory added to its reason. */
    private static SplitChoice withMemory(SplitChoice choice, DeviceInfo device, BufferCounts buffers) {
        String why = choice.reason();
        if (device.hostAddressable()) {
            why += "; " + device.name() + " reads the arrays in place, so memory sets no limit";
        } else {
            why += "; one chunk needs " + need(choice.layout(), buffers) + " of " + device.memoryBytes()
                    + " bytes of " + device.name() + " memory";
        }
        return new SplitChoice(choice.split(), choice.layout(), why, choice.prediction());
    }

    /**
     * {@return the automatic choice by the fixed rule (about {@value #TARGET_CHUNKS} chunks)}, used when the device
     * describes no costs
     *
     * @param space the nest
     * @param bindings the run's arrays
     * @param device the limits of the run's devices as one
     * @param buffers input and output buffers per device
     * @throws DeviceMemoryException if not even the smallest chunk fits the device
     */
    public static SplitChoice choose(IndexSpace space, List<ArrayBinding> bindings, DeviceInfo device,
                                     BufferCounts buffers) {
        long count = space.count();
        long desired = Math.max((count + TARGET_CHUNKS - 1) / TARGET_CHUNKS,
                MIN_ITERATIONS_PER_UNIT * device.computeUnits());
        Split[] candidates = new Split[space.depth()];
        double[] scores = new double[space.depth()];
        double bestScore = Double.MAX_VALUE;
        boolean windowsTooLarge = false;
        for (int d = 0; d < space.depth(); d++) {
            Split one = space.split(d, 1);
            long rMax = device.hostAddressable() ? Math.min(Math.max(1, one.outerCount()), fileWindowGroup(one, bindings))
                    : largestFittingGroup(one, bindings, device, buffers);
            windowsTooLarge |= device.hostAddressable() && rMax < 1;
            if (rMax < 1) {
                continue;
            }
            long q = Math.max(1, one.innerCount());
            long r = Math.max(1, Math.min(desired / q, rMax));
            candidates[d] = space.split(d, r);
            scores[d] = Math.abs(Math.log((double) Math.max(1, candidates[d].maxChunkIterations()) / desired));
            bestScore = Math.min(bestScore, scores[d]);
        }
        Split best = null;
        for (int d = 0; d < space.depth() && best == null; d++) {
            if (candidates[d] != null && scores[d] <= bestScore + SHALLOWER_PREFERENCE) {
                best = candidates[d];
            }
        }
        if (best == null && windowsTooLarge) {
            throw new IllegalArgumentException("no split keeps each chunk's window of the file-backed arrays within "
                    + FILE_WINDOW_BYTES + " bytes on " + device.name() + ", which maps files (expected: files laid out "
                    + "in nest order, or a device with memory of its own, which reads them without mapping)");
        }
        if (best == null) {
            Split finest = space.split(space.depth() - 1, 1);
            throw doesNotFit(finest, ChunkLayout.of(finest, bindings), device, buffers, "no split fits: even the "
                    + "smallest chunk (d=" + finest.depth() + ", " + finest.innerCount() + " iterations)");
        }
        ChunkLayout layout = ChunkLayout.of(best, bindings);
        // concatenated, not String.format: every plan says why, and a Formatter is a tenth of a plan until the JIT
        // compiler has compiled it
        String why = "auto: " + best.chunkCount() + " chunks of up to " + best.maxChunkIterations() + " iterations"
                + " (aim: about " + desired + " per chunk, " + TARGET_CHUNKS + " chunks, at least "
                + MIN_ITERATIONS_PER_UNIT + " per compute unit × " + device.computeUnits() + " units)";
        if (device.hostAddressable()) {
            why += "; " + device.name() + " reads the arrays in place, so memory sets no limit";
        } else {
            why += "; one chunk needs " + need(layout, buffers) + " of " + device.memoryBytes() + " bytes of "
                    + device.name() + " memory";
        }
        return new SplitChoice(best, layout, why);
    }

    /**
     * The most outer iterations per chunk that keep each file-backed array's mapped window (a host-addressable device
     * maps one per chunk) within {@value #FILE_WINDOW_BYTES} bytes, measured on the first chunk of each size tried; 0
     * if one outer iteration's window is already larger (that depth cannot be used); no limit without files.
     */
    static long fileWindowGroup(Split one, List<ArrayBinding> bindings) {
        long limit = Long.MAX_VALUE;
        for (ArrayBinding b : bindings) {
            if (b.holder() instanceof FileHolder file && b.elements() > 0 && one.outerCount() > 0) {
                long low = 0;
                long high = one.outerCount();
                while (low < high) { // the largest r in [0, outerCount] whose window fits
                    long r = low + (high - low + 1) / 2;
                    if (windowBytes(b, file, one, r) <= FILE_WINDOW_BYTES) {
                        low = r;
                    } else {
                        high = r - 1;
                    }
                }
                limit = Math.min(limit, low);
            }
        }
        return limit;
    }

    private static long windowBytes(ArrayBinding b, FileHolder file, Split one, long r) {
        long[] span = ChunkSpan.of(b, file, one, 0, r);
        return (span[1] - span[0] + 1) * file.type().bytes();
    }

    /**
     * Checks a split the user gave.
     *
     * @param split the split the user gave
     * @param bindings the run's arrays
     * @param device the limits of the run's devices as one
     * @param buffers input and output buffers per device
     * @return the split, with what one chunk needs
     * @throws DeviceMemoryException saying what one chunk needs and what the device offers
     */
    public static SplitChoice check(Split split, List<ArrayBinding> bindings, DeviceInfo device, BufferCounts buffers) {
        return check(split, bindings, device, buffers, "given");
    }

    /**
     * {@link #check(Split, List, DeviceInfo, BufferCounts)} with {@code label} in place of "given" in the reason.
     *
     * @param split    the split to check
     * @param bindings the bound arrays
     * @param device   the limits of the devices that run it
     * @param buffers  input and output buffers per device
     * @param label    what the reason calls the split's origin, e.g. the user's rule
     * @return the split, its layout, and why
     */
    public static SplitChoice check(Split split, List<ArrayBinding> bindings, DeviceInfo device, BufferCounts buffers,
                                    String label) {
        String given = label + ": splitAt(" + split.depth() + ")" + (split.group() > 1 ? ".group(" + split.group() + ")"
                : "") + ", " + split.chunkCount() + " chunks of up to " + split.maxChunkIterations() + " iterations";
        ChunkLayout layout = ChunkLayout.of(split, bindings);
        if (device.hostAddressable()) {
            return new SplitChoice(split, layout, given);
        }
        if (!fits(layout, device, buffers)) {
            throw doesNotFit(split, layout, device, buffers, "split d=" + split.depth() + ", r=" + split.group()
                    + " does not fit: one chunk");
        }
        return new SplitChoice(split, layout, given + "; one chunk needs " + need(layout, buffers) + " of "
                + device.memoryBytes() + " bytes of " + device.name() + " memory");
    }

    /**
     * {@return {@code choice} with the cost model's prediction for it}, or {@code choice} itself when there are no
     * costs or it has a prediction already (a split the user gave is predicted too, so its report can be compared)
     *
     * @param choice  a checked split
     * @param costs   the device's costs, or empty
     * @param buffers chunk buffers per direction per device
     */
    public static SplitChoice predicted(SplitChoice choice, Optional<DeviceCosts> costs, BufferCounts buffers) {
        if (costs.isEmpty() || choice.prediction() != null) {
            return choice;
        }
        return new SplitChoice(choice.split(), choice.layout(), choice.reason(), CostModel.predict(costs.get(),
                RunShape.of(choice.split(), choice.layout(), buffers)));
    }

    static long largestFittingGroup(Split one, List<ArrayBinding> bindings, DeviceInfo device,
                                    BufferCounts buffers) {
        ChunkLayout unit = ChunkLayout.of(one, bindings);
        if (!fits(unit, device, buffers)) {
            return 0;
        }
        long perOuter = Math.max(1, buffers.bytes(unit) - unit.residentBytes());
        long room = device.memoryBytes() - unit.residentBytes();
        long r = Math.min(Math.max(1, one.outerCount()), room / perOuter);
        long perBuffer = Math.max(1, Math.max(unit.inputBytes(), unit.outputBytes()));
        r = Math.max(1, Math.min(r, maxAllocation(device) / perBuffer));
        while (r > 1 && !fits(ChunkLayout.of(one.space().split(one.depth(), r), bindings), device, buffers)) {
            r = r * 15 / 16;
        }
        return r;
    }

    static boolean fits(ChunkLayout layout, DeviceInfo device, BufferCounts buffers) {
        long max = maxAllocation(device);
        return layout.inputBytes() <= max && layout.outputBytes() <= max && layout.residentBytes() <= max
                && buffers.bytes(layout) <= device.memoryBytes();
    }

    private static long maxAllocation(DeviceInfo device) {
        return Math.min(device.maxAllocationBytes(), Integer.MAX_VALUE);
    }

    private static String need(ChunkLayout layout, BufferCounts buffers) {
        return buffers.describe(layout);
    }

    private static DeviceMemoryException doesNotFit(Split split, ChunkLayout layout, DeviceInfo device,
                                                    BufferCounts buffers,
                                                    String what) {
        long perIteration = Math.max(1, split.maxChunkIterations());
        long iterationBytes = (layout.inputBytes() + layout.outputBytes()) / perIteration;
        return new DeviceMemoryException(what + " needs " + need(layout, buffers) + " (one iteration moves about "
                + iterationBytes + " bytes), but device " + device.name() + " offers " + device.memoryBytes()
                + " bytes (largest single allocation " + maxAllocation(device) + " bytes); use a deeper split, "
                + "a smaller group or fewer input or output buffers", buffers.bytes(layout), device.memoryBytes());
    }
}

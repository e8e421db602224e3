package org.loopnest.internal.serializer;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.internal.data.Addressing;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.index.Chunk;
import org.loopnest.index.Split;

/**
 * The binary layout of a run's chunk buffers: one region per array in the input, output and resident buffers,
 * and the sizes of those buffers for a full chunk. See the package documentation for the picture. Immutable.
 */
public final class ChunkLayout {
    /** Every region starts at a multiple of this many bytes. */
    public static final int ALIGNMENT = 64;
    /**
     * Bytes at the start of the output buffer, before every output's region, where a compiled kernel that subscripts
     * column arrays records the first bad level of a launch (five {@code int}s: a flag, the body's line and column,
     * the level's low and high halves); reserved only in a layout with column arrays.
     */
    public static final int LEVEL_ERROR_BYTES = 20;

    private final Split split;
    private final List<Placement> inputs;
    private final List<Placement> outputs;
    private final List<Placement> resident;
    private final long inputBytes;
    private final long outputBytes;
    private final long residentBytes;
    private final boolean levelChecks;

    private ChunkLayout(Split split, List<Placement> inputs, List<Placement> outputs, List<Placement> resident,
                        boolean levelChecks) {
        this.split = split;
        this.inputs = List.copyOf(inputs);
        this.outputs = List.copyOf(outputs);
        this.resident = List.copyOf(resident);
        this.inputBytes = end(inputs);
        this.outputBytes = Math.max(levelChecks ? LEVEL_ERROR_BYTES : 0, end(outputs));
        this.residentBytes = end(resident);
        this.levelChecks = levelChecks;
    }

    /**
     * Lays out {@code bindings} for chunks of {@code split}, in binding order.
     *
     * @param split the run's split, which gives the chunk shape
     * @param bindings the run's arrays
     * @return the layout
     */
    public static ChunkLayout of(Split split, List<ArrayBinding> bindings) {
        List<Placement> in = new ArrayList<>();
        List<Placement> out = new ArrayList<>();
        List<Placement> res = new ArrayList<>();
        boolean columns = bindings.stream().anyMatch(b -> b.column() != null);
        for (ArrayBinding b : bindings) {
            int[] dims = b.dims();
            int firstInner = 0;
            while (firstInner < dims.length && dims[firstInner] < split.depth()) {
                firstInner++;
            }
            int[] innerDims = java.util.Arrays.copyOfRange(dims, firstInner, dims.length);
            long[] innerStrides = new long[innerDims.length];
            long slab = 1;
            for (int m = innerDims.length - 1; m >= 0; m--) {
                innerStrides[m] = slab;
                slab *= split.space().extent(innerDims[m]);
            }
            boolean isResident = b.role() == Role.IN && firstInner == 0;
            List<Placement> target = isResident ? res : b.role() == Role.IN ? in : out;
            long bytes = (isResident ? slab : slab * split.group()) * b.type().bytes();
            long start = target == out && columns ? Math.max(align(LEVEL_ERROR_BYTES), end(target)) : end(target);
            target.add(new Placement(b, isResident, align(start), slab, innerDims, innerStrides, bytes));
        }
        return new ChunkLayout(split, in, out, res, columns);
    }

    private static long end(List<Placement> regions) {
        if (regions.isEmpty()) {
            return 0;
        }
        Placement last = regions.get(regions.size() - 1);
        return last.regionOffset() + last.regionBytes();
    }

    static long align(long offset) {
        return (offset + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    }

    /** {@return the split the chunks come from} */
    public Split split() {
        return split;
    }

    /** {@return the streamed inputs' regions in the input buffer, in binding order} */
    public List<Placement> inputs() {
        return inputs;
    }

    /** {@return the outputs' regions in the output buffer, in binding order} */
    public List<Placement> outputs() {
        return outputs;
    }

    /** {@return the regions of the inputs indexed only by inner loops, in the resident buffer} */
    public List<Placement> resident() {
        return resident;
    }

    /**
     * {@return the bytes at the start of the output buffer that hold a compiled kernel's level errors: {@link
     * #LEVEL_ERROR_BYTES} in a layout with column arrays, else 0}
     */
    public int levelErrorBytes() {
        return levelChecks ? LEVEL_ERROR_BYTES : 0;
    }

    /** {@return bytes of the input buffer for a full chunk} */
    public long inputBytes() {
        return inputBytes;
    }

    /** {@return bytes of the output buffer for a full chunk} */
    public long outputBytes() {
        return outputBytes;
    }

    /** {@return bytes of the resident buffer} */
    public long residentBytes() {
        return residentBytes;
    }

    /**
     * {@return bytes of the input buffer that {@code chunk} uses (less than {@link #inputBytes()} for a remainder)}
     *
     * @param chunk a chunk of this layout's split
     */
    public long inputBytes(Chunk chunk) {
        return used(inputs, chunk);
    }

    /**
     * {@return bytes of the output buffer that {@code chunk} uses}
     *
     * @param chunk a chunk of this layout's split
     */
    public long outputBytes(Chunk chunk) {
        return Math.max(levelErrorBytes(), used(outputs, chunk));
    }

    private static long used(List<Placement> regions, Chunk chunk) {
        long end = 0;
        for (Placement p : regions) {
            end = Math.max(end, p.regionOffset() + p.usedBytes(chunk.outerCount()));
        }
        return end;
    }

    /**
     * {@return where {@code p}'s element for the current iteration of {@code chunk} sits in a typed view of its buffer}
     *
     * @param p one of this layout's placements
     * @param chunk the chunk in the buffer
     */
    public Addressing addressing(Placement p, Chunk chunk) {
        int base = p.regionElement();
        if (!p.resident() && p.binding().usesAllLoops()) {
            return Addressing.contiguous(chunk.firstFlat() - base);
        }
        return Addressing.general(p.innerDims(), p.innerStrides(), base, p.resident() ? 0 : p.slabElements(),
                chunk.firstOuter());
    }

    /**
     * {@return the placement of the array called {@code name}, or {@code null}}
     *
     * @param name an array's name
     */
    public Placement placement(String name) {
        for (List<Placement> list : List.of(inputs, outputs, resident)) {
            for (Placement p : list) {
                if (p.binding().name().equals(name)) {
                    return p;
                }
            }
        }
        return null;
    }
}

package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.loopnest.data.ArrayBinding;
import org.loopnest.index.Chunk;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.ChunkPacker;
import org.loopnest.internal.serializer.Placement;

/**
 * The arrays of a data-local run that stay in the coordinator's memory ({@link LocalArrays.LocalArray#shipped()}):
 * their part of each chunk, as regions of the run's chunk layout. The coordinator packs an input's region into the
 * chunk's {@link Wire#LAUNCH_IN_PLACE} and scatters an output's region from the answer into the user's array; the node
 * puts the input regions into its chunk buffer beside what it read from the files, and answers with the output
 * regions. A region is written as its placement's index in the layout's inputs (or outputs), its byte count and its
 * bytes, in native byte order, as a shipped chunk's buffer is. Both sides build the same layout: the run's bindings in
 * their order.
 *
 * <p>Immutable; thread-safe.
 */
final class ShippedArrays {
    /** A chunk's region of one array: its placement's index, and its bytes. */
    record Region(int index, byte[] bytes) {
    }

    private final ChunkLayout layout;
    private final ChunkPacker packer;
    private final Predicate<ArrayBinding> shipped;

    /**
     * @param layout the run's chunk layout (built from its bindings in order; the coordinator's over the user's arrays)
     * @param names the shipped arrays' names
     */
    ShippedArrays(ChunkLayout layout, Set<String> names) {
        this.layout = layout;
        this.packer = new ChunkPacker(layout);
        Set<String> copy = Set.copyOf(names);
        this.shipped = b -> copy.contains(b.name());
    }

    /** {@return whether an array is one of the shipped ones} */
    boolean isShipped(ArrayBinding binding) {
        return shipped.test(binding);
    }

    /** {@return whether any array is shipped} */
    boolean any() {
        return layout.inputs().stream().anyMatch(p -> shipped.test(p.binding()))
                || layout.outputs().stream().anyMatch(p -> shipped.test(p.binding()));
    }

    /** Packs the shipped inputs' regions of {@code chunk} from the user's arrays and writes them (the coordinator). */
    void writeInputs(Chunk chunk, ByteBuf frame) {
        List<Region> regions = new ArrayList<>();
        if (layout.inputs().stream().anyMatch(p -> shipped.test(p.binding()))) {
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.max(1, layout.inputBytes(chunk)))
                    .order(ByteOrder.nativeOrder());
            packer.pack(chunk, buffer, shipped);
            regions = regions(layout.inputs(), chunk, buffer);
        }
        write(frame, regions);
    }

    /** Reads the output regions of {@code chunk} from a node's answer and scatters them into the user's arrays. */
    void readOutputs(Chunk chunk, ByteBuf reply) {
        List<Region> regions = read(reply, layout.outputs().size());
        if (regions.isEmpty()) {
            return;
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.max(1, layout.outputBytes(chunk)))
                .order(ByteOrder.nativeOrder());
        put(layout.outputs(), chunk, buffer, regions);
        packer.unpack(chunk, buffer, shipped);
    }

    /** Puts the coordinator's input regions into a node's chunk input buffer. */
    void putInputs(Chunk chunk, ByteBuffer inputBuffer, List<Region> regions) {
        put(layout.inputs(), chunk, inputBuffer, regions);
    }

    /** {@return the shipped outputs' regions of a node's chunk output buffer, for its answer} */
    List<Region> outputRegions(Chunk chunk, ByteBuffer outputBuffer) {
        return regions(layout.outputs(), chunk, outputBuffer);
    }

    private List<Region> regions(List<Placement> placements, Chunk chunk, ByteBuffer buffer) {
        List<Region> regions = new ArrayList<>();
        for (int i = 0; i < placements.size(); i++) {
            Placement p = placements.get(i);
            if (shipped.test(p.binding())) {
                ByteBuffer region = p.usedRegion(buffer, chunk.outerCount());
                byte[] bytes = new byte[region.remaining()];
                region.get(bytes);
                regions.add(new Region(i, bytes));
            }
        }
        return regions;
    }

    private void put(List<Placement> placements, Chunk chunk, ByteBuffer buffer, List<Region> regions) {
        for (Region r : regions) {
            if (r.index() < 0 || r.index() >= placements.size() || !shipped.test(placements.get(r.index()).binding())) {
                throw new IllegalArgumentException("region " + r.index() + " (expected: one of the run's shipped "
                        + "arrays)");
            }
            Placement p = placements.get(r.index());
            if (r.bytes().length != p.usedBytes(chunk.outerCount())) {
                throw new IllegalArgumentException(p.binding() + ": " + r.bytes().length + " bytes for chunk "
                        + chunk.number() + " (expected: " + p.usedBytes(chunk.outerCount()) + ")");
            }
            p.usedRegion(buffer, chunk.outerCount()).put(r.bytes());
        }
    }

    /** Writes regions: a count, then each one's index, byte count and bytes. */
    static void write(ByteBuf b, List<Region> regions) {
        b.writeInt(regions.size());
        for (Region r : regions) {
            b.writeInt(r.index());
            b.writeInt(r.bytes().length);
            b.writeBytes(r.bytes());
        }
    }

    /**
     * Reads regions.
     *
     * @param most the most regions there may be
     * @throws IllegalArgumentException if a count or length is out of range
     */
    static List<Region> read(ByteBuf b, int most) {
        int n = b.readInt();
        if (n < 0 || n > most) {
            throw new IllegalArgumentException(n + " regions (expected: 0 to " + most + ")");
        }
        List<Region> regions = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int index = b.readInt();
            int length = b.readInt();
            if (length < 0 || length > b.readableBytes()) {
                throw new IllegalArgumentException("region of " + length + " bytes in a frame with "
                        + b.readableBytes() + " left");
            }
            byte[] bytes = new byte[length];
            b.readBytes(bytes);
            regions.add(new Region(index, bytes));
        }
        return regions;
    }
}

package org.loopnest.internal.serializer;

import java.nio.ByteBuffer;
import org.loopnest.data.ArrayBinding;
import org.loopnest.index.Chunk;
import org.loopnest.internal.data.FileOutputs;

/**
 * Packs chunks of the user's input arrays into flat buffers laid out by a {@link ChunkLayout}, and unpacks
 * output buffers back into the user's arrays. Stateless apart from the layout: safe to use from several
 * threads on different buffers.
 */
public final class ChunkPacker {
    private final ChunkLayout layout;
    private final FileOutputs files;

    /**
     * A packer for {@code layout} whose arrays include no file-backed output written to a new file.
     *
     * @param layout the layout, whose bindings hold the user's arrays
     */
    public ChunkPacker(ChunkLayout layout) {
        this(layout, FileOutputs.NONE);
    }

    /**
     * A packer for {@code layout} that writes file-backed outputs where the run's {@code files} say.
     *
     * @param layout the layout, whose bindings hold the user's arrays
     * @param files the run's output files
     */
    public ChunkPacker(ChunkLayout layout, FileOutputs files) {
        this.layout = layout;
        this.files = files;
    }

    /** {@return the layout it packs for} */
    public ChunkLayout layout() {
        return layout;
    }

    /**
     * Writes every streamed input's elements for {@code chunk} into {@code inputBuffer} (byte 0 = layout 0).
     *
     * @param chunk the chunk
     * @param inputBuffer the chunk's input buffer, at least {@link ChunkLayout#inputBytes(Chunk)} long
     */
    public void pack(Chunk chunk, ByteBuffer inputBuffer) {
        pack(chunk, inputBuffer, binding -> true);
    }

    /**
     * As {@link #pack(Chunk, ByteBuffer)}, for the inputs {@code which} accepts only: a run whose other inputs reach
     * the buffer another way (a worker node reads the files, the coordinator sends what is in its memory).
     *
     * @param chunk the chunk
     * @param inputBuffer the chunk's input buffer
     * @param which the inputs to pack
     */
    public void pack(Chunk chunk, ByteBuffer inputBuffer, java.util.function.Predicate<ArrayBinding> which) {
        for (Placement p : layout.inputs()) {
            if (which.test(p.binding())) {
                new RowWalker(layout.split(), p, inputBuffer, files).walk(chunk.firstOuter(), chunk.outerCount(),
                        true);
            }
        }
    }

    /**
     * Writes every resident input, whole, into {@code residentBuffer}. Once per run.
     *
     * @param residentBuffer the resident buffer, at least the layout's resident bytes long
     */
    public void packResident(ByteBuffer residentBuffer) {
        for (Placement p : layout.resident()) {
            new RowWalker(layout.split(), p, residentBuffer, files).walk(0, 1, true);
        }
    }

    /**
     * Scatters every output's elements for {@code chunk} from {@code outputBuffer} into the user's arrays.
     *
     * @param chunk the chunk
     * @param outputBuffer the chunk's output buffer, as copied out
     */
    public void unpack(Chunk chunk, ByteBuffer outputBuffer) {
        unpack(chunk, outputBuffer, binding -> true);
    }

    /**
     * As {@link #unpack(Chunk, ByteBuffer)}, for the outputs {@code which} accepts only.
     *
     * @param chunk the chunk
     * @param outputBuffer the chunk's output buffer, as copied out
     * @param which the outputs to scatter
     */
    public void unpack(Chunk chunk, ByteBuffer outputBuffer, java.util.function.Predicate<ArrayBinding> which) {
        for (Placement p : layout.outputs()) {
            if (which.test(p.binding())) {
                new RowWalker(layout.split(), p, outputBuffer, files).walk(chunk.firstOuter(), chunk.outerCount(),
                        false);
            }
        }
    }
}

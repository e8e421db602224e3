package org.loopnest.scheduler;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.ChunkPacker;

/**
 * The buffers one run holds on one device with memory of its own: {@code B_in} input and {@code B_out} output chunk
 * buffers, each direction in a {@link BufferPool} of its own, and the resident buffer.
 *
 * <p><b>Ownership:</b> owns every buffer: {@link #close()} frees each one, whether or not it is back in its pool.
 * <b>Threading:</b> {@link #allocate} and {@link #close()} from the run's thread; the pools are thread-safe.
 */
final class RunBuffers implements AutoCloseable {
    private final BufferPool inputs = new BufferPool("input");
    private final BufferPool outputs = new BufferPool("output");
    private final List<ChunkBuffer> all = new ArrayList<>();
    private DeviceBuffer resident;

    /**
     * Allocates the chunk buffers and, if the layout has resident data, the resident buffer, and copies the resident
     * data in (waiting through {@code control}); on failure the caller closes this object, which frees what was
     * taken.
     *
     * @return the bytes copied in (the resident data), 0 if none
     */
    long allocate(Device device, ChunkLayout layout, int inputBuffers, int outputBuffers, ChunkPacker packer,
                  RunControl control) {
        fill(device, inputs, inputBuffers, layout.inputBytes());
        fill(device, outputs, outputBuffers, layout.outputBytes());
        if (layout.residentBytes() == 0) {
            return 0;
        }
        resident = device.allocate(layout.residentBytes());
        try (HostStaging staging = device.allocateStaging(layout.residentBytes())) {
            packer.packResident(staging.buffer());
            control.await(device.copyIn(staging.buffer(), resident, layout.residentBytes()));
        }
        return layout.residentBytes();
    }

    private void fill(Device device, BufferPool pool, int count, long bytes) {
        for (int b = 0; b < count; b++) {
            ChunkBuffer buffer = ChunkBuffer.allocate(device, Math.max(1, bytes));
            all.add(buffer);
            pool.give(buffer);
        }
    }

    /** The free input buffers: taken when a chunk is published, given back when its kernel ends. */
    BufferPool inputs() {
        return inputs;
    }

    /** The free output buffers: taken when a chunk's kernel starts, given back when it is deserialized. */
    BufferPool outputs() {
        return outputs;
    }

    /** The resident data on the device, or {@code null} if the layout has none. */
    DeviceBuffer resident() {
        return resident;
    }

    /** Wakes whatever waits for a free buffer of either direction, for good: the run has ended. */
    void stop() {
        inputs.stop();
        outputs.stop();
    }

    /** Frees every buffer, all of them even if some fail to close; then throws the first failure. */
    @Override
    public void close() {
        List<AutoCloseable> owned = new ArrayList<>(all);
        if (resident != null) {
            owned.add(0, resident);
        }
        all.clear();
        inputs.clear();
        outputs.clear();
        resident = null;
        ChunkBuffer.closeAll(owned.toArray(AutoCloseable[]::new));
    }
}

package org.loopnest.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.zip.CRC32C;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Role;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;
import org.loopnest.device.KernelSource;
import org.loopnest.index.Chunk;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.scheduler.PackedLaunch;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.ChunkPacker;

/**
 * Runs a data-local run's chunks on a node, with the node's own I/O: each chunk's inputs read from the files by
 * positional reads into a buffer ({@link ChunkPacker#pack}), copied to the node's device, the kernel launched there,
 * the outputs copied back and written into the run's output files by positional writes of exactly their bytes
 * ({@link ChunkPacker#unpack}), then forced to storage. Positional writes, not mapped pages: on NFS a mapped page is
 * written back whole, so two nodes writing neighbouring chunks that share a page could each write back the other's
 * bytes as they were; a positional write sends only its own range. The same path serves every kind of node device
 * (cpu, sim, OpenCL, CUDA). Resident inputs are packed and copied once, on the first chunk.
 *
 * <p><b>Threading:</b> chunks may run at once from several threads; the blocking steps (reads, writes, forcing) run
 * on the {@code io} executor, the device's steps on its own threads. <b>Ownership:</b> each chunk's buffers are freed
 * when it ends; the resident buffer by {@link #close}.
 */
final class LocalChunks implements AutoCloseable {
    private final Device device;
    private final RunSlot.Prepared prepared;
    private final InPlaceRun files;
    private final ChunkLayout layout;
    private final ChunkPacker packer;
    private final KernelSource kernelSource;
    private final List<Path> outputs;
    private final Executor io;
    private DeviceBuffer resident;
    private boolean closed;

    /**
     * @param device the node's device
     * @param prepared the open run as the node set it up (its kernel, compiled on a compiled device)
     * @param files the run's arrays bound to this node's files
     * @param io where the blocking file steps run
     */
    LocalChunks(Device device, RunSlot.Prepared prepared, InPlaceRun files, Executor io) {
        this.device = device;
        this.prepared = prepared;
        this.files = files;
        this.layout = ChunkLayout.of(prepared.spec().split(), List.copyOf(files.arrays().values()));
        this.packer = new ChunkPacker(layout);
        this.kernelSource = prepared.kernelSource();
        this.outputs = files.arrays().values().stream().filter(b -> b.role() == Role.OUT)
                .map(b -> ((FileHolder) b.holder()).path()).distinct().toList();
        this.io = io;
    }

    /**
     * Runs {@code chunk}: completes with the CRC32C of its packed outputs once they are written and forced.
     *
     * @param cancelled whether the coordinator has gone: blocks not yet started are skipped
     */
    CompletableFuture<Long> run(Chunk chunk, BooleanSupplier cancelled) {
        long inBytes = Math.max(1, layout.inputBytes(chunk));
        long outBytes = Math.max(1, layout.outputBytes(chunk));
        return CompletableFuture.supplyAsync(() -> {
            files.checkUnchangedUnchecked();
            DeviceBuffer shared = resident(); // here, off the device's threads: the first chunk copies it and waits
            HostStaging in = device.allocateStaging(inBytes);
            packer.pack(chunk, in.buffer());
            return new Packed(in, shared);
        }, io).thenCompose(packed -> {
            HostStaging in = packed.in();
            DeviceBuffer input = device.allocate(inBytes);
            DeviceBuffer output = device.allocate(outBytes);
            HostStaging out = device.allocateStaging(outBytes);
            Kernel kernel = prepared.spec().kernel();
            return device.copyIn(in.buffer(), input, inBytes)
                    .thenCompose(v -> device.launch(new PackedLaunch(layout, files.arrays(), kernel, kernelSource,
                            chunk, input, output, packed.resident(), cancelled)))
                    .thenCompose(v -> device.copyOut(output, out.buffer(), outBytes))
                    .thenApplyAsync(v -> {
                        files.checkUnchangedUnchecked();
                        packer.unpack(chunk, out.buffer());
                        forceOutputs();
                        CRC32C crc = new CRC32C();
                        crc.update(out.buffer().duplicate().clear().limit((int) layout.outputBytes(chunk)));
                        return crc.getValue();
                    }, io)
                    .whenComplete((v, t) -> {
                        input.close();
                        output.close();
                        in.close();
                        out.close();
                    });
        });
    }

    /** A chunk's packed inputs, and the run's resident buffer (or {@code null}). */
    private record Packed(HostStaging in, DeviceBuffer resident) {
    }

    /** The run's resident inputs on the device, packed and copied by the first chunk that needs them. */
    private synchronized DeviceBuffer resident() {
        if (layout.residentBytes() == 0) {
            return null;
        }
        if (closed) {
            throw new IllegalStateException("the run's chunks ended");
        }
        if (resident == null) {
            try (HostStaging staging = device.allocateStaging(layout.residentBytes())) {
                packer.packResident(staging.buffer());
                DeviceBuffer made = device.allocate(layout.residentBytes());
                device.copyIn(staging.buffer(), made, layout.residentBytes()).join();
                resident = made;
            }
        }
        return resident;
    }

    private void forceOutputs() {
        for (Path file : outputs) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.force(false);
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot force the chunk's outputs to storage: " + e, e);
            }
        }
    }

    /** Frees the resident buffer. Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        if (resident != null) {
            resident.close();
            resident = null;
        }
    }
}

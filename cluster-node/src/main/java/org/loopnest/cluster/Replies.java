package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceInfo;

/**
 * The frames a node sends, laid out as {@link Wire} describes them (without the length prefix, which {@link
 * io.netty.handler.codec.LengthFieldPrepender} adds). Stateless; each method returns a new buffer that the caller
 * hands to a write, which releases it.
 */
final class Replies {
    private Replies() {
    }

    /** {@link Wire#CHALLENGE}: this build's version, the server nonce and the node's proof. */
    static ByteBuf challenge(ByteBufAllocator alloc, byte[] serverNonce, byte[] nodeProof) {
        ByteBuf reply = Frames.frame(alloc, Wire.CHALLENGE, 0);
        reply.writeInt(Wire.VERSION);
        reply.writeBytes(serverNonce);
        reply.writeBytes(nodeProof);
        return reply;
    }

    /** {@link Wire#READY}: what the coordinator learns of {@code device}, and the largest frame it may send. */
    static ByteBuf ready(ByteBufAllocator alloc, Device device, int maxFrame) {
        DeviceInfo info = device.info();
        ByteBuf reply = Frames.frame(alloc, Wire.READY, 0);
        Frames.writeString(reply, info.name());
        reply.writeLong(info.memoryBytes());
        reply.writeLong(info.maxAllocationBytes());
        reply.writeInt(info.computeUnits());
        reply.writeBoolean(device.runsCompiledKernels());
        Frames.writeString(reply, info.description());
        reply.writeInt(maxFrame);
        return reply;
    }

    /** {@link Wire#REFUSED} with the reason. */
    static ByteBuf refused(ByteBufAllocator alloc, String reason) {
        ByteBuf reply = Frames.frame(alloc, Wire.REFUSED, 0);
        Frames.writeString(reply, reason);
        return reply;
    }

    /** {@link Wire#PONG} answering ping {@code id}. */
    static ByteBuf pong(ByteBufAllocator alloc, long id) {
        return Frames.frame(alloc, Wire.PONG, id);
    }

    /** {@link Wire#OK} answering request {@code id}. */
    static ByteBuf ok(ByteBufAllocator alloc, long id) {
        return Frames.frame(alloc, Wire.OK, id);
    }

    /**
     * {@link Wire#OK} answering {@link Wire#OPEN_RUN} {@code id}: the run is set up, and {@code kernelPath} says how
     * this node's device runs its kernel (empty on a device that runs compiled kernels).
     */
    static ByteBuf opened(ByteBufAllocator alloc, long id, String kernelPath) {
        return okWith(alloc, id, kernelPath);
    }

    /**
     * {@link Wire#OK} answering {@link Wire#LAUNCH} {@code id}: the chunk ran, and {@code kernelPath} says how this
     * node's device ran the kernel (what compiling for the chunks' layout decided; empty on a compiled device).
     */
    static ByteBuf ranKernel(ByteBufAllocator alloc, long id, String kernelPath) {
        return okWith(alloc, id, kernelPath);
    }

    /**
     * {@link Wire#OK} answering {@link Wire#FILES} {@code id}: {@code whyNot} empty if this node runs the run's chunks
     * where the files are, else the reason it does not.
     */
    static ByteBuf files(ByteBufAllocator alloc, long id, String whyNot) {
        return okWith(alloc, id, whyNot);
    }

    /**
     * {@link Wire#OK} answering {@link Wire#LAUNCH_IN_PLACE} {@code id}: how the device ran the kernel, the CRC32C of
     * the chunk's outputs, the nanoseconds the chunk took here, and the chunk's regions of the outputs that stay in the
     * coordinator's memory.
     */
    static ByteBuf ranInPlace(ByteBufAllocator alloc, long id, String kernelPath, long checksum, long nanos,
            java.util.List<ShippedArrays.Region> outputs) {
        ByteBuf reply = okWith(alloc, id, kernelPath);
        reply.writeLong(checksum);
        reply.writeLong(nanos);
        ShippedArrays.write(reply, outputs);
        return reply;
    }

    private static ByteBuf okWith(ByteBufAllocator alloc, long id, String text) {
        ByteBuf reply = Frames.frame(alloc, Wire.OK, id);
        Frames.writeString(reply, text);
        return reply;
    }

    /** {@link Wire#ERROR} answering request {@code id} with {@code message}. */
    static ByteBuf error(ByteBufAllocator alloc, long id, String message) {
        ByteBuf reply = Frames.frame(alloc, Wire.ERROR, id);
        Frames.writeString(reply, message);
        return reply;
    }

    /** {@link Wire#HANDLE} answering allocation {@code id} with the new buffer's handle. */
    static ByteBuf handle(ByteBufAllocator alloc, long id, long handle) {
        ByteBuf reply = Frames.frame(alloc, Wire.HANDLE, id);
        reply.writeLong(handle);
        return reply;
    }

    /**
     * A {@link Wire#DATA} frame answering {@code id} with room for {@code bytes} of data after its header, written
     * up to the end of that room; the caller fills the data and then {@link #sealData seals} it.
     */
    static ByteBuf data(ByteBufAllocator alloc, long id, int bytes) {
        ByteBuf reply = alloc.directBuffer(Wire.DATA_HEADER_BYTES + bytes);
        reply.writeByte(Wire.DATA);
        reply.writeLong(id);
        reply.writeInt(0);
        reply.writerIndex(Wire.DATA_HEADER_BYTES + bytes);
        return reply;
    }

    /** Writes the CRC32C of a {@link #data} frame's data into its header. */
    static void sealData(ByteBuf reply) {
        int bytes = reply.writerIndex() - Wire.DATA_HEADER_BYTES;
        reply.setInt(Wire.HEADER_BYTES, Frames.crc(reply, Wire.DATA_HEADER_BYTES, bytes));
    }
}

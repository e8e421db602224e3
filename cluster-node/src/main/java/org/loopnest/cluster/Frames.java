package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/** Reading and writing the parts of {@link Wire} frames. Stateless. */
final class Frames {
    private Frames() {
    }

    /** A new frame (without its length prefix, which the encoder adds) of {@code type} answering {@code id}. */
    static ByteBuf frame(ByteBufAllocator alloc, byte type, long id) {
        ByteBuf b = alloc.buffer();
        b.writeByte(type);
        b.writeLong(id);
        return b;
    }

    static void writeString(ByteBuf b, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        b.writeInt(bytes.length);
        b.writeBytes(bytes);
    }

    /**
     * Reads a string.
     *
     * @throws IllegalArgumentException if its length is negative or runs past the frame
     */
    static String readString(ByteBuf b) {
        int n = b.readInt();
        if (n < 0 || n > b.readableBytes()) {
            throw new IllegalArgumentException("string of " + n + " bytes in a frame with " + b.readableBytes()
                    + " left");
        }
        byte[] bytes = new byte[n];
        b.readBytes(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Writes a chunk as {@link Wire#LAUNCH} and {@link Wire#LAUNCH_IN_PLACE} carry it: five int64s. */
    static void writeChunk(ByteBuf b, org.loopnest.index.Chunk c) {
        b.writeLong(c.number()).writeLong(c.firstOuter()).writeLong(c.outerCount()).writeLong(c.firstFlat())
                .writeLong(c.iterations());
    }

    /** Reads a chunk written by {@link #writeChunk}. */
    static org.loopnest.index.Chunk readChunk(ByteBuf b) {
        return new org.loopnest.index.Chunk(b.readLong(), b.readLong(), b.readLong(), b.readLong(), b.readLong());
    }

    /** The CRC32C of {@code length} bytes of {@code b} from {@code index}. */
    static int crc(ByteBuf b, int index, int length) {
        CRC32C crc = new CRC32C();
        crc.update(b.nioBuffer(index, length));
        return (int) crc.getValue();
    }

    /**
     * Releases the reply a caller stopped waiting for (it timed out or was interrupted) if it still arrives, or
     * arrived in the meantime, so that no frame leaks.
     */
    static void releaseWhenReplied(java.util.concurrent.CompletableFuture<ByteBuf> reply) {
        reply.thenAccept(ByteBuf::release);
    }
}

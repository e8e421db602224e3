package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.List;
import org.loopnest.index.Chunk;

/**
 * Turns each frame (after the length prefix, as {@link NodeServer#decoder} cuts them) into a {@link NodeRequest}:
 * the one place where a node reads {@link Wire}'s layouts. Until the peer authenticates it reads only the
 * handshake ({@link #handshake()}: {@code HELLO} and {@code AUTH}; any other frame becomes a {@link
 * NodeRequest.Premature} carrying only its type); after, only requests ({@link #requests()}).
 *
 * <p><b>Failure:</b> a frame that does not follow the layout raises {@link MalformedFrameException} naming the
 * kind and what was expected, before anything acts on it. <b>Threading:</b> stateless; one per connection, on its
 * event loop. <b>Ownership:</b> releases each frame; a {@link NodeRequest.CopyIn} holds a retained slice of it.
 */
final class RequestDecoder extends MessageToMessageDecoder<ByteBuf> {
    private final boolean authenticated;

    private RequestDecoder(boolean authenticated) {
        super(ByteBuf.class);
        this.authenticated = authenticated;
    }

    /** A decoder for a peer that has not authenticated: handshake frames only. */
    static RequestDecoder handshake() {
        return new RequestDecoder(false);
    }

    /** A decoder for an authenticated peer: requests only. */
    static RequestDecoder requests() {
        return new RequestDecoder(true);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
        out.add(decode(frame));
    }

    /**
     * Reads one frame.
     *
     * @throws MalformedFrameException if it does not follow {@link Wire}
     */
    NodeRequest decode(ByteBuf frame) {
        if (frame.readableBytes() < Wire.HEADER_BYTES) {
            throw new MalformedFrameException("frame of " + frame.readableBytes() + " bytes is shorter than a header");
        }
        byte type = frame.readByte();
        long id = frame.readLong();
        return authenticated ? request(type, id, frame) : handshake(type, frame);
    }

    private static NodeRequest handshake(byte type, ByteBuf frame) {
        switch (type) {
            case Wire.HELLO:
                atLeast(frame, Wire.HELLO_BYTES, "HELLO");
                int magic = frame.readInt();
                int version = frame.readInt();
                return new NodeRequest.Hello(magic, version, bytes(frame, Wire.NONCE_BYTES));
            case Wire.AUTH:
                exactly(frame, Wire.PROOF_BYTES, "AUTH");
                return new NodeRequest.Auth(bytes(frame, Wire.PROOF_BYTES));
            default:
                return new NodeRequest.Premature(type);
        }
    }

    private static NodeRequest request(byte type, long id, ByteBuf frame) {
        switch (type) {
            case Wire.PING:
                exactly(frame, 0, "PING");
                return new NodeRequest.Ping(id);
            case Wire.OPEN_RUN:
                return new NodeRequest.OpenRun(id, openRun(frame));
            case Wire.END_RUN:
                exactly(frame, Wire.ONE_LONG_BYTES, "END_RUN");
                return new NodeRequest.EndRun(frame.readLong());
            case Wire.ALLOC:
                exactly(frame, Wire.ONE_LONG_BYTES, "ALLOC");
                return new NodeRequest.Alloc(id, frame.readLong());
            case Wire.FREE:
                exactly(frame, Wire.ONE_LONG_BYTES, "FREE");
                return new NodeRequest.Free(frame.readLong());
            case Wire.COPY_IN:
                return copyIn(id, frame);
            case Wire.COPY_OUT:
                exactly(frame, Wire.COPY_OUT_BYTES, "COPY_OUT");
                return new NodeRequest.CopyOut(id, frame.readLong(), frame.readLong());
            case Wire.LAUNCH:
                exactly(frame, Wire.LAUNCH_BYTES, "LAUNCH");
                Chunk chunk = Frames.readChunk(frame);
                return new NodeRequest.Launch(id, chunk, frame.readLong(), frame.readLong(), frame.readLong());
            case Wire.FILES:
                return new NodeRequest.Files(id, files(frame));
            case Wire.LAUNCH_IN_PLACE:
                return launchInPlace(id, frame);
            default:
                throw new MalformedFrameException("unknown request type " + type);
        }
    }

    private static RunSpecCodec.Decoded openRun(ByteBuf frame) {
        RunSpecCodec.Decoded run;
        try {
            run = RunSpecCodec.read(frame);
        } catch (IndexOutOfBoundsException truncated) {
            throw new MalformedFrameException("OPEN_RUN payload ends inside the run description", truncated);
        } catch (IllegalArgumentException bad) {
            throw new MalformedFrameException("OPEN_RUN: " + bad.getMessage(), bad);
        }
        if (frame.isReadable()) {
            throw new MalformedFrameException("OPEN_RUN payload has " + frame.readableBytes() + " bytes after the run "
                    + "description (expected: none)");
        }
        return run;
    }

    private static NodeRequest.LaunchInPlace launchInPlace(long id, ByteBuf frame) {
        atLeast(frame, Wire.LAUNCH_IN_PLACE_BYTES + 4, "LAUNCH_IN_PLACE");
        Chunk chunk = Frames.readChunk(frame);
        List<ShippedArrays.Region> regions;
        try {
            regions = ShippedArrays.read(frame, LocalArrays.MAX_ARRAYS);
        } catch (IndexOutOfBoundsException | IllegalArgumentException bad) {
            throw new MalformedFrameException("LAUNCH_IN_PLACE: " + bad.getMessage(), bad);
        }
        if (frame.isReadable()) {
            throw new MalformedFrameException("LAUNCH_IN_PLACE payload has " + frame.readableBytes() + " bytes after "
                    + "its regions (expected: none)");
        }
        return new NodeRequest.LaunchInPlace(id, chunk, regions);
    }

    private static LocalArrays files(ByteBuf frame) {
        LocalArrays arrays;
        try {
            arrays = LocalArrays.read(frame);
        } catch (IndexOutOfBoundsException truncated) {
            throw new MalformedFrameException("FILES payload ends inside the arrays' description", truncated);
        } catch (IllegalArgumentException bad) {
            throw new MalformedFrameException("FILES: " + bad.getMessage(), bad);
        }
        if (frame.isReadable()) {
            throw new MalformedFrameException("FILES payload has " + frame.readableBytes() + " bytes after the arrays "
                    + "(expected: none)");
        }
        return arrays;
    }

    private static NodeRequest.CopyIn copyIn(long id, ByteBuf frame) {
        atLeast(frame, Wire.COPY_IN_HEADER_BYTES - Wire.HEADER_BYTES, "COPY_IN");
        long handle = frame.readLong();
        long bytes = frame.readLong();
        int crc = frame.readInt();
        if (bytes != frame.readableBytes()) {
            throw new MalformedFrameException("COPY_IN of " + bytes + " bytes carries " + frame.readableBytes());
        }
        return new NodeRequest.CopyIn(id, handle, crc, frame.readRetainedSlice((int) bytes));
    }

    private static void exactly(ByteBuf frame, int bytes, String kind) {
        if (frame.readableBytes() != bytes) {
            throw new MalformedFrameException(kind + " payload of " + frame.readableBytes() + " bytes (expected: "
                    + bytes + ")");
        }
    }

    private static void atLeast(ByteBuf frame, int bytes, String kind) {
        if (frame.readableBytes() < bytes) {
            throw new MalformedFrameException(kind + " payload of " + frame.readableBytes() + " bytes (expected: at "
                    + "least " + bytes + ")");
        }
    }

    private static byte[] bytes(ByteBuf frame, int count) {
        byte[] b = new byte[count];
        frame.readBytes(b);
        return b;
    }
}

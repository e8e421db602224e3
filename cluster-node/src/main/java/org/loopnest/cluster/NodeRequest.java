package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCounted;
import java.util.List;
import org.loopnest.index.Chunk;

/**
 * A frame from a coordinator as a typed message: one small immutable record per kind of {@link Wire} frame a node
 * receives, made in one place ({@link RequestDecoder}) and consumed by {@link NodeHandshakeHandler} (the handshake's
 * kinds) and {@link RequestDispatcher} (the requests). {@code id} is the request id a reply carries.
 *
 * <p><b>Ownership:</b> only {@link CopyIn} holds a buffer; it is {@link ReferenceCounted} like any Netty message,
 * and whoever consumes it releases it ({@link io.netty.util.ReferenceCountUtil#release}). The others hold no
 * resources.
 */
sealed interface NodeRequest {
    /** The frame's type, one of {@link Wire}'s constants. */
    byte type();

    /** {@link Wire#HELLO}: the coordinator's greeting. The nonce is copied in and out. */
    record Hello(int magic, int version, byte[] clientNonce) implements NodeRequest {
        /** Copies {@code clientNonce}. */
        public Hello {
            clientNonce = clientNonce.clone();
        }

        @Override
        public byte[] clientNonce() {
            return clientNonce.clone();
        }

        @Override
        public byte type() {
            return Wire.HELLO;
        }
    }

    /** {@link Wire#AUTH}: the coordinator's proof of the secret, {@link Wire#PROOF_BYTES} long; copied in and out. */
    record Auth(byte[] proof) implements NodeRequest {
        /** Copies {@code proof}. */
        public Auth {
            proof = proof.clone();
        }

        @Override
        public byte[] proof() {
            return proof.clone();
        }

        @Override
        public byte type() {
            return Wire.AUTH;
        }
    }

    /**
     * A frame of any other type received before authentication: its type only, its payload never read (nothing
     * but the handshake is parsed for a peer that has not proven the secret).
     */
    record Premature(byte type) implements NodeRequest {
    }

    /** {@link Wire#PING}: answered by {@link Wire#PONG} with the same id. */
    record Ping(long id) implements NodeRequest {
        @Override
        public byte type() {
            return Wire.PING;
        }
    }

    /** {@link Wire#OPEN_RUN}: the run's description, its kernel not loaded yet. */
    record OpenRun(long id, RunSpecCodec.Decoded run) implements NodeRequest {
        @Override
        public byte type() {
            return Wire.OPEN_RUN;
        }
    }

    /** {@link Wire#END_RUN}, not answered: the run opened by the {@code OPEN_RUN} with id {@code run} has ended. */
    record EndRun(long run) implements NodeRequest {
        @Override
        public byte type() {
            return Wire.END_RUN;
        }
    }

    /** {@link Wire#ALLOC}: a buffer of {@code bytes} (as sent: not checked here). */
    record Alloc(long id, long bytes) implements NodeRequest {
        @Override
        public byte type() {
            return Wire.ALLOC;
        }
    }

    /** {@link Wire#FREE}, not answered: the buffer {@code handle}. */
    record Free(long handle) implements NodeRequest {
        @Override
        public byte type() {
            return Wire.FREE;
        }
    }

    /**
     * {@link Wire#COPY_IN}: {@code data} (all of its readable bytes, as many as the frame declared) into buffer
     * {@code handle}, to be checked against {@code crc} (CRC32C). Holds {@code data}: release this message.
     */
    record CopyIn(long id, long handle, int crc, ByteBuf data) implements NodeRequest, ReferenceCounted {
        @Override
        public byte type() {
            return Wire.COPY_IN;
        }

        @Override
        public int refCnt() {
            return data.refCnt();
        }

        @Override
        public CopyIn retain() {
            data.retain();
            return this;
        }

        @Override
        public CopyIn retain(int increment) {
            data.retain(increment);
            return this;
        }

        @Override
        public CopyIn touch() {
            data.touch();
            return this;
        }

        @Override
        public CopyIn touch(Object hint) {
            data.touch(hint);
            return this;
        }

        @Override
        public boolean release() {
            return data.release();
        }

        @Override
        public boolean release(int decrement) {
            return data.release(decrement);
        }
    }

    /** {@link Wire#COPY_OUT}: {@code bytes} (as sent: not checked here) out of buffer {@code handle}. */
    record CopyOut(long id, long handle, long bytes) implements NodeRequest {
        @Override
        public byte type() {
            return Wire.COPY_OUT;
        }
    }

    /**
     * {@link Wire#LAUNCH}: run {@code chunk} of the open run from buffer {@code input} into {@code output}, with
     * the resident buffer {@code resident} (negative: none).
     */
    record Launch(long id, Chunk chunk, long input, long output, long resident) implements NodeRequest {
        @Override
        public byte type() {
            return Wire.LAUNCH;
        }
    }

    /** {@link Wire#FILES}: the open run's arrays as files this node may read and write itself. */
    record Files(long id, LocalArrays arrays) implements NodeRequest {
        @Override
        public byte type() {
            return Wire.FILES;
        }
    }

    /**
     * {@link Wire#LAUNCH_IN_PLACE}: run {@code chunk} of the open run over the files this node accepted, with the
     * chunk's regions of the arrays that stay in the coordinator's memory ({@link ShippedArrays}).
     */
    record LaunchInPlace(long id, Chunk chunk, List<ShippedArrays.Region> inputs) implements NodeRequest {
        /** Copies the list. */
        public LaunchInPlace {
            inputs = List.copyOf(inputs);
        }

        @Override
        public byte type() {
            return Wire.LAUNCH_IN_PLACE;
        }
    }
}

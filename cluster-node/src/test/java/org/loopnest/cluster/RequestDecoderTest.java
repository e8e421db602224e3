package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.loopnest.index.Chunk;

/** Frames become typed requests in one place; a frame that does not follow the wire format is named and refused. */
class RequestDecoderTest {
    private EmbeddedChannel channel;

    @AfterEach
    void close() {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
    }

    @Test
    void shouldDecodeEveryFixedSizeRequestToItsRecord() {
        assertEquals(new NodeRequest.Ping(3), decode(Wire.PING, 3, new byte[0]));
        assertEquals(new NodeRequest.EndRun(9), decode(Wire.END_RUN, 4, longs(9)));
        assertEquals(new NodeRequest.Alloc(5, 4096), decode(Wire.ALLOC, 5, longs(4096)));
        assertEquals(new NodeRequest.Free(2), decode(Wire.FREE, 6, longs(2)));
        assertEquals(new NodeRequest.CopyOut(7, 2, 128), decode(Wire.COPY_OUT, 7, longs(2, 128)));
        assertEquals(new NodeRequest.Launch(8, new Chunk(1, 2, 3, 4, 5), 6, 7, -1),
                decode(Wire.LAUNCH, 8, longs(1, 2, 3, 4, 5, 6, 7, -1)));
    }

    @Test
    void shouldDecodeAnOpenRunDescriptionWithoutLoadingItsKernel() {
        NodeRequest.OpenRun open = (NodeRequest.OpenRun) decode(Wire.OPEN_RUN, 5,
                OpenRunRefusalTest.openRun("org.example.NotOnTheNode"));
        assertEquals(5, open.id());
        assertEquals("org.example.NotOnTheNode", open.run().javaClass());
        assertEquals(4, open.run().split().space().extent(0));
    }

    @Test
    void shouldDecodeACopyInToItsDataAndReleaseTheFrameWithTheMessage() {
        byte[] data = "sixteen bytes!!!".getBytes(StandardCharsets.US_ASCII);
        ByteBuf frame = frame(Wire.COPY_IN, 11, ByteBuffer.allocate(20 + data.length).putLong(4).putLong(data.length)
                .putInt(0x1234).put(data).array());
        NodeRequest.CopyIn copy = (NodeRequest.CopyIn) decodeFrame(RequestDecoder.requests(), frame);
        assertEquals(11, copy.id());
        assertEquals(4, copy.handle());
        assertEquals(0x1234, copy.crc());
        byte[] carried = new byte[copy.data().readableBytes()];
        copy.data().getBytes(copy.data().readerIndex(), carried);
        assertArrayEquals(data, carried);
        assertEquals(1, frame.refCnt(), "the message holds the frame");
        copy.release();
        assertEquals(0, frame.refCnt());
    }

    @Test
    void shouldRefuseAFrameShorterThanAHeaderAndReleaseIt() {
        ByteBuf frame = Unpooled.wrappedBuffer(new byte[] {Wire.PING, 0, 0});
        assertRefused(RequestDecoder.requests(), frame, "frame of 3 bytes is shorter than a header");
        assertEquals(0, frame.refCnt());
    }

    @Test
    void shouldRefuseATruncatedFixedSizeRequestNamingWhatWasExpected() {
        assertRefused(RequestDecoder.requests(), frame(Wire.ALLOC, 1, new byte[4]), "ALLOC payload of 4 bytes "
                + "(expected: 8)");
        assertRefused(RequestDecoder.requests(), frame(Wire.LAUNCH, 1, new byte[63]), "LAUNCH payload of 63 bytes "
                + "(expected: 64)");
        assertRefused(RequestDecoder.requests(), frame(Wire.COPY_IN, 1, new byte[19]), "COPY_IN payload of 19 bytes "
                + "(expected: at least 20)");
    }

    @Test
    void shouldRefuseACopyInWhoseByteCountDisagreesWithItsDataAndReleaseIt() {
        ByteBuf frame = frame(Wire.COPY_IN, 1, ByteBuffer.allocate(24).putLong(1).putLong(1 << 20).putInt(0)
                .array());
        assertRefused(RequestDecoder.requests(), frame, "COPY_IN of 1048576 bytes carries 4");
        assertEquals(0, frame.refCnt());
    }

    @Test
    void shouldRefuseATruncatedOpenRun() {
        assertRefused(RequestDecoder.requests(), frame(Wire.OPEN_RUN, 1, new byte[] {0, 0, 0, 1, 0, 0}),
                "OPEN_RUN payload ends inside the run description");
    }

    @Test
    void shouldRefuseAnOpenRunWithBytesAfterTheDescription() {
        byte[] run = OpenRunRefusalTest.openRun("org.example.K");
        assertRefused(RequestDecoder.requests(), frame(Wire.OPEN_RUN, 1, ByteBuffer.allocate(run.length + 3).put(run)
                .array()), "OPEN_RUN payload has 3 bytes after the run description (expected: none)");
    }

    @Test
    void shouldRefuseAnUnknownRequestTypeAndAHandshakeFrameAfterAuthentication() {
        assertRefused(RequestDecoder.requests(), frame((byte) 99, 1, new byte[0]), "unknown request type 99");
        assertRefused(RequestDecoder.requests(), frame(Wire.HELLO, 0, new byte[Wire.HELLO_BYTES]),
                "unknown request type " + Wire.HELLO);
    }

    @Test
    void shouldDecodeHelloAndAuthBeforeAuthentication() {
        byte[] nonce = RawNodeClient.nonce(1);
        NodeRequest.Hello hello = (NodeRequest.Hello) decodeFrame(RequestDecoder.handshake(), frame(Wire.HELLO, 0,
                ByteBuffer.allocate(Wire.HELLO_BYTES).putInt(Wire.MAGIC).putInt(7).put(nonce).array()));
        assertEquals(Wire.MAGIC, hello.magic());
        assertEquals(7, hello.version());
        assertArrayEquals(nonce, hello.clientNonce());
        byte[] proof = RawNodeClient.nonce(2);
        NodeRequest.Auth auth = (NodeRequest.Auth) decodeFrame(RequestDecoder.handshake(), frame(Wire.AUTH, 0, proof));
        assertArrayEquals(proof, auth.proof());
    }

    @Test
    void shouldReadNothingButTheTypeOfARequestBeforeAuthentication() {
        NodeRequest premature = decodeFrame(RequestDecoder.handshake(), frame(Wire.OPEN_RUN, 8, new byte[] {1, 2}));
        assertEquals(new NodeRequest.Premature(Wire.OPEN_RUN), premature);
        assertEquals(Wire.OPEN_RUN, premature.type());
    }

    @Test
    void shouldRefuseATruncatedHelloAndAProofOfTheWrongLength() {
        assertRefused(RequestDecoder.handshake(), frame(Wire.HELLO, 0, new byte[10]), "HELLO payload of 10 bytes "
                + "(expected: at least 40)");
        assertRefused(RequestDecoder.handshake(), frame(Wire.AUTH, 0, new byte[5]), "AUTH payload of 5 bytes "
                + "(expected: 32)");
    }

    private NodeRequest decode(byte type, long id, byte[] payload) {
        return decodeFrame(RequestDecoder.requests(), frame(type, id, payload));
    }

    private NodeRequest decodeFrame(RequestDecoder decoder, ByteBuf frame) {
        close();
        channel = new EmbeddedChannel(decoder);
        assertTrue(channel.writeInbound(frame), "nothing decoded");
        return assertInstanceOf(NodeRequest.class, channel.readInbound());
    }

    private void assertRefused(RequestDecoder decoder, ByteBuf frame, String message) {
        close();
        channel = new EmbeddedChannel(decoder);
        MalformedFrameException e = assertThrows(MalformedFrameException.class, () -> channel.writeInbound(frame));
        assertEquals(message, e.getMessage());
        assertNull(channel.readInbound(), "a message for a malformed frame");
    }

    /** A frame as the length-field decoder hands it on: type, id, payload. */
    static ByteBuf frame(byte type, long id, byte[] payload) {
        return Unpooled.wrappedBuffer(ByteBuffer.allocate(Wire.HEADER_BYTES + payload.length).put(type).putLong(id)
                .put(payload).array());
    }

    static byte[] longs(long... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length);
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }
}

package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.timeout.IdleStateEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.Chunk;

/**
 * Typed requests in an embedded channel: each kind reaches the device and is answered; what the device refuses is
 * an ERROR on a connection that stays; what breaks the protocol is logged and closes it; buffers go with it.
 */
class RequestDispatcherTest {
    private static final Logger LOG = Logger.getLogger(RequestDispatcher.class.getName());
    private static final int MAX_FRAME = 4096;
    private static final byte[] DATA = "sixteen bytes!!!".getBytes(StandardCharsets.US_ASCII);

    private final CapturedLog capture = new CapturedLog();
    private SimDevice sim;
    private EmbeddedChannel channel;

    @BeforeEach
    void open() {
        LOG.addHandler(capture);
        sim = new SimDevice(SimConfig.builder().threads(1).build());
        NodeConfig config = new NodeConfig("127.0.0.1", 0, new SyncDevice(sim), NodeSecurityTest.SECRET, null,
                MAX_FRAME, Duration.ofSeconds(30));
        channel = new EmbeddedChannel(new RequestDispatcher(config, Runnable::run));
    }

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
        sim.close();
        LOG.removeHandler(capture);
    }

    @Test
    void shouldAnswerAPingWithAPongCarryingItsId() {
        channel.writeInbound(new NodeRequest.Ping(41));
        assertReply(Wire.PONG, 41).release();
    }

    @Test
    void shouldCopyAChunkPayloadInAndOutWithItsCrc() {
        long handle = allocate(1, DATA.length);
        NodeRequest.CopyIn copy = copyIn(2, handle, DATA, Frames.crc(Unpooled.wrappedBuffer(DATA), 0, DATA.length));
        channel.writeInbound(copy);
        assertReply(Wire.OK, 2).release();
        assertEquals(0, copy.refCnt(), "the payload is released once copied");
        channel.writeInbound(new NodeRequest.CopyOut(3, handle, DATA.length));
        ByteBuf data = assertReply(Wire.DATA, 3);
        int crc = data.readInt();
        assertEquals(Frames.crc(data, data.readerIndex(), data.readableBytes()), crc);
        byte[] back = new byte[data.readableBytes()];
        data.readBytes(back);
        data.release();
        assertArrayEquals(DATA, back);
    }

    @Test
    void shouldAnswerACorruptedChunkPayloadWithAnErrorAndKeepTheConnection() {
        long handle = allocate(1, DATA.length);
        NodeRequest.CopyIn copy = copyIn(2, handle, DATA, 12345);
        channel.writeInbound(copy);
        assertEquals("java.lang.IllegalStateException: CRC32C mismatch on a chunk payload of 16 bytes",
                errorMessage(2));
        assertEquals(0, copy.refCnt());
        assertTrue(channel.isOpen());
    }

    @Test
    void shouldRefuseAnAllocationLargerThanOneFrameCarriesWithAnError() {
        int largest = MAX_FRAME - Wire.COPY_IN_HEADER_BYTES;
        channel.writeInbound(new NodeRequest.Alloc(1, largest + 1));
        assertEquals("java.lang.IllegalArgumentException: ALLOC of " + (largest + 1) + " bytes (expected: at most "
                + largest + ", what one COPY_IN frame of at most " + MAX_FRAME + " bytes carries)",
                errorMessage(1));
        assertEquals(0, sim.usedBytes());
        assertTrue(channel.isOpen());
    }

    @Test
    void shouldAnswerASecondOpenRunWithAnErrorUntilTheFirstEnds() {
        RunSpecCodec.Decoded run = RunSpecCodec.read(Unpooled.wrappedBuffer(OpenRunRefusalTest.openRun(
                AffineKernel.class.getName())));
        channel.writeInbound(new NodeRequest.OpenRun(5, run));
        assertReply(Wire.OK, 5).release();
        channel.writeInbound(new NodeRequest.OpenRun(6, run));
        assertEquals("java.lang.IllegalStateException: run 5 is still open on this connection (expected: END_RUN "
                + "for it before the next OPEN_RUN; one run at a time per connection)",
                errorMessage(6));
        channel.writeInbound(new NodeRequest.EndRun(5));
        assertNull(channel.readOutbound(), "END_RUN is not answered");
        channel.writeInbound(new NodeRequest.OpenRun(7, run));
        assertReply(Wire.OK, 7).release();
    }

    @Test
    void shouldCloseTheConnectionOnALaunchWithNoRunOpen() {
        long handle = allocate(1, 64);
        channel.writeInbound(new NodeRequest.Launch(2, new Chunk(0, 0, 1, 0, 4), handle, handle, -1));
        assertClosedAsMalformed("LAUNCH with no run open (expected: after OPEN_RUN's OK)");
    }

    @Test
    void shouldCloseTheConnectionOnAnUnknownHandleAndReleaseThePayload() {
        NodeRequest.CopyIn copy = copyIn(1, 42, DATA, 0);
        channel.writeInbound(copy);
        assertClosedAsMalformed("no buffer with handle 42");
        assertEquals(0, copy.refCnt());
    }

    @Test
    void shouldCloseTheConnectionOnACopyLargerThanItsBuffer() {
        long handle = allocate(1, 8);
        channel.writeInbound(copyIn(2, handle, DATA, Frames.crc(Unpooled.wrappedBuffer(DATA), 0, DATA.length)));
        assertClosedAsMalformed("COPY_IN of 16 bytes into a buffer of 8");
    }

    @Test
    void shouldCloseTheConnectionOnAMalformedFrameFromTheDecoder() {
        channel.pipeline().fireExceptionCaught(new MalformedFrameException("unknown request type 99"));
        assertClosedAsMalformed("unknown request type 99");
    }

    @Test
    void shouldCloseAConnectionSilentForTheIdleTimeout() {
        channel.pipeline().fireUserEventTriggered(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
        assertFalse(channel.isOpen());
        assertEquals(List.of("node: embedded silent for 30 s; closing"), messages());
    }

    @Test
    void shouldFreeEveryBufferWhenTheConnectionEnds() {
        allocate(1, 256);
        long freed = allocate(2, 128);
        channel.writeInbound(new NodeRequest.Free(freed));
        assertEquals(256, sim.usedBytes());
        channel.close();
        assertEquals(0, sim.usedBytes());
    }

    private long allocate(long id, long bytes) {
        channel.writeInbound(new NodeRequest.Alloc(id, bytes));
        ByteBuf reply = assertReply(Wire.HANDLE, id);
        try {
            return reply.readLong();
        } finally {
            reply.release();
        }
    }

    private static NodeRequest.CopyIn copyIn(long id, long handle, byte[] data, int crc) {
        return new NodeRequest.CopyIn(id, handle, crc, Unpooled.copiedBuffer(data));
    }

    /** The message of the next reply, an ERROR answering {@code id}. */
    private String errorMessage(long id) {
        ByteBuf reply = assertReply(Wire.ERROR, id);
        try {
            return Frames.readString(reply);
        } finally {
            reply.release();
        }
    }

    /** The next reply has {@code type} and {@code id}; returns its payload, for the caller to release. */
    private ByteBuf assertReply(byte type, long id) {
        ByteBuf reply = channel.readOutbound();
        assertEquals(type, reply.readByte(), "reply type");
        assertEquals(id, reply.readLong(), "reply id");
        return reply;
    }

    private void assertClosedAsMalformed(String reason) {
        assertFalse(channel.isOpen(), "the connection stayed open");
        assertNull(channel.readOutbound(), "a reply to a request that breaks the protocol");
        assertEquals(List.of("node: malformed request from embedded: " + reason), messages());
    }

    private List<String> messages() {
        return capture.records().stream().map(LogRecord::getMessage).toList();
    }
}

package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.error.DeviceLostException;

/**
 * A healthy node behind a link slower than (frame size / silence limit) is kept while one large frame crosses it,
 * in either direction, because every byte that arrives counts as a sign of life and a node cannot answer a
 * heartbeat queued behind a frame it is still reading; a link that stops moving still loses the node.
 */
class SlowLinkTest {
    private static final Duration HEARTBEAT = Duration.ofMillis(100);
    private static final Duration SILENCE = HEARTBEAT.multipliedBy(Cluster.MISSED_HEARTBEATS);
    /** About three silence periods on the slow link, and far more than the sockets' buffers hold. */
    private static final int FRAME_BYTES = 24 << 20;
    private static final int SLOW = 16 << 20;
    private static final int FAST = 1 << 30;

    @Test
    void shouldKeepANodeThatIsStillReadingALargeCopyInOverASlowLink() throws Exception {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET)
                     .withIdleTimeout(SILENCE));
             ThrottledLink link = ThrottledLink.start(node.address().getPort(), SLOW, FAST);
             RemoteDevice remote = connect(link)) {
            DeviceBuffer buffer = remote.allocate(FRAME_BYTES);
            long start = System.nanoTime();
            remote.copyIn(ByteBuffer.allocateDirect(FRAME_BYTES), buffer, FRAME_BYTES).get(20, TimeUnit.SECONDS);
            assertSlowerThanTheSilenceLimit(start);
            assertFalse(remote.isLost(), "a node reading a large frame was declared lost");
        }
    }

    @Test
    void shouldKeepANodeWhoseLargeDataFrameIsStillArrivingOverASlowLink() throws Exception {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET)
                     .withIdleTimeout(SILENCE));
             ThrottledLink link = ThrottledLink.start(node.address().getPort(), FAST, SLOW);
             RemoteDevice remote = connect(link)) {
            DeviceBuffer buffer = remote.allocate(FRAME_BYTES);
            ByteBuffer sent = ByteBuffer.allocateDirect(FRAME_BYTES);
            sent.putInt(FRAME_BYTES - 4, 0x5EED);
            remote.copyIn(sent, buffer, FRAME_BYTES).get(20, TimeUnit.SECONDS);
            ByteBuffer back = ByteBuffer.allocateDirect(FRAME_BYTES);
            long start = System.nanoTime();
            remote.copyOut(buffer, back, FRAME_BYTES).get(20, TimeUnit.SECONDS);
            assertSlowerThanTheSilenceLimit(start);
            assertEquals(0x5EED, back.getInt(FRAME_BYTES - 4));
            assertFalse(remote.isLost(), "a node sending a large frame was declared lost");
        }
    }

    @Test
    void shouldLoseANodeWhenTheUploadStopsMoving() throws Exception {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             ThrottledLink link = ThrottledLink.start(node.address().getPort(), SLOW, FAST);
             RemoteDevice remote = connect(link)) {
            DeviceBuffer buffer = remote.allocate(FRAME_BYTES);
            link.stall();
            CompletableFuture<Void> copy = remote.copyIn(ByteBuffer.allocateDirect(FRAME_BYTES), buffer,
                    FRAME_BYTES);
            ExecutionException e = assertThrows(ExecutionException.class, () -> copy.get(10, TimeUnit.SECONDS));
            DeviceLostException lost = assertInstanceOf(DeviceLostException.class, e.getCause());
            assertEquals("no heartbeat reply in time", lost.reason());
        }
    }

    private static RemoteDevice connect(ThrottledLink link) {
        List<RemoteDevice> nodes = Cluster.defaults().withHeartbeat(HEARTBEAT)
                .open(List.of(Cluster.address("127.0.0.1:" + link.port())), NodeRoundTripTest.SECRET);
        return nodes.get(0);
    }

    /** The copy took several silence periods, so the test did put the silence limit to the test. */
    private static void assertSlowerThanTheSilenceLimit(long startNanos) {
        Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
        assertTrue(took.compareTo(SILENCE.multipliedBy(2)) > 0, "the copy took only " + took.toMillis() + " ms");
    }
}

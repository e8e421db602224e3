package org.loopnest.cluster;

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
import org.loopnest.error.DeviceLostException;

/**
 * A node whose ERROR reply does not parse has broken the protocol: the request it answered fails (it does not wait
 * forever), the node is lost, and a run on it ends instead of hanging.
 */
class MalformedReplyTest {

    @Test
    void shouldFailTheRequestAndLoseTheNodeWhenItsErrorReplyIsMalformed() throws Exception {
        try (FakeNode fake = FakeNode.start("broken node", Wire.COPY_IN); RemoteDevice remote = connect(fake)) {
            DeviceBuffer buffer = remote.allocate(16);
            CompletableFuture<Void> copy = remote.copyIn(ByteBuffer.allocateDirect(16), buffer, 16);
            ExecutionException e = assertThrows(ExecutionException.class, () -> copy.get(5, TimeUnit.SECONDS));
            DeviceLostException lost = assertInstanceOf(DeviceLostException.class, e.getCause());
            assertTrue(lost.reason().startsWith("sent a malformed ERROR frame ("), lost.getMessage());
            assertTrue(remote.isLost(), "the node that broke the protocol is still in use");
        }
    }

    @Test
    void shouldEndARunInsteadOfHangingWhenTheOnlyNodeSendsAMalformedError() throws Exception {
        try (FakeNode fake = FakeNode.start("broken node", Wire.LAUNCH); RemoteDevice remote = connect(fake)) {
            float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 1);
            float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 2);
            float[] b = new float[a.length];
            CompletableFuture<?> run = CompletableFuture.runAsync(
                    () -> NodeRoundTripTest.affine(a, c, b).splitAt(1).on(remote).run());
            ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(10, TimeUnit.SECONDS));
            DeviceLostException lost = assertInstanceOf(DeviceLostException.class, e.getCause());
            assertTrue(lost.getMessage().contains("sent a malformed ERROR frame"), lost.getMessage());
        }
    }

    private static RemoteDevice connect(FakeNode fake) {
        return Cluster.defaults().withHeartbeat(Duration.ofMillis(100))
                .open(List.of(Cluster.address(fake.address())), NodeRoundTripTest.SECRET).get(0);
    }
}

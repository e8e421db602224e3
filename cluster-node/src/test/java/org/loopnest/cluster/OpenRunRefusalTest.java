package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.cluster.RawNodeClient.Frame;
import org.loopnest.data.FloatView;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.error.LoopNestException;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;
import org.loopnest.kernel.KernelPath;

/**
 * A run the node cannot set up is answered with an ERROR saying why, and the connection stays usable; only an
 * OPEN_RUN that does not follow the wire format closes it.
 */
class OpenRunRefusalTest {
    /** A named public kernel class that a node cannot make: it has no no-argument constructor. */
    public static final class NeedsArgumentKernel implements ElementKernel {
        private final float k;

        public NeedsArgumentKernel(float k) {
            this.k = k;
        }

        @Override
        public ElementBody bind(BoundArrays arrays) {
            FloatView b = arrays.floats("b");
            return it -> b.set(it, k);
        }
    }

    @Test
    void shouldReportAKernelClassTheNodeCannotMakeWithTheNodesReasonAndKeepTheNode() {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RemoteDevice remote = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                     NodeRoundTripTest.SECRET).get(0)) {
            LoopNestException e = assertThrows(LoopNestException.class, () -> LoopNest.of(4, 4)
                    .in("a", new float[16]).out("b", new float[16]).kernel(new NeedsArgumentKernel(2f)).on(remote)
                    .run());
            assertTrue(e.getMessage().contains("kernel class " + NeedsArgumentKernel.class.getName()
                    + " cannot be made (expected: a public class with a public no-argument constructor)"),
                    e.getMessage());
            assertFalse(remote.isLost(), "the connection was dropped over a refused run");
        }
    }

    @Test
    void shouldAnswerAKernelClassMissingOnTheNodeWithAnErrorAndKeepServing() throws IOException {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RawNodeClient raw = RawNodeClient.connect(node)) {
            raw.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(7));
            raw.send(Wire.OPEN_RUN, 5, openRun("org.example.NotOnTheNode"));
            Frame error = raw.read();
            assertEquals(Wire.ERROR, error.type());
            assertEquals(5, error.id());
            assertTrue(error.string().contains("kernel class org.example.NotOnTheNode is not on this node's class "
                    + "path"), error.string());
            raw.send(Wire.PING, 6, new byte[0]);
            Frame pong = raw.read();
            assertEquals(Wire.PONG, pong.type());
            assertEquals(6, pong.id());
        }
    }

    @Test
    void shouldCloseTheConnectionOnAnOpenRunThatDoesNotFollowTheWireFormat() throws IOException {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RawNodeClient raw = RawNodeClient.connect(node)) {
            raw.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(8));
            raw.send(Wire.OPEN_RUN, 5, new byte[] {0, 0, 0, 1, 0, 0});
            assertTrue(raw.closedByNode(), "a truncated OPEN_RUN left the connection open");
        }
    }

    /** An OPEN_RUN payload for a 4-iteration loop, no arrays, and the Java body {@code javaClass}. */
    static byte[] openRun(String javaClass) {
        ByteBuf b = Unpooled.buffer();
        try {
            b.writeInt(1).writeLong(4);
            Frames.writeString(b, "i");
            b.writeInt(0).writeLong(1).writeInt(0);
            Frames.writeString(b, javaClass);
            b.writeBoolean(false);
            b.writeByte(KernelPath.VECTOR.ordinal());
            byte[] bytes = new byte[b.readableBytes()];
            b.readBytes(bytes);
            return bytes;
        } finally {
            b.release();
        }
    }
}

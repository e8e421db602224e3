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
import org.loopnest.data.ElementType;
import org.loopnest.data.Role;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.error.LoopNestException;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.KernelPath;

/**
 * A node refuses a kernel-language body it cannot compile: it answers the {@code OPEN_RUN} with an ERROR carrying
 * the {@code KernelSyntaxException}'s message (position, line and caret) and keeps serving; a coordinator whose
 * node refuses fails the run with that message and the node's name before any buffer is allocated or chunk moves.
 */
class BodyRefusalOnNodeTest {
    private static final String UNKNOWN_NAME = "kernel body 2:5: unknown name 'tmq' (expected: ";

    @Test
    void shouldAnswerABodyItCannotCompileWithTheSyntaxErrorAndKeepServing() throws IOException {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RawNodeClient raw = RawNodeClient.connect(node)) {
            raw.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(9));
            raw.send(Wire.OPEN_RUN, 5, openRun("float tmp = a;\nb = tmq;\n"));
            Frame error = raw.read();
            assertEquals(Wire.ERROR, error.type());
            assertEquals(5, error.id());
            assertTrue(error.string().contains(UNKNOWN_NAME), error.string());
            assertTrue(error.string().contains("\nb = tmq;\n    ^"), error.string());
            raw.send(Wire.PING, 6, new byte[0]);
            Frame pong = raw.read();
            assertEquals(Wire.PONG, pong.type());
            assertEquals(6, pong.id());
        }
    }

    @Test
    void shouldFailTheRunWithTheNodesMessageBeforeAnyChunkMoves() throws IOException {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RewritingLink link = RewritingLink.start(node.address().getPort(), "= tmp;", "= tmq;");
             RemoteDevice remote = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + link.port())),
                     NodeRoundTripTest.SECRET).get(0)) {
            float[] b = new float[16];
            LoopNestException e = assertThrows(LoopNestException.class, () -> LoopNest.of(4, 4)
                    .in("a", new float[16]).out("b", b)
                    .deviceCode(new DeviceCode("copy", "float tmp = a;\nb = tmp;\n", "")).on(remote).run());
            assertTrue(e.getMessage().contains(UNKNOWN_NAME), e.getMessage());
            assertTrue(e.getMessage().contains(remote.info().name()), e.getMessage());
            List<Byte> sent = link.upstreamTypes();
            assertTrue(sent.contains(Wire.OPEN_RUN), "no OPEN_RUN went through: " + sent);
            // what went before OPEN_RUN is the planner's calibration of the connection (RemoteDevice.costs)
            List<Byte> after = sent.subList(sent.lastIndexOf(Wire.OPEN_RUN) + 1, sent.size());
            assertFalse(after.contains(Wire.ALLOC) || after.contains(Wire.COPY_IN) || after.contains(Wire.LAUNCH),
                    "the coordinator went on after the refusal: " + sent);
            assertFalse(remote.isLost(), "the connection was dropped over a refused body");
        }
    }

    /** An OPEN_RUN payload for a 4-iteration loop {@code i}, a float input {@code a}, a float output {@code b}. */
    private static byte[] openRun(String body) {
        ByteBuf b = Unpooled.buffer();
        try {
            b.writeInt(1).writeLong(4);
            Frames.writeString(b, "i");
            b.writeInt(0).writeLong(1).writeInt(2);
            array(b, "a", Role.IN);
            array(b, "b", Role.OUT);
            Frames.writeString(b, "");
            b.writeBoolean(true);
            Frames.writeString(b, "copy");
            Frames.writeString(b, body);
            Frames.writeString(b, "");
            b.writeByte(KernelPath.VECTOR.ordinal());
            byte[] bytes = new byte[b.readableBytes()];
            b.readBytes(bytes);
            return bytes;
        } finally {
            b.release();
        }
    }

    private static void array(ByteBuf b, String name, Role role) {
        Frames.writeString(b, name);
        b.writeByte(role.ordinal()).writeByte(ElementType.FLOAT.ordinal()).writeInt(1).writeInt(0);
        b.writeBoolean(false); // no column level
    }
}

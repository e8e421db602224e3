package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.cluster.RawNodeClient.Frame;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.error.LoopNestException;

/**
 * One connection to a node serves one run at a time: a second run started on the same {@link RemoteDevice} while
 * one is open is refused at its start, by the coordinator and by the node, and never returns wrong outputs; once a
 * run has ended the next is served.
 */
class OneRunPerConnectionTest {
    private static final int OTHER_COLS = 7;

    @Test
    void shouldRefuseASecondRunStartedWhileOneIsOpenAndKeepTheFirstCorrect() {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RemoteDevice remote = connect(node)) {
            float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 3);
            float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 4);
            float[] b = new float[a.length];
            AtomicReference<Throwable> second = new AtomicReference<>();
            NodeRoundTripTest.affine(a, c, b).splitAt(1).buffers(1).on(remote).onProgress((done, total) -> {
                if (done == 2) {
                    second.set(outcomeOfOtherRun(remote));
                }
            }).run();
            assertArrayEquals(NodeRoundTripTest.onCpu(a, c), b, "the first run's outputs");
            assertRefusedAsConcurrent(remote, second.get());
            assertEquals(null, outcomeOfOtherRun(remote), "a run after the first had ended");
        }
    }

    @Test
    void shouldNeverReturnWrongOutputsFromTwoRunsStartedAtOnceOnOneDevice() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RemoteDevice remote = connect(node)) {
            float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 5);
            float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 6);
            float[] expected = NodeRoundTripTest.onCpu(a, c);
            for (int round = 0; round < 5; round++) {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<float[]>> runs = new ArrayList<>();
                for (int k = 0; k < 2; k++) {
                    runs.add(threads.submit(() -> {
                        float[] b = new float[a.length];
                        start.await();
                        NodeRoundTripTest.affine(a, c, b).splitAt(1).on(remote).run();
                        return b;
                    }));
                }
                start.countDown();
                int succeeded = 0;
                for (Future<float[]> run : runs) {
                    try {
                        assertArrayEquals(expected, run.get(60, TimeUnit.SECONDS), "round " + round);
                        succeeded++;
                    } catch (java.util.concurrent.ExecutionException e) {
                        assertRefusedAsConcurrent(remote, e.getCause());
                    }
                }
                assertTrue(succeeded >= 1, "round " + round + ": both runs were refused");
            }
        } finally {
            threads.shutdownNow();
            assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS), "test threads still running");
        }
    }

    @Test
    void shouldAnswerAnOpenRunWhileAnotherIsOpenWithAnErrorAndServeItAfterEndRun() throws IOException {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RawNodeClient raw = RawNodeClient.connect(node)) {
            raw.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(11));
            byte[] openRun = OpenRunRefusalTest.openRun(AffineKernel.class.getName());
            assertReply(raw, Wire.OK, 5, openRun);
            Frame busy = assertReply(raw, Wire.ERROR, 6, openRun);
            assertEquals("java.lang.IllegalStateException: run 5 is still open on this connection (expected: END_RUN "
                    + "for it before the next OPEN_RUN; one run at a time per connection)", busy.string());
            raw.send(Wire.END_RUN, 7, ByteBuffer.allocate(8).putLong(99).array());
            assertReply(raw, Wire.ERROR, 8, openRun); // ending a run that is not open changes nothing
            raw.send(Wire.END_RUN, 9, ByteBuffer.allocate(8).putLong(5).array());
            assertReply(raw, Wire.OK, 10, openRun);
        }
    }

    private static RemoteDevice connect(NodeServer node) {
        return Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                NodeRoundTripTest.SECRET).get(0);
    }

    /** Runs a smaller nest of another shape on {@code remote}: {@code null} if it ran and its outputs are right. */
    private static Throwable outcomeOfOtherRun(RemoteDevice remote) {
        float[] a = NodeRoundTripTest.filled(3 * OTHER_COLS, 7);
        float[] c = NodeRoundTripTest.filled(OTHER_COLS, 8);
        float[] b = new float[a.length];
        try {
            LoopNest.of(3, OTHER_COLS).names("row", "col").in("a", a).in("c", c, "col").out("b", b)
                    .kernel(new AffineKernel()).splitAt(1).on(remote).run();
        } catch (RuntimeException e) {
            return e;
        }
        for (int k = 0; k < b.length; k++) {
            assertEquals(a[k] * 3 + c[k % OTHER_COLS] + k / OTHER_COLS, b[k], "the other run's output at " + k);
        }
        return null;
    }

    private static void assertRefusedAsConcurrent(RemoteDevice remote, Throwable refusal) {
        assertTrue(refusal instanceof LoopNestException, String.valueOf(refusal));
        assertEquals("device " + remote + ": a run is already open on this connection (expected: one run at a time "
                + "per RemoteDevice; let it end, or connect again for a concurrent run)", refusal.getMessage());
    }

    /** Sends OPEN_RUN {@code id} and checks the reply's type and id. */
    private static Frame assertReply(RawNodeClient raw, byte type, long id, byte[] openRun) throws IOException {
        raw.send(Wire.OPEN_RUN, id, openRun);
        Frame reply = raw.read();
        assertEquals(type, reply.type(), "reply to OPEN_RUN " + id);
        assertEquals(id, reply.id());
        return reply;
    }
}

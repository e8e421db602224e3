package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.report.RunReport;

/**
 * Worker nodes that see the run's files do the run's I/O themselves: the outputs are bit for bit those of the local
 * cpu, the report says which node did its own I/O and why another did not, and the coordinator's sockets carry a
 * small part of the bytes the shipped path carries. A node without {@code --data-dir}, or whose directories do not
 * hold the files, is sent its chunks as before; an input changed during the run fails it, naming the file.
 */
class DataLocalRunTest {
    private static final int ROWS = 64;
    private static final int COLS = 8192;
    private static final DeviceCode BODY = new DeviceCode("scaled", """
            float s = a;
            for (int i = 0; i < 3; i++) { s = s * 0.75f + sqrt(fabs(c)); }
            b = s + (float) (row % 7L) - exp(-(float) col / 300.0f);
            """, "");

    @TempDir
    Path dir;

    private LoopNest nest(Path a, float[] c, Path b) {
        return LoopNest.of(ROWS, COLS).names("row", "col")
                .in("a", Holder.file(a, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .in("c", c, "col")
                .out("b", Holder.file(b, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .deviceCode(BODY).splitAt(1);
    }

    private Path input() throws IOException {
        float[] a = NodeRoundTripTest.filled(ROWS * COLS, 1);
        ByteBuffer bytes = ByteBuffer.allocate(a.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(a);
        return Files.write(dir.resolve("a.f32"), bytes.array());
    }

    private static float[] c() {
        return NodeRoundTripTest.filled(COLS, 2);
    }

    private byte[] onCpu(Path a) throws IOException {
        Path b = dir.resolve("local.f32");
        try (CpuDevice cpu = new CpuDevice(1)) {
            nest(a, c(), b).on(cpu).run();
        }
        return Files.readAllBytes(b);
    }

    private static NodeConfig node(CpuDevice cpu, DataDirs dirs) {
        return NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET).withDataDirs(dirs);
    }

    private static List<RemoteDevice> connect(NodeServer... servers) {
        return Cluster.connect(java.util.Arrays.stream(servers)
                .map(s -> Cluster.address("127.0.0.1:" + s.address().getPort())).toList(), NodeRoundTripTest.SECRET);
    }

    @Test
    void shouldReadAndWriteTheFilesOnTheNodesAndMoveOnlyDescriptions() throws IOException {
        Path a = input();
        byte[] expected = onCpu(a);
        DataDirs dirs = DataDirs.of(List.of(dir));
        try (CpuDevice one = new CpuDevice(1); CpuDevice two = new CpuDevice(1);
             NodeServer n1 = NodeServer.start(node(one, dirs)); NodeServer n2 = NodeServer.start(node(two, dirs))) {
            List<RemoteDevice> nodes = connect(n1, n2);
            try {
                long before = traffic(nodes);
                Path b = dir.resolve("b.f32");
                RunReport report = nest(a, c(), b).on(nodes.toArray(Device[]::new)).run();
                long moved = traffic(nodes) - before;
                assertArrayEquals(expected, Files.readAllBytes(b), "the nodes' outputs, bit for bit");
                for (RemoteDevice node : nodes) {
                    assertTrue(report.notes().stream().anyMatch(n -> n.startsWith(node.info().name()
                            + " did its own I/O on the shared files")), report.notes().toString());
                }
                long data = 2L * ROWS * COLS * Float.BYTES;
                assertTrue(moved < data / 20, moved + " bytes through the coordinator's sockets for " + data
                        + " bytes of data (expected: only descriptions, the small input sent once to each node)");
                assertEquals(0, leftovers(), "no temporary left beside the output");
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }

    @Test
    void shouldReuseAChunksBuffersForTheNextAndFreeThemWhenTheRunEnds() throws Exception {
        Path a = input();
        byte[] expected = onCpu(a);
        onCountedNode((counted, node) -> {
            Path b = dir.resolve("b.f32");
            RunReport report = nest(a, c(), b).on(node).run();
            assertArrayEquals(expected, Files.readAllBytes(b), "the node's outputs, bit for bit");
            assertTrue(report.notes().stream().anyMatch(n -> n.contains("did its own I/O")), report.notes().toString());
            int sets = report.inputBuffers() + 1; // at most one set more than chunks in flight
            // an input and an output per set, and one buffer more for the resident input c
            assertTrue(counted.made.get() <= 2 * sets + 1, counted.made + " device buffers made for "
                    + report.chunks() + " chunks (expected: an input and an output per set, reused; at most "
                    + sets + " sets, and c's)");
            assertTrue(counted.stagingMade.get() <= 2 * sets + 1, counted.stagingMade + " staging buffers made"
                    + " for " + report.chunks() + " chunks");
            assertEquals(0, counted.awaitAllFreed(30), "buffers (device and staging) left after the run");
            assertEquals(0, leftovers(), "no temporary left beside the output");
        });
    }

    @Test
    void shouldFreeEveryBufferOfARunThatFails() throws Exception {
        Path a = input();
        onCountedNode((counted, node) -> {
            AtomicBoolean touched = new AtomicBoolean();
            LoopNest changing = nest(a, c(), dir.resolve("b.f32")).on(node).onProgress((done, total) -> {
                if (done >= 2 && touched.compareAndSet(false, true)) {
                    touch(a);
                }
            });
            assertThrows(RuntimeException.class, changing::run);
            assertTrue(counted.made.get() > 0, "the node ran chunks before the input changed");
            assertEquals(0, counted.awaitAllFreed(30), "buffers (device and staging) left after the failed run");
        });
    }

    /** A test on one data-local node whose cpu device counts its buffers. */
    private interface CountedNodeTest {
        void run(CountedBuffersDevice counted, RemoteDevice node) throws Exception;
    }

    /** Runs {@code test} against one node that may read and write {@link #dir}, its device counting buffers. */
    private void onCountedNode(CountedNodeTest test) throws Exception {
        try (CountedBuffersDevice counted = new CountedBuffersDevice(new CpuDevice(1));
             NodeServer server = NodeServer.start(NodeConfig.loopback(0, counted, NodeRoundTripTest.SECRET)
                     .withDataDirs(DataDirs.of(List.of(dir))));
             RemoteDevice node = connect(server).get(0)) {
            test.run(counted, node);
        }
    }

    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 5_000));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void shouldShipTheChunksOfANodeWithoutDataDirectoriesAndSayWhy() throws IOException {
        Path a = input();
        byte[] expected = onCpu(a);
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        try (CpuDevice one = new CpuDevice(1); CpuDevice two = new CpuDevice(1);
             NodeServer none = NodeServer.start(node(one, DataDirs.NONE));
             NodeServer other = NodeServer.start(node(two, DataDirs.of(List.of(elsewhere))))) {
            List<RemoteDevice> nodes = connect(none, other);
            try {
                long before = traffic(nodes);
                Path b = dir.resolve("b.f32");
                RunReport report = nest(a, c(), b).on(nodes.toArray(Device[]::new)).run();
                long moved = traffic(nodes) - before;
                assertArrayEquals(expected, Files.readAllBytes(b));
                String notes = report.notes().toString();
                assertTrue(notes.contains(nodes.get(0).info().name() + " was sent its chunks (no I/O of its own: the "
                        + "node was started without --data-dir)"), notes);
                assertTrue(notes.contains(nodes.get(1).info().name() + " was sent its chunks (no I/O of its own: "
                        + a + ": outside this node's data directories"), notes);
                assertTrue(moved > 2L * ROWS * COLS * Float.BYTES, moved + " bytes: every chunk shipped");
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }

    @Test
    void shouldFailARunWhoseInputChangesUnderItNamingTheFile() throws IOException {
        Path a = input();
        DataDirs dirs = DataDirs.of(List.of(dir));
        try (CpuDevice one = new CpuDevice(1); NodeServer n1 = NodeServer.start(node(one, dirs))) {
            List<RemoteDevice> nodes = connect(n1);
            try {
                Path b = dir.resolve("b.f32");
                AtomicBoolean touched = new AtomicBoolean();
                LoopNest changing = nest(a, c(), b).on(nodes.toArray(Device[]::new)).onProgress((done, total) -> {
                    if (touched.compareAndSet(false, true)) {
                        touch(a);
                    }
                });
                RuntimeException failed = assertThrows(RuntimeException.class, changing::run);
                assertTrue(messages(failed).contains(dir.toRealPath().resolve("a.f32") + " changed during the run"),
                        messages(failed));
                assertFalse(Files.exists(b), "no output put in place");
                assertEquals(0, leftovers(), "no temporary left");
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }

    @Test
    void shouldFailARunWhoseInputIsSwappedForALinkOutOfTheDataDirectories(@TempDir Path elsewhere)
            throws IOException {
        Path a = input();
        Path copy = Files.copy(a, elsewhere.resolve("a.f32"), StandardCopyOption.COPY_ATTRIBUTES);
        try (CpuDevice one = new CpuDevice(1); NodeServer n1 = NodeServer.start(node(one, DataDirs.of(List.of(dir))))) {
            List<RemoteDevice> nodes = connect(n1);
            try {
                Path b = dir.resolve("b.f32");
                AtomicBoolean swapped = new AtomicBoolean();
                LoopNest swapping = nest(a, c(), b).on(nodes.toArray(Device[]::new)).onProgress((done, total) -> {
                    if (swapped.compareAndSet(false, true)) {
                        try { // the same size and time, through a link that leads out of the node's directories
                            Files.delete(a);
                            Files.createSymbolicLink(a, copy);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                });
                RuntimeException failed = assertThrows(RuntimeException.class, swapping::run);
                assertTrue(messages(failed).contains(dir.toRealPath().resolve("a.f32") + " was replaced during the "
                        + "run (by a symbolic link)"), messages(failed));
                assertFalse(Files.exists(b), "no output put in place");
                assertEquals(0, leftovers(), "no temporary left");
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }

    @Test
    void shouldRedoTheChunksOfANodeLostMidRunElsewhereWithTheSameBytes() throws IOException {
        Path a = input();
        byte[] expected = onCpu(a);
        DataDirs dirs = DataDirs.of(List.of(dir));
        AtomicBoolean killed = new AtomicBoolean();
        try (CpuDevice one = new CpuDevice(1); CpuDevice two = new CpuDevice(1);
             NodeServer n1 = NodeServer.start(node(one, dirs))) {
            NodeServer n2 = NodeServer.start(node(two, dirs));
            List<RemoteDevice> nodes = connect(n1, n2);
            try {
                Path b = dir.resolve("b.f32");
                RunReport report = nest(a, c(), b).on(nodes.toArray(Device[]::new)).onProgress((done, total) -> {
                    if (done >= 4 && killed.compareAndSet(false, true)) {
                        n2.close(); // its connections close: the chunks it had are given back
                    }
                }).run();
                assertTrue(killed.get());
                assertArrayEquals(expected, Files.readAllBytes(b), "the chunks redone on the other node, bit for bit");
                String notes = report.notes().toString();
                assertTrue(notes.contains(nodes.get(1).info().name() + " lost after"), notes);
                assertTrue(notes.contains(nodes.get(0).info().name() + " did its own I/O"), notes);
                assertEquals(0, leftovers(), "no temporary left");
            } finally {
                nodes.forEach(RemoteDevice::close);
                if (killed.compareAndSet(false, true)) {
                    n2.close();
                }
            }
        }
    }

    @Test
    void shouldReadAnInputKeptInTwoFilesWithHeadersOnACpuAndASimNode() throws IOException {
        Path a = input();
        byte[] expected = onCpu(a);
        byte[] all = Files.readAllBytes(a);
        int half = all.length / 2;
        byte[] header = new byte[16];
        Path first = Files.write(dir.resolve("a-0.f32"), concat(header, java.util.Arrays.copyOfRange(all, 0, half)));
        Path second = Files.write(dir.resolve("a-1.f32"), concat(header,
                java.util.Arrays.copyOfRange(all, half, all.length)));
        Holder parts = Holder.files(List.of(new org.loopnest.data.FilePart(first, 16, ROWS / 2),
                new org.loopnest.data.FilePart(second, 16, ROWS / 2)), ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN);
        DataDirs dirs = DataDirs.of(List.of(dir));
        try (CpuDevice one = new CpuDevice(1);
             org.loopnest.device.sim.SimDevice sim = new org.loopnest.device.sim.SimDevice(
                     org.loopnest.device.sim.SimConfig.builder().threads(1).build());
             NodeServer n1 = NodeServer.start(node(one, dirs));
             NodeServer n2 = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET)
                     .withDataDirs(dirs))) {
            List<RemoteDevice> nodes = connect(n1, n2);
            try {
                Path b = dir.resolve("b.f32");
                RunReport report = LoopNest.of(ROWS, COLS).names("row", "col").in("a", parts).in("c", c(), "col")
                        .out("b", Holder.file(b, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                        .deviceCode(BODY).splitAt(1).on(nodes.toArray(Device[]::new)).run();
                assertArrayEquals(expected, Files.readAllBytes(b), "two files with headers, read by the nodes");
                for (RemoteDevice node : nodes) {
                    assertTrue(report.notes().stream().anyMatch(n -> n.startsWith(node.info().name()
                            + " did its own I/O")), report.notes().toString());
                }
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }

    @Test
    void shouldSendOnlyTheArraysInTheCoordinatorsMemoryInAMixedRun() throws IOException {
        Path a = input();
        float[][] d = new float[ROWS][COLS]; // jagged: cut by the chunks, shipped with each launch
        for (int r = 0; r < ROWS; r++) {
            d[r] = NodeRoundTripTest.filled(COLS, 3 + r);
        }
        DeviceCode body = new DeviceCode("mixed", "b = a * 0.5f + d - sqrt(fabs(c));", "");
        float[] expected = new float[ROWS * COLS];
        try (CpuDevice cpu = new CpuDevice(1)) {
            mixed(a, d, expected, body).on(cpu).run();
        }
        DataDirs dirs = DataDirs.of(List.of(dir));
        try (CpuDevice one = new CpuDevice(1); CpuDevice two = new CpuDevice(1);
             NodeServer n1 = NodeServer.start(node(one, dirs)); NodeServer n2 = NodeServer.start(node(two, dirs))) {
            List<RemoteDevice> nodes = connect(n1, n2);
            try {
                float[] b = new float[ROWS * COLS]; // in the coordinator's memory: returned with each answer
                long before = traffic(nodes);
                RunReport report = mixed(a, d, b, body).on(nodes.toArray(Device[]::new)).run();
                long moved = traffic(nodes) - before;
                assertArrayEquals(expected, b, "the nodes' results, bit for bit");
                for (RemoteDevice node : nodes) {
                    assertTrue(report.notes().stream().anyMatch(n -> n.startsWith(node.info().name()
                            + " did its own I/O")), report.notes().toString());
                }
                long shippedBytes = 2L * ROWS * COLS * Float.BYTES; // d out, b back: a stays on the nodes' side
                assertTrue(moved > shippedBytes && moved < shippedBytes + shippedBytes / 10, moved + " bytes moved "
                        + "(expected: d and b, " + shippedBytes + " bytes, and descriptions; not a)");
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }

    private LoopNest mixed(Path a, float[][] d, float[] b, DeviceCode body) {
        return LoopNest.of(ROWS, COLS).names("row", "col")
                .in("a", Holder.file(a, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .in("d", d).in("c", c(), "col").out("b", b).deviceCode(body).splitAt(1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static long traffic(List<RemoteDevice> nodes) {
        return nodes.stream().mapToLong(n -> n.bytesSent() + n.bytesReceived()).sum();
    }

    private long leftovers() throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(".")).count();
        }
    }

    private static String messages(Throwable t) {
        StringBuilder s = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            s.append(c.getMessage()).append(" / ");
        }
        return s.toString();
    }
}

package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.kernel.KernelPath;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code cluster-scaling-2-files} and the simulated link: the weather loop over files
 * ({@link WeatherFilesRatio#filesNest}: {@code T} and {@code q} read from raw float32 files, the eight outputs written
 * to new files, 8 + 32 bytes per point) on one and two {@link InProcessNodes} of one kernel thread each, split at
 * depth {@value #SPLIT_DEPTH} on every side (one chunk per time step and level), so that the sides differ only in their
 * nodes and not in the planner's choice. Six sides, rounds interleaved, each on nodes of its own ({@link #SIDES}):
 * data-local on 1 and 2 nodes over plain loopback, then behind a {@link SimulatedLink} of {@code link} bytes per second
 * each way, shipped (nodes without a data directory) and data-local on 1 and 2 nodes. Each side's processor time is
 * recorded ({@link CpuTimes}): on a machine that the nodes fill, it bounds what a second node can gain. Before each
 * side, untimed: {@code sync}, the inputs read once. After the rounds every side's outputs are checked against the
 * in-memory run on the local cpu, same kernel path ({@link WeatherFilesCheck}), and every data-local side's report
 * must say that each node did its own I/O. Then the files' bandwidth ({@link FileBandwidth}) and the
 * {@link LinkModel} with the one-node data-local rate, checked against the measurements. The files live in a new
 * directory under {@code java.io.tmpdir}, deleted at the end.
 */
public final class ClusterFilesScaling implements RatioRun {
    private static final long SEED = 2026;
    private static final int BYTES_IN = 2 * Float.BYTES;
    private static final int BYTES_OUT = WeatherOutput.values().length * Float.BYTES;
    /** Chunks of one time step and level each ({@code t × z} chunks): the same split on every side. */
    private static final int SPLIT_DEPTH = 2;
    /** The simulated link of the full run: 25 MB/s each way (200 Mbit/s). */
    static final long LINK = 25_000_000L;

    /** One configuration: nodes, whether they do their own I/O, whether behind the simulated link. */
    record Side(String name, int nodes, boolean dataLocal, boolean linked) {
    }

    static final List<Side> SIDES = List.of(new Side("data-local 1 node", 1, true, false),
            new Side("data-local 2 nodes", 2, true, false),
            new Side("shipped 1 node, link", 1, false, true), new Side("shipped 2 nodes, link", 2, false, true),
            new Side("data-local 1 node, link", 1, true, true), new Side("data-local 2 nodes, link", 2, true, true));

    private final GridShape shape;
    private final KernelPath path;
    private final long link;
    private final Rounds rounds;

    /**
     * @param shape  the grid {@code t, z, y, x}
     * @param path   the kernel path of every run (nodes and the reference)
     * @param link   the simulated link's bandwidth each way, bytes per second
     * @param rounds warm-up and measured rounds (each runs every side once)
     * @throws IllegalArgumentException if {@code link} is not positive
     */
    public ClusterFilesScaling(GridShape shape, KernelPath path, long link, Rounds rounds) {
        if (link <= 0) {
            throw new IllegalArgumentException("cluster data-local scaling: link = " + link + " bytes/s (expected: "
                    + "> 0)");
        }
        this.shape = shape;
        this.path = path;
        this.link = link;
        this.rounds = rounds;
    }

    /**
     * {@value WeatherFilesRatio#TEN} × 7 × 181 × 360 (4.6 million points, 146 MB of outputs), the scalar path (on
     * which the body's compute is the larger part of a node's work, see {@code BENCHMARKS.md}, run 33), a link of
     * {@value #LINK} bytes per second each way (below one node's output rate on the scalar path, so that the shipped
     * path is capped by it from one node on), 1 + 5 rounds.
     */
    public static ClusterFilesScaling full() {
        return new ClusterFilesScaling(new GridShape(WeatherFilesRatio.TEN, 7, 181, 360), KernelPath.SCALAR, LINK,
                new Rounds(1, 5));
    }

    /** Tiny sizes for a smoke run. */
    public static ClusterFilesScaling quick() {
        return new ClusterFilesScaling(new GridShape(2, 3, 8, 16), KernelPath.SCALAR, LINK, new Rounds(0, 1));
    }

    @Override
    public String label() {
        return "cluster data-local scaling";
    }

    @Override
    public List<BenchResult> run() {
        WeatherFields fields = WeatherFields.synthetic(shape.t(), shape.z(), shape.y(), shape.x(), SEED);
        WeatherNest.nest(fields).kernelPath(path).run();
        Path dir = ScratchFiles.directory("loopnest-data-local-scaling");
        List<InProcessNodes> nodes = new ArrayList<>();
        try (SimulatedLink simulated = new SimulatedLink(link)) {
            try {
                for (Side side : SIDES) {
                    nodes.add(InProcessNodes.start(side.nodes(), side.dataLocal() ? dir : null,
                            side.linked() ? simulated : null));
                }
                return measure(fields, dir, nodes);
            } finally {
                closeAll(nodes); // before the link's relays
            }
        } finally {
            ScratchFiles.deleteTree(dir);
        }
    }

    /** Writes the inputs, runs the rounds, checks every side and makes the rows. */
    private List<BenchResult> measure(WeatherFields fields, Path dir, List<InProcessNodes> nodes) {
        Path t = dir.resolve("T.f32");
        Path q = dir.resolve("q.f32");
        ScratchFiles.writeFloats(t, fields.temperature());
        ScratchFiles.writeFloats(q, fields.humidity());
        List<Path> out = new ArrayList<>();
        RunReport[] last = new RunReport[SIDES.size()];
        long[][] moved = new long[SIDES.size()][2];
        CpuTimes cpu = new CpuTimes();
        List<Runnable> tasks = new ArrayList<>();
        for (int k = 0; k < SIDES.size(); k++) {
            int side = k;
            InProcessNodes n = nodes.get(side);
            out.add(directory(dir.resolve("side-" + side)));
            tasks.add(() -> cpu.run(side, () -> {
                long sent = n.sent();
                long received = n.received();
                last[side] = WeatherFilesRatio.filesNest(fields, t, q, out.get(side), false).kernelPath(path)
                        .splitAt(SPLIT_DEPTH).on(n.asDevices()).run();
                moved[side][0] = n.sent() - sent;
                moved[side][1] = n.received() - received;
            }));
        }
        Runnable warm = () -> {
            ScratchFiles.command(List.of("sync"));
            ScratchFiles.warm(t);
            ScratchFiles.warm(q);
        };
        List<Samples> s = rounds.interleave(tasks, tasks.stream().map(x -> warm).toList());
        check(fields, out, last, nodes);
        List<ScalingRows.Measured> measured = new ArrayList<>();
        for (int k = 0; k < SIDES.size(); k++) {
            measured.add(new ScalingRows.Measured(SIDES.get(k), s.get(k), cpu.measured(k, rounds), last[k],
                    moved[k][0], moved[k][1], DataLocalNotes.of(last[k], nodes.get(k).devices())));
        }
        Samples disk = FileBandwidth.measure(dir, List.of(t, q), (long) shape.points() * BYTES_OUT, rounds);
        LinkModel model = model(shape.points() / (s.get(0).median() / 1e9), link, disk.median());
        return new ScalingRows(shape, link, measured, disk, model).rows(setup());
    }

    private static Path directory(Path dir) {
        try {
            return Files.createDirectory(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cluster data-local scaling: cannot create " + dir, e);
        }
    }

    /** Closes every set of nodes; the first failure is thrown once all are closed. */
    private static void closeAll(List<InProcessNodes> nodes) {
        RuntimeException first = null;
        for (InProcessNodes n : nodes) {
            try {
                n.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private String setup() {
        return String.format(Locale.ROOT, "weather body (WeatherBody.CODE, kernel path %s) over files, grid t,z,y,x = "
                        + "%s (%d points; T, q read from 2 raw float32 files, 8 outputs to 8 new files: %d + %d bytes "
                        + "per point), split at depth %d (%d chunks); in-process worker nodes (NodeServer in the "
                        + "bench's JVM, CpuDevice(%d) each); simulated link %.0f MB/s each way (relays on loopback "
                        + "sharing one budget per direction); %d cores; page cache warm, sync before each side; %s",
                path.spelling(), shape, shape.points(), BYTES_IN, BYTES_OUT, SPLIT_DEPTH, shape.t() * shape.z(),
                InProcessNodes.THREADS, link / 1e6, Runtime.getRuntime().availableProcessors(),
                WeatherFilesCheck.describe(path));
    }

    /** The outputs of every side against the in-memory run, and the data-local sides' reports. */
    private void check(WeatherFields fields, List<Path> out, RunReport[] last, List<InProcessNodes> nodes) {
        for (int k = 0; k < SIDES.size(); k++) {
            String side = "cluster data-local scaling, " + SIDES.get(k).name();
            WeatherFilesCheck.check(fields, out.get(k), path, side);
            if (SIDES.get(k).dataLocal()) {
                DataLocalNotes.require(last[k], nodes.get(k).devices(), side);
            }
        }
    }

    /** {@return the bytes per point the loop reads and writes, and its model with these rates} */
    static LinkModel model(double nodeRate, double link, double disk) {
        return new LinkModel(nodeRate, link, disk, BYTES_IN, BYTES_OUT);
    }

    /** {@return a description of a run's split and buffers, for the details} */
    static String split(RunReport r) {
        return String.format(Locale.ROOT, "split d=%d r=%d, %d chunks, B=%d", r.splitDepth(), r.group(), r.chunks(),
                r.inputBuffers());
    }
}

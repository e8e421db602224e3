package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import org.loopnest.LoopNest;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.cluster.Secret;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.cli.DeviceSpec;
import org.loopnest.examples.cli.LocalNodes;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.RunReport;

/**
 * {@code cluster-scaling-2}: a compute-bound kernel ({@link TranscendentalKernel}) over a {@code float[]} nest, run
 * on one worker node against two ({@link LocalNodes}: {@code loopnest node --device cpu} processes on 127.0.0.1,
 * each with half the available processors as kernel threads, so that two nodes fit the machine's cores). Both sets of nodes are started once, before anything is
 * measured, and connected with {@link Cluster#connect}; each is checked against a run on a local
 * {@link CpuDevice} (outputs cleared first), warmed up, then the rounds run interleaved (one node, two nodes, one,
 * two, …). Value = time on one node ÷ time on two: 2 would be perfect scaling. The coordinator, the network stack
 * and the packing share the same cores, so a small machine falls short of that.
 */
public final class ClusterScaling implements RatioRun {
    /** Elements per row of the nest; the rows are the outer loop. */
    private static final int ROW = 4096;
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    private final int rows;
    private final Rounds rounds;

    /**
     * @param rows   rows of {@value #ROW} elements
     * @param rounds warm-up and measured rounds (each runs both configurations once)
     */
    public ClusterScaling(int rows, Rounds rounds) {
        if (rows < 1) {
            throw new IllegalArgumentException("cluster scaling rows = " + rows + " (expected: >= 1)");
        }
        this.rows = rows;
        this.rounds = rounds;
    }

    /** The default: 512 rows × 4096 = 2 097 152 elements, 1 + 5 rounds. */
    public static ClusterScaling full() {
        return new ClusterScaling(512, new Rounds(1, 5));
    }

    /** Tiny sizes for a smoke run (the node JVMs still start, which takes most of its time). */
    public static ClusterScaling quick() {
        return new ClusterScaling(2, new Rounds(1, 1));
    }

    @Override
    public String label() {
        return "cluster scaling";
    }

    @Override
    public List<BenchResult> run() {
        int n = rows * ROW;
        float[] a = new float[n];
        for (int k = 0; k < n; k++) {
            a[k] = (k % 10007) * 1e-3f - 5f + (k / 10007) * 1e-4f;
        }
        float[] reference = new float[n];
        float[] b = new float[n];
        int threads = Runtime.getRuntime().availableProcessors();
        long cpuStart = System.nanoTime();
        try (CpuDevice cpu = new CpuDevice(threads)) {
            nest(a, reference).on(cpu).run();
        }
        double cpuNanos = System.nanoTime() - cpuStart;
        Deque<AutoCloseable> open = new ArrayDeque<>();
        try {
            List<RemoteDevice> one = connect(1, open);
            List<RemoteDevice> two = connect(2, open);
            check(one, a, b, reference);
            check(two, a, b, reference);
            RunReport[] last = new RunReport[2];
            List<Samples> s = rounds.interleave(List.of(() -> last[0] = run(one, a, b),
                    () -> last[1] = run(two, a, b)));
            compare(b, reference, "after the measured rounds");
            Comparison c = new Comparison("1 node", s.get(0), "2 nodes", s.get(1));
            return List.of(new BenchResult("cluster-scaling-2", c.ratio(), "x", String.format(Locale.ROOT,
                    "time on 1 worker node / time on 2; Runtime.availableProcessors() = %d on this machine; the"
                            + " nodes are local processes (loopnest node --device cpu --threads %d on 127.0.0.1), so"
                            + " two nodes use %d kernel threads; kernel %s"
                            + " (%d steps of sin, exp per element) over %d x %d = %d floats, automatic split; 1 node:"
                            + " %s, %d chunks; 2 nodes: %s, %d chunks, chunks per node %s; %s; outputs equal to a"
                            + " local CpuDevice(%d) run (%.0f ms, first run, cold) bit for bit",
                    threads, perNode(), 2 * perNode(), TranscendentalKernel.class.getSimpleName(),
                    TranscendentalKernel.STEPS,
                    rows, ROW, n, split(last[0]), last[0].chunks(), split(last[1]), last[1].chunks(),
                    last[1].perDevice().stream().map(DeviceReport::chunks).toList(), c.describe(), threads, cpuNanos / 1e6)));
        } finally {
            closeAll(open);
        }
    }

    /** Kernel threads of each node: half the cores, at least one. */
    private static int perNode() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    private static LoopNest nest(float[] a, float[] b) {
        return LoopNest.of(a.length / ROW, ROW).names("i", "j").in("a", a).out("b", b)
                .kernel(new TranscendentalKernel()).timeout(TIMEOUT);
    }

    /** Starts {@code count} nodes and connects to them; both go on {@code open}, to be closed in reverse. */
    private static List<RemoteDevice> connect(int count, Deque<AutoCloseable> open) {
        LocalNodes nodes;
        try {
            nodes = LocalNodes.start(count, DeviceSpec.parse("cpu"), perNode());
        } catch (IOException e) {
            throw new UncheckedIOException("cluster scaling: cannot start " + count + " local node(s)", e);
        }
        open.push(nodes);
        List<RemoteDevice> remote = Cluster.connect(nodes.addresses(), Secret.read(nodes.secretFile()));
        remote.forEach(open::push);
        return remote;
    }

    private static RunReport run(List<RemoteDevice> nodes, float[] a, float[] b) {
        return nest(a, b).on(nodes.toArray(Device[]::new)).run();
    }

    private static void check(List<RemoteDevice> nodes, float[] a, float[] b, float[] reference) {
        Arrays.fill(b, Float.NaN);
        run(nodes, a, b);
        compare(b, reference, "on " + nodes.size() + " node(s)");
    }

    private static void compare(float[] b, float[] reference, String when) {
        for (int k = 0; k < b.length; k++) {
            if (Float.floatToIntBits(b[k]) != Float.floatToIntBits(reference[k])) {
                throw new IllegalStateException("cluster scaling: b[" + k + "] " + when + " is " + b[k] + " but "
                        + reference[k] + " on the local CPU device (expected: the same bits)");
            }
        }
    }

    private static String split(RunReport r) {
        return "d=" + r.splitDepth() + " r=" + r.group();
    }

    private static void closeAll(Deque<AutoCloseable> open) {
        Closing.lastFirst(open, "cluster scaling");
    }
}

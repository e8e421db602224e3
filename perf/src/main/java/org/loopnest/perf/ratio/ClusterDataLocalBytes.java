package org.loopnest.perf.ratio;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code cluster-data-local-bytes}: the bytes that cross the coordinator's sockets in a file-to-file run on two worker
 * nodes, over the bytes the run reads and writes. The run is the copy body {@code b = a;} from a raw float32 file to
 * a new one ({@link FileStreamRatio#copy}, automatic split) on two worker nodes as {@code --nodes local:2} starts them
 * ({@link ProcessNodes}: {@code loopnest node} processes); the bytes are the sum of both connections'
 * {@code RemoteDevice.bytesSent()} and {@code bytesReceived()} over the run. Two sides, rounds interleaved:
 * <ol>
 *   <li>data-local: both nodes started with the scratch directory as their data directory, so each reads its chunks'
 *       input from the file and writes its outputs into the run's temporary file itself (the report must say so of
 *       each node, or the run fails);</li>
 *   <li>shipped ({@code cluster-data-local-bytes-shipped}): the nodes started without one, so every chunk's input and
 *       output crosses the coordinator's sockets.</li>
 * </ol>
 * Value = socket bytes ÷ (bytes read + bytes written), the most of any round, warm-up rounds included (the first runs
 * on fresh connections, which would also carry a connection's one cost calibration, {@code RemoteDevice.costs()}, if
 * the run's planning asked for it). Before
 * each side, untimed: its previous output deleted, {@code sync}, the input read once. Each side's output is compared
 * byte for byte with the input after the rounds. The files live in a new directory under {@code java.io.tmpdir},
 * deleted at the end; it needs {@value #FILES} times the file's size free, checked before anything is written.
 */
public final class ClusterDataLocalBytes implements RatioRun {
    /** Files of the run's size alive at once: the input, two outputs and a run's temporary file. */
    static final int FILES = 4;
    private static final int NODES = 2;
    private static final long MIB = 1 << 20;

    private final long bytes;
    private final Rounds rounds;

    /**
     * @param bytes  the input file's size, a positive multiple of 1 MiB
     * @param rounds warm-up and measured rounds (each runs both sides once)
     * @throws IllegalArgumentException if {@code bytes} is not a positive multiple of 1 MiB
     */
    public ClusterDataLocalBytes(long bytes, Rounds rounds) {
        if (bytes <= 0 || bytes % MIB != 0) {
            throw new IllegalArgumentException("cluster data-local bytes: " + bytes + " bytes (expected: a positive "
                    + "multiple of " + MIB + ")");
        }
        this.bytes = bytes;
        this.rounds = rounds;
    }

    /** The run: a 1 GiB input copied to a 1 GiB output, 1 + 3 rounds. */
    public static ClusterDataLocalBytes full() {
        return new ClusterDataLocalBytes(1L << 30, new Rounds(1, 3));
    }

    /** 4 MiB, 0 + 1 rounds, for a smoke run. */
    public static ClusterDataLocalBytes quick() {
        return new ClusterDataLocalBytes(4L << 20, new Rounds(0, 1));
    }

    @Override
    public String label() {
        return "cluster data-local bytes";
    }

    @Override
    public List<BenchResult> run() {
        Path dir = ScratchFiles.directory("loopnest-data-local-bytes");
        try {
            checkRoom(dir, bytes, dir.toFile().getUsableSpace());
            Path in = dir.resolve("in.f32");
            ScratchFiles.writePattern(in, bytes);
            Path[] out = {dir.resolve("data-local.f32"), dir.resolve("shipped.f32")};
            FileStreamRatio copy = new FileStreamRatio(bytes, rounds);
            try (ProcessNodes local = ProcessNodes.start(NODES, dir);
                 ProcessNodes shipped = ProcessNodes.start(NODES, null)) {
                List<List<Long>> moved = List.of(new ArrayList<>(), new ArrayList<>());
                RunReport[] last = new RunReport[2];
                List<Runnable> sides = List.of(() -> last[0] = measure(copy, in, out[0], local, moved, 0),
                        () -> last[1] = measure(copy, in, out[1], shipped, moved, 1));
                List<Samples> s = rounds.interleave(sides, List.of(prepare(in, out[0]), prepare(in, out[1])));
                for (Path o : out) {
                    String difference = ScratchFiles.firstDifference(in, o);
                    if (difference != null) {
                        throw new IllegalStateException("cluster data-local bytes: " + difference);
                    }
                }
                DataLocalNotes.require(last[0], local.devices(), "cluster data-local bytes");
                return List.of(row("cluster-data-local-bytes", "data-local (both nodes started with --data-dir "
                                + "the scratch directory)", moved.get(0), s.get(0), last[0], local),
                        row("cluster-data-local-bytes-shipped", "shipped (the same nodes without --data-dir: every "
                                + "chunk through the coordinator)", moved.get(1), s.get(1), last[1], shipped));
            }
        } finally {
            ScratchFiles.deleteTree(dir);
        }
    }

    private static RunReport measure(FileStreamRatio copy, Path in, Path out, WorkerNodes nodes,
                                     List<List<Long>> moved, int side) {
        long before = nodes.traffic();
        RunReport report = copy.copy(in, out, null).on(nodes.asDevices()).run();
        moved.get(side).add(nodes.traffic() - before);
        return report;
    }

    /**
     * Checks that {@code usable} bytes hold {@value #FILES} files of {@code bytes}.
     *
     * @throws IllegalStateException naming the directory, the bytes needed and those free
     */
    static void checkRoom(Path dir, long bytes, long usable) {
        ScratchFiles.checkRoom("cluster data-local bytes", dir, FILES, bytes, usable,
                "the input, two outputs and a run's temporary file", "choose another java.io.tmpdir");
    }

    private static Runnable prepare(Path in, Path out) {
        return () -> {
            ScratchFiles.delete(out);
            ScratchFiles.command(List.of("sync"));
            ScratchFiles.warm(in);
        };
    }

    private BenchResult row(String name, String side, List<Long> moved, Samples time, RunReport last,
                            WorkerNodes nodes) {
        long data = 2 * bytes;
        long most = moved.stream().mapToLong(Long::longValue).max().orElseThrow();
        return new BenchResult(name, most / (double) data, "ratio", String.format(Locale.ROOT,
                "bytes through the coordinator's sockets / bytes read and written, the most of any round; %s; copy "
                        + "body 'b = a;' from a %d MiB raw float32 file to a new one (read %d + written %d = %d bytes) "
                        + "on --nodes local:%d (LocalNodes: loopnest node --device cpu --threads %d processes on "
                        + "127.0.0.1), automatic split %s, %d chunks; bytes through the sockets (RemoteDevice "
                        + "bytesSent + bytesReceived of both connections) per round, in order, the first on fresh "
                        + "connections: %s; time %s, %.2f GB/s "
                        + "read+written; page cache warm (input read once, sync, before each side); output compared "
                        + "byte for byte with the input; last report: %s",
                side, bytes / MIB, bytes, bytes, data, NODES, ProcessNodes.threads(NODES),
                "d=" + last.splitDepth() + " r=" + last.group(), last.chunks(), moved, time.describeMillis(),
                data / time.median(), DataLocalNotes.of(last, nodes.devices())));
    }
}

package org.loopnest.perf.ratio;

import java.util.List;
import java.util.Locale;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * The rows of {@link ClusterFilesScaling} from its measured sides (in the order of {@link ClusterFilesScaling#SIDES}):
 * the scaling from one node to two, data-local over loopback and both paths behind the link; data-local against
 * shipped behind the link; and the two-node measurements against the {@link LinkModel}. Immutable.
 */
final class ScalingRows {
    private static final int DATA_LOCAL_1 = 0;
    private static final int DATA_LOCAL_2 = 1;
    private static final int SHIPPED_1_LINK = 2;
    private static final int SHIPPED_2_LINK = 3;
    private static final int DATA_LOCAL_1_LINK = 4;
    private static final int DATA_LOCAL_2_LINK = 5;
    /** The node counts of the model's tables. */
    private static final int[] TABLE = {1, 2, 4, 8, 16, 32, 64};
    /** A 10 GbE link, bytes per second each way, for the model's second table. */
    private static final double TEN_GBE = 1.25e9;

    /**
     * One side's measurements.
     *
     * @param side     what ran
     * @param time     its nanoseconds, per measured round
     * @param cpu      this JVM's processor nanoseconds while it ran, per measured round
     * @param last     its last run's report
     * @param sent     the bytes the coordinator's sockets sent in the last run
     * @param received the bytes they received
     * @param notes    what the last report says of each node
     */
    record Measured(ClusterFilesScaling.Side side, Samples time, Samples cpu, RunReport last, long sent,
                    long received, String notes) {
    }

    private final GridShape shape;
    private final long link;
    private final List<Measured> sides;
    private final Samples disk;
    private final LinkModel model;

    /**
     * @param link  the simulated link's bytes per second each way
     * @param sides the sides' measurements, in the order of {@link ClusterFilesScaling#SIDES}
     * @param disk  the files' bandwidth, bytes per second
     * @param model the model, with the one-node data-local rate
     */
    ScalingRows(GridShape shape, long link, List<Measured> sides, Samples disk, LinkModel model) {
        this.shape = shape;
        this.link = link;
        this.sides = List.copyOf(sides);
        this.disk = disk;
        this.model = model;
    }

    /** {@return the six rows; {@code setup}: what ran, for every row's detail} */
    List<BenchResult> rows(String setup) {
        Comparison paths = comparison(SHIPPED_2_LINK, DATA_LOCAL_2_LINK);
        String check = check();
        return List.of(scaling("cluster-scaling-2-files", DATA_LOCAL_1, DATA_LOCAL_2, "data-local over loopback "
                        + "(no link)", setup),
                scaling("cluster-scaling-2-files-link-shipped", SHIPPED_1_LINK, SHIPPED_2_LINK, "shipped (nodes "
                        + "without --data-dir) behind the simulated link", setup),
                scaling("cluster-scaling-2-files-link-data-local", DATA_LOCAL_1_LINK, DATA_LOCAL_2_LINK, "data-local "
                        + "behind the simulated link", setup),
                new BenchResult("cluster-files-link-data-local-vs-shipped", paths.ratio(), "ratio", "shipped time / "
                        + "data-local time, 2 nodes behind the simulated link; " + paths.describe() + "; "
                        + describe(SHIPPED_2_LINK) + "; " + describe(DATA_LOCAL_2_LINK) + "; " + setup),
                new BenchResult("cluster-files-model-fit-shipped", rate(SHIPPED_2_LINK) / model.shipped(2), "ratio",
                        "measured / modelled throughput, shipped on 2 nodes behind the link; " + check + "; " + setup),
                new BenchResult("cluster-files-model-fit-data-local", rate(DATA_LOCAL_2_LINK) / model.dataLocal(2),
                        "ratio", "measured / modelled throughput, data-local on 2 nodes behind the link; " + check
                        + "; " + setup));
    }

    private BenchResult scaling(String name, int one, int two, String what, String setup) {
        Comparison c = comparison(one, two);
        double bound = time(one) / (cpu(two) / Runtime.getRuntime().availableProcessors());
        return new BenchResult(name, c.ratio(), "x", String.format(Locale.ROOT, "time on 1 node / time on 2, %s; %s; "
                        + "%s; %s; bound from processor time on these cores (time on 1 node / (processor time on 2 "
                        + "/ cores)): %.2f; %s", what, c.describe(), describe(one), describe(two), bound, setup));
    }

    /** The measured throughput of every side against the model, and the model's tables. */
    private String check() {
        StringBuilder s = new StringBuilder("model check (measured / modelled M points/s):");
        for (int k = 0; k < sides.size(); k++) {
            ClusterFilesScaling.Side side = sides.get(k).side();
            double modelled = side.dataLocal() ? model.dataLocal(side.nodes())
                    : model.withLink(side.linked() ? link : Double.MAX_VALUE).shipped(side.nodes());
            s.append(String.format(Locale.ROOT, " %s %.2f / %.2f = %.3f;", side.name(), rate(k) / 1e6,
                    modelled / 1e6, rate(k) / modelled));
        }
        return s + String.format(Locale.ROOT, " node rate = the data-local 1 node side's; files %.0f MB/s "
                        + "(FileBandwidth, median of %d: the inputs read warm and the outputs' bytes written to a new "
                        + "file and forced); model at the simulated link:%n%s%nand at 10 GbE:%n%s", disk.median() / 1e6,
                disk.count(), model.table(TABLE), model.withLink(TEN_GBE).table(TABLE));
    }

    /** A side in one line: time, throughput, processor time, split, the coordinator's socket bytes, the notes. */
    private String describe(int k) {
        Measured m = sides.get(k);
        double seconds = time(k);
        return String.format(Locale.ROOT, "%s: %.2f M points/s, processor %.0f ms per run (median), %s, the "
                        + "coordinator's sockets %d bytes out and %d in (%.4f bytes per point; %.1f MB/s out, %.1f in "
                        + "over the run); %s", m.side().name(), rate(k) / 1e6, cpu(k) * 1e3,
                ClusterFilesScaling.split(m.last()), m.sent(), m.received(),
                (m.sent() + m.received()) / (double) shape.points(), m.sent() / seconds / 1e6,
                m.received() / seconds / 1e6, m.notes());
    }

    private Comparison comparison(int baseline, int candidate) {
        return new Comparison(sides.get(baseline).side().name(), sides.get(baseline).time(),
                sides.get(candidate).side().name(), sides.get(candidate).time());
    }

    /** {@return a side's median seconds} */
    private double time(int k) {
        return sides.get(k).time().median() / 1e9;
    }

    /** {@return a side's median processor seconds} */
    private double cpu(int k) {
        return sides.get(k).cpu().median() / 1e9;
    }

    /** {@return the points per second of a side, by its median time} */
    private double rate(int k) {
        return shape.points() / time(k);
    }
}

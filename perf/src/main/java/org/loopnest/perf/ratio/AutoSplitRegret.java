package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code auto-split-regret-DEVICE} and {@code auto-split-regret}: how close the automatic split comes to the best
 * split a sweep finds, on the weather nest. For each device the automatic split and every explicit split
 * {@code splitAt(d).group(r)} with {@code r} a power of two (or all of {@code P_d}) and at most
 * {@value #MAX_CHUNKS} chunks run side by side ({@link Rounds#interleave}); a split that does not fit the device's
 * memory is left out. Each row is the fastest explicit split's median wall time ÷ the automatic split's (1: the
 * automatic split is as fast as the best of the sweep; the goal is ≥ 0.9); {@code auto-split-regret} is the
 * smallest of them. The detail names the automatic split, its predicted time beside its wall time, and the best
 * explicit split.
 */
public final class AutoSplitRegret implements RatioRun {
    /** Explicit splits with more chunks than this are not swept (their per-chunk cost alone loses). */
    public static final long MAX_CHUNKS = 512;

    /**
     * A device to sweep on.
     *
     * @param name the row suffix
     * @param open opens the device; it is closed after its sweep
     */
    public record Target(String name, Supplier<Device> open) {
    }

    private final WeatherFields fields;
    private final List<Target> targets;
    private final Rounds rounds;

    /**
     * @param fields  the weather grid
     * @param targets the devices, each swept on its own
     * @param rounds  warm-up and measured rounds of every split
     */
    public AutoSplitRegret(WeatherFields fields, List<Target> targets, Rounds rounds) {
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("targets is empty (expected: at least one device)");
        }
        this.fields = fields;
        this.targets = List.copyOf(targets);
        this.rounds = rounds;
    }

    @Override
    public String label() {
        return "auto split";
    }

    @Override
    public List<BenchResult> run() {
        List<BenchResult> rows = new ArrayList<>();
        BenchResult worst = null;
        for (Target target : targets) {
            BenchResult row = sweep(target);
            rows.add(row);
            worst = worst == null || row.value() < worst.value() ? row : worst;
        }
        rows.add(0, new BenchResult("auto-split-regret", worst.value(), "ratio", "smallest of the rows "
                + "auto-split-regret-DEVICE that follow (" + worst.name() + "); fastest explicit split's median wall "
                + "÷ the automatic split's, weather nest t,z,y,x = " + fields.shape()));
        return rows;
    }

    private BenchResult sweep(Target target) {
        try (Device device = target.open().get()) {
            List<long[]> splits = fitting(device);
            List<Runnable> tasks = new ArrayList<>();
            List<RunReport> autoRuns = new ArrayList<>();
            tasks.add(() -> autoRuns.add(WeatherNest.nest(fields).on(device).run()));
            for (long[] s : splits) {
                tasks.add(() -> WeatherNest.nest(fields).on(device).splitAt((int) s[0]).group(s[1]).run());
            }
            List<Samples> walls = rounds.interleave(tasks);
            int best = 1;
            for (int i = 2; i < walls.size(); i++) {
                best = walls.get(i).median() < walls.get(best).median() ? i : best;
            }
            Samples auto = walls.get(0);
            Samples fastest = walls.get(best);
            RunReport typical = autoRuns.get(autoRuns.size() - 1);
            long[] s = splits.get(best - 1);
            String predicted = typical.prediction().map(p -> String.format(Locale.ROOT, "%.2f ms predicted (%s)",
                    p.total().toNanos() / 1e6, p)).orElse("no prediction (the device describes no costs, or the "
                    + "kernel's rate is not known yet)");
            return new BenchResult("auto-split-regret-" + target.name(), fastest.median() / auto.median(), "ratio",
                    String.format(Locale.ROOT, "%s: fastest explicit split ÷ automatic, median wall of %d runs each;"
                                    + " automatic: d=%d r=%d, %d chunks (%s), wall %.2f ms (%.2f-%.2f), %s; best of %d"
                                    + " explicit splits: d=%d r=%d, wall %.2f ms (%.2f-%.2f); weather nest %s",
                            device.info().name(), auto.count(), typical.splitDepth(), typical.group(),
                            typical.chunks(), typical.splitReason(), auto.median() / 1e6, auto.min() / 1e6,
                            auto.max() / 1e6, predicted, splits.size(), s[0], s[1], fastest.median() / 1e6,
                            fastest.min() / 1e6, fastest.max() / 1e6, fields.shape()));
        }
    }

    /** {@code {d, r}} of every explicit split swept that fits {@code device}. */
    private List<long[]> fitting(Device device) {
        long[] extents = fields.shape().extents();
        List<long[]> out = new ArrayList<>();
        long outer = 1;
        for (int d = 0; d < extents.length; d++) {
            for (long r = 1; ; r = Math.min(2 * r, outer)) {
                if ((outer + r - 1) / r <= MAX_CHUNKS && plans(device, d, r)) {
                    out.add(new long[] {d, r});
                }
                if (r == outer) {
                    break;
                }
            }
            outer *= extents[d];
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("auto split: no explicit split fits " + device.info().name()
                    + " (expected: at least one)");
        }
        return out;
    }

    private boolean plans(Device device, int d, long r) {
        try {
            WeatherNest.nest(fields).on(device).splitAt(d).group(r).plan();
            return true;
        } catch (DeviceMemoryException e) {
            return false; // does not fit the device's memory
        }
    }
}

package org.loopnest.perf;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.device.cuda.CudaDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.device.cuda.CudaDriver;
import org.loopnest.internal.opencl.OpenCl;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.examples.weather.ColumnFields;
import org.loopnest.examples.weather.ColumnNest;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.perf.ratio.AutoSplitRegret;
import org.loopnest.perf.ratio.ClusterDataLocalBytes;
import org.loopnest.perf.ratio.ClusterFilesScaling;
import org.loopnest.perf.ratio.ClusterScaling;
import org.loopnest.perf.ratio.ColumnCapeRatio;
import org.loopnest.perf.ratio.LevelCheckCost;
import org.loopnest.perf.ratio.CompiledDeviceThroughput;
import org.loopnest.perf.ratio.CpuCopyRatio;
import org.loopnest.perf.ratio.FileStreamRatio;
import org.loopnest.perf.ratio.JvmKernelCompile;
import org.loopnest.perf.ratio.RatioRun;
import org.loopnest.perf.ratio.Rounds;
import org.loopnest.perf.ratio.SerializerRatio;
import org.loopnest.perf.ratio.SimOutOfCore;
import org.loopnest.perf.ratio.SimOverlap;
import org.loopnest.perf.ratio.VectorPowRatio;
import org.loopnest.perf.ratio.WeatherFilesRatio;
import org.loopnest.perf.ratio.WeatherHandVectorRatio;
import org.loopnest.perf.ratio.WeatherNumpyRatio;
import org.loopnest.perf.ratio.WeatherSpeedRatio;

/** The measurements {@link BenchMain} runs, in order, at full or quick size. */
final class Suite {
    private Suite() {
    }

    /**
     * The weather and copy speed ratios, the JVM target's compile times of the weather body, the simulated overlap
     * at B = 1, 2, 3 (and the speedup of B = 2 over a one-engine sim and over B = 1), the simulated out-of-core
     * ratio, the serializer ratio, the scaling from one local worker node to two,
     * the throughput rows of {@code opencl:0} and {@code cuda:0} where those devices are present, the file rows
     * (a raw file copied against {@code cp}, the weather loop over files against over arrays), and the data-local
     * worker rows (the coordinator's socket bytes of a file-to-file run on two nodes; the weather loop over files on
     * one node against two, over loopback and behind a simulated link, against the link model).
     *
     * @param fileBytes the file {@code file-stream-ratio} copies, in bytes, or 0 for its default
     */
    static List<RatioRun> of(boolean quick, long fileBytes) {
        List<RatioRun> runs = new ArrayList<>(List.of(quick ? WeatherSpeedRatio.quick() : WeatherSpeedRatio.full(),
                quick ? WeatherHandVectorRatio.quick() : WeatherHandVectorRatio.full(),
                quick ? WeatherNumpyRatio.quick() : WeatherNumpyRatio.full(),
                quick ? VectorPowRatio.quick() : VectorPowRatio.full(),
                quick ? CpuCopyRatio.quick() : CpuCopyRatio.full(),
                quick ? JvmKernelCompile.quick() : JvmKernelCompile.full(), simOverlap(quick), balancedOverlap(quick),
                simOutOfCore(quick),
                quick ? SerializerRatio.quick() : SerializerRatio.full(),
                quick ? ClusterScaling.quick() : ClusterScaling.full(),
                quick ? ColumnCapeRatio.quick() : ColumnCapeRatio.full(),
                quick ? LevelCheckCost.quick() : LevelCheckCost.full(), columnOverlap(quick)));
        Rounds rounds = quick ? new Rounds(0, 1) : new Rounds(1, 5);
        if (OpenCl.discover().available()) {
            runs.add(new CompiledDeviceThroughput("opencl", () -> OpenClDevice.open(0), (quick ? 4L : 64L) << 20,
                    quick ? WeatherFields.synthetic(4, 7, 10, 12, 3) : WeatherFields.synthetic(16, 7, 91, 180, 3),
                    rounds));
        }
        if (CudaDriver.availability().available()) {
            runs.add(new CompiledDeviceThroughput("cuda", () -> CudaDevice.open(0), (quick ? 4L : 256L) << 20,
                    quick ? WeatherFields.synthetic(4, 7, 10, 12, 3) : WeatherFields.synthetic(64, 7, 91, 180, 3),
                    rounds));
        }
        runs.add(autoSplitRegret(quick));
        runs.add(quick ? FileStreamRatio.quick(fileBytes) : FileStreamRatio.full(fileBytes));
        runs.add(quick ? WeatherFilesRatio.quick() : WeatherFilesRatio.full());
        runs.add(quick ? ClusterDataLocalBytes.quick() : ClusterDataLocalBytes.full());
        runs.add(quick ? ClusterFilesScaling.quick() : ClusterFilesScaling.full());
        return runs;
    }

    /**
     * The automatic split against a sweep of explicit ones, weather nest 8 × 7 × 91 × 180 (0.9 million points, 7 MB
     * in, 29 MB out; a tiny grid when quick): on sims with a 0.05, 0.25 and 2 GB/s link each way (10 µs latency,
     * kernel capped at {@value #REGRET_SIM_RATE} iterations/s, below the Java body's own speed on two cores, so that
     * the cap sets the kernel's time; 64 MiB of memory): copy-out-bound, balanced and kernel-bound; and on
     * {@code opencl:0} where present.
     */
    private static AutoSplitRegret autoSplitRegret(boolean quick) {
        List<AutoSplitRegret.Target> targets = new ArrayList<>();
        for (long mbps : new long[] {50, 250, 2000}) {
            long bandwidth = mbps * 1_000_000L;
            targets.add(new AutoSplitRegret.Target("sim-" + mbps + "MBps", () -> new SimDevice(SimConfig
                    .builder().name("sim-" + mbps + "MBps").bandwidth(bandwidth)
                    .latency(Duration.ofNanos(10_000)).kernelRate(REGRET_SIM_RATE).build())));
        }
        if (OpenCl.discover().available()) {
            targets.add(new AutoSplitRegret.Target("opencl", () -> OpenClDevice.open(0)));
        }
        WeatherFields fields = quick ? WeatherFields.synthetic(4, 2, 8, 16, 9) : WeatherFields.synthetic(8, 7, 91,
                180, 9);
        return new AutoSplitRegret(fields, targets, quick ? new Rounds(0, 1) : new Rounds(1, 3));
    }

    /** Iterations per second of the sims' kernel in {@code auto-split-regret}. */
    static final double REGRET_SIM_RATE = 2e6;

    /**
     * The weather nest, automatic split, on a sim with a 2 GB/s link each way and 10 µs latency: 16 × 7 × 91 × 180
     * points (1.8 million, 59 MB in + out) out of core and in core; a tiny grid when quick.
     */
    private static SimOutOfCore simOutOfCore(boolean quick) {
        WeatherFields fields = quick ? WeatherFields.synthetic(4, 2, 8, 16, 5) : WeatherFields.synthetic(16, 7, 91,
                180, 5);
        return new SimOutOfCore(fields, 2_000_000_000L, Duration.ofNanos(10_000), quick ? new Rounds(0, 1)
                : new Rounds(2, 11));
    }

    /**
     * The weather nest split per time step, as in the paper ({@code d = 1}): 24 chunks of 7 levels of a 23 × 36
     * grid (the 46 × 72 sample grid at half resolution); 16 tiny chunks when quick.
     */
    private static SimOverlap simOverlap(boolean quick) {
        WeatherFields fields = quick ? WeatherFields.synthetic(16, 2, 4, 8, 7) : WeatherFields.synthetic(24, 7, 23,
                36, 7);
        String workload = "weather nest t,z,y,x = " + fields.shape();
        return new SimOverlap(workload, () -> WeatherNest.nest(fields), 1, Duration.ofMillis(quick ? 1 : 2),
                quick ? new Rounds(0, 1) : new Rounds(1, 5));
    }

    /**
     * The weather example's column nest for the overlap rows (suffix {@code -columns}): 24 time steps of 23 × 36
     * columns on 7 levels, split per time step (24 chunks of whole columns; 16 tiny chunks when quick).
     */
    private static SimOverlap columnOverlap(boolean quick) {
        WeatherFields fields = quick ? WeatherFields.synthetic(16, 2, 4, 8, 7) : WeatherFields.synthetic(24, 7, 23,
                36, 7);
        String workload = "column nest t,y,x over z = " + fields.shape();
        return new SimOverlap(workload, "-columns", () -> ColumnNest.nest(fields, new ColumnFields(fields.shape()),
                MissingMarkers.NONE), 1, Duration.ofMillis(quick ? 1 : 2), quick ? new Rounds(0, 1) : new Rounds(1, 5));
    }

    /**
     * A balanced nest for the overlap rows (suffix {@code -balanced}): one float input and one float output of the
     * same size, body {@code o = a * 2.0f;}, 24 rows of 16 384 split per row (24 chunks; 16 × 256 when quick), so
     * that copy-in, kernel (capped by calibration) and copy-out take the same simulated time per chunk: the case
     * where two buffers each way keep all three engines busy (bound on the speedup over one engine at a time: 3).
     */
    private static SimOverlap balancedOverlap(boolean quick) {
        BalancedNest balanced = quick ? new BalancedNest(16, 256) : new BalancedNest(24, 16384);
        return new SimOverlap(balanced.describe(), "-balanced", balanced::nest, 1, Duration.ofMillis(quick ? 1 : 8),
                quick ? new Rounds(0, 1) : new Rounds(1, 5));
    }
}

package org.loopnest.internal.scheduler;

import java.time.Duration;
import org.loopnest.device.DeviceCosts;
import org.loopnest.report.RunPrediction;
import org.loopnest.report.Stage;

/**
 * Predicts a run's wall time from a device's {@link DeviceCosts} and a {@link RunShape}; see docs/MODEL.md,
 * "Chunk sizes from a cost model".
 *
 * <p>Per chunk of {@code i} iterations moving {@code b_in} and {@code b_out} bytes, each engine takes
 * {@code t_in = h + L + b_in / W_in}, {@code t_k = h + i / R}, {@code t_out = h + L + b_out / W_out} ({@code h} the
 * per-chunk cost, {@code L} the copy latency; a direction with infinite bandwidth copies nothing and costs 0; an
 * unknown kernel rate {@code R} counts as {@code t_k = h}, which still ranks splits by their fixed costs, but the
 * prediction then does not {@linkplain RunPrediction#coversKernel() cover the kernel} and the report shows no time). With {@code B} buffer sets, each held by a chunk through
 * all three engines, chunks leave the pipeline one period {@code p = max(t_in, t_k, t_out, (t_in + t_k + t_out) / B)}
 * apart, and {@code T = setup + fill + steady + drain}: setup copies the resident bytes once, fill is the engines
 * before the slowest one {@code s} for the first chunk, steady is {@code (n − 1) · p + t_s(last)}, drain is the
 * engines after {@code s} for the last chunk; for {@code B = 1} this is {@code n · (t_in + t_k + t_out)}.
 * Stateless; any thread.
 */
public final class CostModel {
    private CostModel() {
    }

    /**
     * {@return the predicted time of running {@code shape} on a device with {@code costs}}
     *
     * @param costs the device's costs
     * @param shape the candidate run
     */
    public static RunPrediction predict(DeviceCosts costs, RunShape shape) {
        String basis = "costs " + costs.source() + (costs.kernelRateKnown() ? "" : "; kernel rate unknown: only its "
                + "per-chunk cost counted");
        double[] full = engines(costs, shape.iterations(), shape.inputBytes(), shape.outputBytes());
        Duration setup = seconds(copy(costs, shape.residentBytes(), costs.copyInBytesPerSecond()));
        if (shape.chunks() == 0) {
            return new RunPrediction(setup, Duration.ZERO, Duration.ZERO, Duration.ZERO, Stage.KERNEL,
                    seconds(full[0]), seconds(full[1]), seconds(full[2]), basis, costs.kernelRateKnown());
        }
        double scale = shape.iterations() == 0 ? 1 : (double) shape.lastIterations() / shape.iterations();
        double[] last = engines(costs, shape.lastIterations(), Math.round(shape.inputBytes() * scale),
                Math.round(shape.outputBytes() * scale));
        int s = slowest(full);
        // a chunk holds an input buffer from copy-in to the kernel's end, an output buffer from the kernel's start
        // to copy-out's end: each ring lets at most its count of chunks be in those stages at once
        double period = Math.max(full[s], Math.max((full[0] + full[1]) / shape.buffers().in(),
                (full[1] + full[2]) / shape.buffers().out()));
        double fill = 0;
        double drain = 0;
        for (int j = 0; j < 3; j++) {
            if (j < s) {
                fill += full[j];
            } else if (j > s) {
                drain += last[j];
            }
        }
        double steady = (shape.chunks() - 1) * period + last[s];
        return new RunPrediction(setup, seconds(fill), seconds(steady), seconds(drain), STAGES[s], seconds(full[0]),
                seconds(full[1]), seconds(full[2]), basis, costs.kernelRateKnown());
    }

    private static final Stage[] STAGES = {Stage.COPY_IN, Stage.KERNEL, Stage.COPY_OUT};

    /** Seconds of copy-in, kernel and copy-out for one chunk. */
    private static double[] engines(DeviceCosts costs, long iterations, long in, long out) {
        double h = costs.perChunk().toNanos() / 1e9;
        double kernel = h + (costs.kernelRateKnown() ? iterations / costs.kernelIterationsPerSecond() : 0);
        return new double[] {withFixed(h, copy(costs, in, costs.copyInBytesPerSecond())), kernel,
                withFixed(h, copy(costs, out, costs.copyOutBytesPerSecond()))};
    }

    /** A copy's latency plus its bytes over the bandwidth; 0 for a direction that copies nothing. */
    private static double copy(DeviceCosts costs, long bytes, double bytesPerSecond) {
        if (bytes == 0 || Double.isInfinite(bytesPerSecond)) {
            return 0;
        }
        return costs.copyLatency().toNanos() / 1e9 + bytes / bytesPerSecond;
    }

    private static double withFixed(double h, double copy) {
        return copy == 0 ? 0 : h + copy;
    }

    private static int slowest(double[] t) {
        int s = 0;
        for (int j = 1; j < t.length; j++) {
            if (t[j] > t[s]) {
                s = j;
            }
        }
        return s;
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}

package org.loopnest.internal.scheduler;

import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.loopnest.device.DeviceCosts;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * The kernel's rate the cost model uses, learnt per process from finished runs: for a body in the kernel language
 * on a device (by name), iterations ÷ the run's kernel busy time. A device's own figure gives way to a measured one
 * that is slower (a simulated device's rate is a cap: the Java body may be slower than it). Stateless apart from the
 * process-wide table; any thread.
 *
 * <p><b>Pitfall.</b> A run's kernel busy time covers queueing behind the previous chunk's kernel, so the estimate is a
 * lower bound of the rate on a device with one kernel engine, and the first run of a body on a device plans with
 * the device's own figure (or none).
 */
public final class KernelRates {
    /** Runs shorter than this in kernel time teach nothing (noise). */
    static final long MIN_KERNEL_NANOS = 1_000_000;

    private static final ConcurrentMap<String, Double> LEARNT = new ConcurrentHashMap<>();

    private KernelRates() {
    }

    /**
     * Records what a finished run measured.
     *
     * @param device the device's name (the run's only device)
     * @param body   the run's body in the kernel language, or {@code null} (nothing is recorded)
     * @param report the run's report
     */
    public static void record(String device, DeviceCode body, RunReport report) {
        recordKernel(device, body, report.iterations(), report.busy().get(Stage.KERNEL).toNanos());
    }

    /**
     * Records a kernel time measured during a run, e.g. on its first chunk ({@link Replan}): the rate
     * {@code iterations ÷ nanos} replaces what was learnt for the body on the device. A measurement shorter than
     * {@value #MIN_KERNEL_NANOS} ns teaches nothing and is ignored, as is one without a body.
     *
     * @param device     the device's name
     * @param body       the run's body in the kernel language, or {@code null}
     * @param iterations iterations the kernel ran
     * @param nanos      its time in nanoseconds
     * @throws IllegalArgumentException if {@code iterations} or {@code nanos} is negative
     */
    public static void recordKernel(String device, DeviceCode body, long iterations, long nanos) {
        if (iterations < 0 || nanos < 0) {
            throw new IllegalArgumentException("iterations = " + iterations + ", nanos = " + nanos
                    + " (expected: both >= 0)");
        }
        if (body != null && iterations > 0 && nanos >= MIN_KERNEL_NANOS) {
            LEARNT.put(key(device, body), iterations * 1e9 / nanos);
        }
    }

    /**
     * {@return {@code costs} with the learnt rate when one is known and the device's own is unknown or faster}
     *
     * @param device the device's name
     * @param body   the run's body, or {@code null}
     * @param costs  the device's costs
     */
    public static DeviceCosts apply(String device, DeviceCode body, DeviceCosts costs) {
        Double learnt = body == null ? null : LEARNT.get(key(device, body));
        if (learnt == null || (costs.kernelRateKnown() && costs.kernelIterationsPerSecond() <= learnt)) {
            return costs;
        }
        return costs.withKernelRate(learnt, costs.source() + String.format(Locale.ROOT, ", kernel rate %.3g it/s "
                + "from the last run of this body", learnt));
    }

    /**
     * {@return {@code costs} as {@link #apply} makes them, if present}
     *
     * @param device the device's name
     * @param body   the run's body, or {@code null}
     * @param costs  the device's costs, or empty
     */
    public static Optional<DeviceCosts> apply(String device, DeviceCode body, Optional<DeviceCosts> costs) {
        return costs.map(c -> apply(device, body, c));
    }

    private static String key(String device, DeviceCode body) {
        return device + '\u0000' + body.name() + '\u0000' + body.body() + '\u0000' + body.helpers();
    }
}

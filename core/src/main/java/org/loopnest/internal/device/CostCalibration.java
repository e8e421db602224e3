package org.loopnest.internal.device;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.HostStaging;
import org.loopnest.error.LoopNestException;

/**
 * Measures a device's copy costs through the {@link Device} SPI, once per process per device (name and
 * description): {@value #ROUNDS} copies each way of {@value #SMALL_BYTES} bytes (or half the largest allocation, if
 * less) and of a large block (up to {@value #LARGE_BYTES} bytes, a quarter of the device's memory and the largest
 * allocation at most, and no more than the small copies' rate moves in {@value #LARGE_COPY_MILLIS} ms), the fastest of
 * each kept; the bandwidth is
 * the slope between the two sizes. The per-chunk cost is the dearest copy engine's round trip of a copy of almost
 * nothing ({@link ChunkCalibration}, both engines at once), and the latency what is left of the small copy beyond
 * that and its bytes; the kernel's rate stays unknown. Well under a second on PoCL and on a GPU.
 *
 * <p><b>Threading.</b> Any thread; a device is measured at most once at a time per key, and the result (or the
 * absence of one, when the measurement failed) is kept for the life of the process. <b>Failure.</b> A device that
 * cannot allocate or copy gives empty, and the planner keeps its fixed rule.
 */
public final class CostCalibration {
    /** Bytes of the small copies. */
    public static final long SMALL_BYTES = 64L << 10;
    /** Bytes of the large copies, at most. */
    public static final long LARGE_BYTES = 8L << 20;
    /** Copies of each size and direction. */
    public static final int ROUNDS = 3;
    /** Milliseconds one large copy should take, at the small copies' rate: bounds the time on a slow link. */
    public static final long LARGE_COPY_MILLIS = 10;
    /** Microseconds per chunk per engine assumed when the round trips cannot be measured. */
    public static final long PER_CHUNK_MICROS = 20;

    private static final ConcurrentMap<String, Optional<DeviceCosts>> MEASURED = new ConcurrentHashMap<>();

    private CostCalibration() {
    }

    /**
     * {@return the device's costs, measured on the first call for its name and description and kept}
     *
     * @param device an open device that is not host-addressable
     */
    public static Optional<DeviceCosts> cached(Device device) {
        return MEASURED.computeIfAbsent(key(device.info()), key -> measure(device));
    }

    /**
     * {@return whether {@link #cached} would answer without measuring}
     *
     * @param device a device
     */
    public static boolean isCached(Device device) {
        return MEASURED.containsKey(key(device.info()));
    }

    private static String key(DeviceInfo info) {
        return info.name() + "|" + info.description();
    }

    /**
     * {@return the device's costs, measured now}, or empty if it could not allocate or copy
     *
     * @param device an open device
     */
    public static Optional<DeviceCosts> measure(Device device) {
        return measure(device, LARGE_BYTES, ChunkCalibration.PHASE_MILLIS, "once per process");
    }

    /**
     * {@return the device's costs, measured now with large copies of at most {@code largeCap} bytes}, or empty if it
     * could not allocate or copy. The large copy is also cut to what the small copies' rate moves in
     * {@value #LARGE_COPY_MILLIS} ms (at least twice the small one), so that a slow link is measured in a bounded
     * time.
     *
     * @param device      an open device
     * @param largeCap    the most bytes of the large copies
     * @param phaseMillis the most milliseconds of each phase of the round trips ({@link ChunkCalibration})
     * @param scope       how long the result is kept, for the report (e.g. "once per connection")
     */
    public static Optional<DeviceCosts> measure(Device device, long largeCap, long phaseMillis, String scope) {
        long start = System.nanoTime();
        // never past the largest allocation: a worker node's is its frame limit, which the connection enforces
        long most = Math.min(Math.min(largeCap, device.info().maxAllocationBytes()), Math.max(2 * SMALL_BYTES,
                device.info().memoryBytes() / 4));
        long small = Math.min(SMALL_BYTES, most / 2);
        if (small < 1) {
            return Optional.empty();
        }
        try (HostStaging host = device.allocateStaging(most); DeviceBuffer buffer = device.allocate(most)) {
            double[] in = new double[2];
            double[] out = new double[2];
            in[0] = fastest(device, host.buffer(), buffer, small, true);
            out[0] = fastest(device, host.buffer(), buffer, small, false);
            double roughRate = small / Math.max(in[0], out[0]);
            long large = Math.max(2 * small, Math.min(most, (long) (roughRate * LARGE_COPY_MILLIS / 1e3)));
            long[] sizes = {small, large};
            in[1] = fastest(device, host.buffer(), buffer, large, true);
            out[1] = fastest(device, host.buffer(), buffer, large, false);
            double wIn = bandwidth(in, sizes);
            double wOut = bandwidth(out, sizes);
            Duration perChunk = ChunkCalibration.measure(device, true, false, phaseMillis)
                    .map(ChunkCalibration.EngineCosts::dearest)
                    .orElse(Duration.ofNanos(PER_CHUNK_MICROS * 1000));
            double h = perChunk.toNanos() / 1e9;
            double latency = Math.max(0, Math.min(in[0] - small / wIn, out[0] - small / wOut) - h);
            return Optional.of(new DeviceCosts(perChunk, Duration.ofNanos(Math.round(latency * 1e9)), wIn, wOut, 0,
                    String.format(java.util.Locale.ROOT, "measured (copies each way, %.1f µs per chunk, in %.0f ms, "
                            + "%s)", h * 1e6, (System.nanoTime() - start) / 1e6, scope)));
        } catch (LoopNestException | IllegalStateException | IllegalArgumentException | CompletionException e) {
            return Optional.empty(); // the fixed rule serves a device that cannot be measured
        }
    }

    /** Seconds of the fastest of {@value #ROUNDS} copies of {@code bytes} in one direction. */
    private static double fastest(Device device, ByteBuffer host, DeviceBuffer buffer, long bytes, boolean in) {
        long best = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            long t0 = System.nanoTime();
            (in ? device.copyIn(host, buffer, bytes) : device.copyOut(buffer, host, bytes)).join();
            best = Math.min(best, System.nanoTime() - t0);
        }
        return Math.max(1, best) / 1e9;
    }

    /** Bytes per second: the slope between the small and the large copy, or the large copy's rate if noise hid it. */
    private static double bandwidth(double[] seconds, long[] sizes) {
        double slope = seconds[1] - seconds[0];
        return slope > 0 ? (sizes[1] - sizes[0]) / slope : sizes[1] / seconds[1];
    }
}

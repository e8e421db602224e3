package org.loopnest.internal.device;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;
import org.loopnest.device.Launch;
import org.loopnest.index.Chunk;

/**
 * Measures the fixed cost a chunk pays on each of a device's engines, whatever its size: the round trip of one
 * operation that moves (almost) nothing — a copy of {@value #COPY_BYTES} bytes each way, an empty launch of no
 * iterations — from the thread that asks to the thread that hears it is done, as a pipeline stage asks its engine.
 * The engines are measured at once, each from a thread of its own ({@value #WARM_UP} round trips to warm up, then
 * {@value #ROUNDS} timed, each phase cut short after {@value #PHASE_MILLIS} ms), so that they contend for the cores
 * as a pipeline's do; each engine's figure is the fastest mean of its batches of {@value #BATCH} timed rounds. At most about {@code 2 ×}
 * {@value #PHASE_MILLIS} ms, whatever the device (a slow simulated link times fewer rounds).
 *
 * <p>What it leaves out: the pipeline's own hand-offs between its stages (serialize and deserialize, the rings),
 * which depend on the scheduler and not on the device. Devices add what is theirs to subtract (a simulated link's
 * configured latency, which is a copy's cost, not a chunk's).
 *
 * <p><b>Threading.</b> Any thread; {@link #measure} of several engines starts one short-lived thread per engine and
 * joins them before it returns (one engine is timed on the calling thread). {@link #cached} measures at most once per
 * key for the life of the process. <b>Failure.</b> A device that cannot allocate, copy or launch (any exception, or
 * a round trip over {@value #TIMEOUT_SECONDS} s) gives empty, and the caller keeps an assumed figure: a calibration
 * never fails a run.
 */
public final class ChunkCalibration {
    /** Round trips timed per engine. */
    public static final int ROUNDS = 200;
    /** Round trips per timed batch; an engine's figure is its fastest batch's mean. */
    public static final int BATCH = 20;
    /** Round trips per engine before timing (interpreter and JIT warm-up). */
    public static final int WARM_UP = 200;
    /** Most milliseconds of warm-up, and of timed round trips, per engine. */
    public static final long PHASE_MILLIS = 40;
    /** Longest wait for one round trip. */
    public static final long TIMEOUT_SECONDS = 5;
    /** Bytes of each calibration copy. */
    public static final long COPY_BYTES = 8;

    private static final ConcurrentMap<String, Optional<EngineCosts>> MEASURED = new ConcurrentHashMap<>();

    private ChunkCalibration() {
    }

    /**
     * What one round trip costs on each engine measured; {@code null} for an engine not measured.
     *
     * @param copyIn  a copy-in's round trip
     * @param kernel  an empty launch's round trip
     * @param copyOut a copy-out's round trip
     */
    public record EngineCosts(Duration copyIn, Duration kernel, Duration copyOut) {
        /** {@return the dearest of the engines measured, {@link Duration#ZERO} if none} */
        public Duration dearest() {
            Duration max = Duration.ZERO;
            for (Duration d : new Duration[] {copyIn, kernel, copyOut}) {
                if (d != null && d.compareTo(max) > 0) {
                    max = d;
                }
            }
            return max;
        }

        /** {@return these costs with {@code copy} taken off each copy's (at least zero)}, e.g. a configured latency */
        public EngineCosts lessCopyCost(Duration copy) {
            return new EngineCosts(less(copyIn, copy), kernel, less(copyOut, copy));
        }

        private static Duration less(Duration d, Duration minus) {
            return d == null ? null : d.minus(minus).isNegative() ? Duration.ZERO : d.minus(minus);
        }
    }

    /**
     * {@return what {@code measure} gives, measured on the first call for {@code key} and kept for the process}
     *
     * @param key     what identifies the device's kind (e.g. its name and description)
     * @param measure the measurement, run at most once per key
     */
    public static Optional<EngineCosts> cached(String key, Supplier<Optional<EngineCosts>> measure) {
        return MEASURED.computeIfAbsent(key, k -> measure.get());
    }

    /**
     * {@return whether {@link #cached} would answer {@code key} without measuring}
     *
     * @param key the key
     */
    public static boolean isCached(String key) {
        return MEASURED.containsKey(key);
    }

    /**
     * {@return the round trips of {@code device}'s engines, measured now}, or empty if it could not allocate, copy or
     * launch
     *
     * @param device  an open device
     * @param copies  whether to measure the copy engines (not on a host-addressable device: it copies nothing)
     * @param kernels whether to measure the kernel engine (only a device that runs Java kernels: an empty launch of
     *                a compiled device would need a compiled kernel)
     */
    public static Optional<EngineCosts> measure(Device device, boolean copies, boolean kernels) {
        return measure(device, copies, kernels, PHASE_MILLIS);
    }

    /**
     * {@link #measure(Device, boolean, boolean)} with each phase (warm-up, timed) cut after {@code phaseMillis}
     * instead of {@value #PHASE_MILLIS} ms, for a device whose round trips are long (a worker node's connection).
     *
     * @param device      an open device
     * @param copies      whether to measure the copy engines
     * @param kernels     whether to measure the kernel engine
     * @param phaseMillis the most milliseconds of warm-up, and of timed round trips, per engine (at least 1)
     * @return the round trips, or empty
     * @throws IllegalArgumentException if {@code phaseMillis} is below 1
     */
    public static Optional<EngineCosts> measure(Device device, boolean copies, boolean kernels, long phaseMillis) {
        if (phaseMillis < 1) {
            throw new IllegalArgumentException("phaseMillis = " + phaseMillis + " (expected: >= 1)");
        }
        try (HostStaging host = copies ? device.allocateStaging(COPY_BYTES) : null;
             DeviceBuffer buffer = copies ? device.allocate(COPY_BYTES) : null) {
            List<Supplier<CompletableFuture<Void>>> engines = new ArrayList<>();
            if (copies) {
                ByteBuffer staging = host.buffer();
                engines.add(() -> device.copyIn(staging, buffer, COPY_BYTES));
            }
            if (kernels) {
                engines.add(() -> device.launch(EMPTY));
            }
            if (copies) {
                ByteBuffer staging = host.buffer();
                engines.add(() -> device.copyOut(buffer, staging, COPY_BYTES));
            }
            Duration[] each = roundTrips(device.info().name(), engines, phaseMillis);
            int i = 0;
            Duration in = copies ? each[i++] : null;
            Duration kernel = kernels ? each[i++] : null;
            Duration out = copies ? each[i] : null;
            return Optional.of(new EngineCosts(in, kernel, out));
        } catch (RuntimeException e) {
            return Optional.empty(); // whatever went wrong, an assumed figure serves: a calibration fails no run
        }
    }

    /** Each engine's round trip, all engines at once, one thread each; one engine on the calling thread. */
    private static Duration[] roundTrips(String device, List<Supplier<CompletableFuture<Void>>> engines,
                                         long phaseMillis) {
        if (engines.size() == 1) { // nothing to contend with: no thread of its own (a CPU device's launches)
            return new Duration[] {Duration.ofNanos(time(engines.get(0), phaseMillis))};
        }
        long[] nanos = new long[engines.size()];
        RuntimeException[] failed = new RuntimeException[engines.size()];
        List<Thread> threads = new ArrayList<>();
        for (int e = 0; e < engines.size(); e++) {
            int which = e;
            Thread t = new Thread(() -> {
                try {
                    nanos[which] = time(engines.get(which), phaseMillis);
                } catch (RuntimeException ex) {
                    failed[which] = ex;
                }
            }, "loopnest-" + device + "-calibration-" + e); // ThreadNames' form; they end before measure returns
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        joinAll(threads);
        Duration[] each = new Duration[engines.size()];
        for (int e = 0; e < each.length; e++) {
            if (failed[e] != null) {
                throw failed[e];
            }
            each[e] = Duration.ofNanos(nanos[e]);
        }
        return each;
    }

    /**
     * Nanoseconds of one round trip: after up to {@value #WARM_UP} untimed round trips, the fastest batch mean of up
     * to {@value #ROUNDS} timed ones in batches of {@value #BATCH} (a batch that a collection, a compilation or another
     * process interrupted is not the device's cost), each phase stopped after {@value #PHASE_MILLIS} ms (at least one
     * timed batch).
     */
    private static long time(Supplier<CompletableFuture<Void>> engine, long phaseMillis) {
        long phase = TimeUnit.MILLISECONDS.toNanos(phaseMillis);
        long warm = System.nanoTime() + phase;
        for (int i = 0; i < WARM_UP && System.nanoTime() < warm; i++) {
            join(engine.get());
        }
        long start = System.nanoTime();
        long best = Long.MAX_VALUE;
        for (int done = 0; done < ROUNDS && (done == 0 || System.nanoTime() - start < phase); done += BATCH) {
            long t0 = System.nanoTime();
            for (int i = 0; i < BATCH; i++) {
                join(engine.get());
            }
            best = Math.min(best, (System.nanoTime() - t0) / BATCH);
        }
        return best;
    }

    /** Waits for one round trip, at most {@value #TIMEOUT_SECONDS} s: a device that never answers fails the measurement. */
    private static void join(CompletableFuture<Void> done) {
        try {
            done.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("a calibration round trip took over " + TIMEOUT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while calibrating");
        }
    }

    private static void joinAll(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true; // the threads end on their own: their round trips complete
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A launch of no iterations: the hand-off to the kernel engine and back, no work (and no simulated time). */
    private static final Launch EMPTY = new Launch() {
        private final Chunk chunk = new Chunk(0, 0, 1, 0, 0);

        @Override
        public Chunk chunk() {
            return chunk;
        }

        @Override
        public void run(long from, long to) {
        }

        @Override
        public boolean cancelled() {
            return false;
        }
    };
}

package org.loopnest.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.device.DeviceCosts;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.kernel.DeviceCode;

/**
 * {@link Replan}: the plan stands while the first chunk's kernel is within a factor 2 of the estimate; off by more,
 * either way, the rest is re-grouped into the smaller chunks the model prefers at the measured rate, or the planned
 * group stays where the model would want larger chunks (they would not fit the buffers); the group never grows.
 */
class ReplanTest {
    private static final int ROWS = 256;
    private static final int COLS = 4096;
    private static final IndexSpace SPACE = IndexSpace.of(ROWS, COLS);
    private static final List<ArrayBinding> ARRAYS = List.of(
            ArrayBinding.of("a", Role.IN, new float[ROWS * COLS], SPACE),
            ArrayBinding.of("b", Role.OUT, new float[ROWS * COLS], SPACE));
    /** 16 chunks of 16 rows (65 536 iterations, 256 KiB each way). */
    private static final Split PLANNED = SPACE.split(1, 16);
    private static final long CHUNK = PLANNED.maxChunkIterations();

    /** 1 GB/s each way (a 16-row chunk copies in 0.26 ms), {@code perChunk} ns per chunk, a kernel estimated at
     * {@code rate}. */
    private static Replan.Planned plan(long perChunk, double rate) {
        return new Replan.Planned(ARRAYS, new DeviceCosts(Duration.ofNanos(perChunk), Duration.ZERO, 1e9, 1e9, rate,
                "hand-made"), PLANNED, BufferCounts.both(2));
    }

    private static Replan.Planned plan(double rate) {
        return plan(20_000, rate);
    }

    /** Nanoseconds of a first chunk run at {@code rate} iterations per second. */
    private static long at(double rate) {
        return Math.round(CHUNK * 1e9 / rate);
    }

    @Test
    void shouldKeepThePlanWithinAFactorTwoEitherWay() {
        for (double measured : new double[] {1e9, 0.51e9, 1.99e9}) {
            Replan.Decision d = Replan.decide(plan(1e9), CHUNK, at(measured), 16);
            assertTrue(d.keep(), d.reason());
            assertEquals(16, d.group());
            assertNull(d.prediction());
            assertTrue(d.reason().endsWith("within a factor 2, the plan stands"), d.reason());
        }
    }

    @Test
    void shouldRegroupIntoSmallerChunksWhenTheKernelIsMuchSlowerThanEstimated() {
        // planned for a kernel far faster than the link (copy-bound); it takes 0.5 ms a chunk, twice the copies: the
        // run is now kernel-bound, and with chunks cheap (1 µs) smaller ones shorten the first copy-in and the last
        // copy-out that nothing overlaps
        Replan.Decision d = Replan.decide(plan(1000, 1e10), CHUNK, 500_000, 16);
        assertFalse(d.keep(), d.reason());
        assertTrue(d.group() >= 1 && d.group() < 16, d.reason() + " (expected: a group below 16)");
        assertTrue(d.reason().contains("re-grouped from r = 16 to r = " + d.group() + " at d = 1"), d.reason());
        assertTrue(d.prediction().total().compareTo(Replan.decide(plan(1000, 0), CHUNK, 500_000, 16).prediction()
                .total()) == 0, "the estimate plays no part once replaced");
    }

    @Test
    void shouldRegroupWhenTheKernelIsMuchFasterThanEstimatedAndSmallerChunksPay() {
        // planned for a slow kernel (kernel-bound); it runs as fast as the link: three balanced engines, where more
        // and smaller chunks shorten fill and drain while each costs only 1 µs
        Replan.Decision d = Replan.decide(plan(1000, 2.5e6), CHUNK, at(2.5e8), 16);
        assertFalse(d.keep(), d.reason());
        assertTrue(d.group() < 16, d.reason());
    }

    @Test
    void shouldKeepThePlannedGroupWhenTheKernelIsMuchFasterThanEstimatedAndLargerChunksWouldPay() {
        // the same, with 2 ms per chunk: the model would now want larger chunks, which the buffers already
        // allocated cannot hold, so the planned group stays
        Replan.Decision d = Replan.decide(plan(2_000_000, 2.5e6), CHUNK, at(2.5e8), 16);
        assertTrue(d.keep(), d.reason());
        assertEquals(16, d.group());
        assertTrue(d.reason().contains("r = 16 is still the fastest group the buffers hold"), d.reason());
    }

    @Test
    void shouldReplanWhenNoRateWasEstimatedAndNeverGrowTheGroup() {
        for (double measured : new double[] {1e5, 1e7, 1e9, 1e11}) {
            Replan.Decision d = Replan.decide(plan(0), CHUNK, at(measured), 16);
            assertTrue(d.group() <= 16, d.reason());
            assertTrue(d.reason().contains("none estimated"), d.reason());
        }
    }

    @Test
    void shouldRegroupOnlyTheOuterIterationsLeft() {
        Replan.Decision slow = Replan.decide(plan(1000, 1e10), CHUNK, 500_000, 16);
        Replan.Decision late = Replan.decide(plan(1000, 1e10), CHUNK, 500_000, 240);
        assertTrue(late.prediction().total().compareTo(slow.prediction().total()) < 0,
                late.reason() + " (expected: less left to do than " + slow.reason() + ")");
        Replan.Decision done = Replan.decide(plan(1000, 1e10), CHUNK, 500_000, 255);
        assertTrue(done.keep(), done.reason());
        assertTrue(done.reason().endsWith("1 outer iterations left: nothing to re-group"), done.reason());
    }

    @Test
    void shouldRefuseFiguresOutOfRangeNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Replan.decide(plan(1e9), CHUNK + 1, 1000, 16));
        assertEquals("iterations = 65537 (expected: 1 to 65536, the planned chunk's)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Replan.decide(plan(1e9), CHUNK, 0, 16));
        assertEquals("kernelNanos = 0 (expected: > 0)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Replan.decide(plan(1e9), CHUNK, 1000, 257));
        assertEquals("nextOuter = 257 (expected: 0 to 256)", e.getMessage());
    }

    @Test
    void shouldTeachKernelRatesWhatTheFirstChunkMeasured() {
        DeviceCode body = DeviceCode.of("b = a * 7.0f;");
        DeviceCosts unknown = plan(0).costs();
        KernelRates.recordKernel("replan-1", body, 2_000_000, 1_000_000_000);
        assertEquals(2e6, KernelRates.apply("replan-1", body, unknown).kernelIterationsPerSecond());
        KernelRates.recordKernel("replan-2", body, 10, KernelRates.MIN_KERNEL_NANOS - 1);
        assertEquals(unknown, KernelRates.apply("replan-2", body, unknown), "too short to tell");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KernelRates.recordKernel("replan-3", body, -1, 5));
        assertEquals("iterations = -1, nanos = 5 (expected: both >= 0)", e.getMessage());
    }
}

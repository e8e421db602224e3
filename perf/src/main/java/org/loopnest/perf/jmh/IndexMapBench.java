package org.loopnest.perf.jmh;

import java.util.concurrent.TimeUnit;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Iteration;
import org.loopnest.index.Split;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of recovering one iteration's index tuple in the weather nest {@code t=8 × z=7 × y=46 × x=72}: by the map f
 * ({@link IndexSpace#indices}, divisions), by the map g after a split at {@code d=1} ({@link Split#indices}), and by
 * advancing an {@link Iteration} cursor (the odometer kernels see). Each op is one tuple; a batch of
 * {@value #BATCH} consecutive iterations per call, summed so that nothing is dead code.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class IndexMapBench {
    static final int BATCH = 4096;

    private final IndexSpace space = IndexSpace.of(8, 7, 46, 72).withNames("t", "z", "y", "x");
    private final Split split = space.split(1, 1);
    private final long[] tuple = new long[space.depth()];
    private final long firstFlat = 3 * split.innerCount() + 1000;

    /** The map f: flat number → indices, one division and one remainder per loop. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long flatToIndices() {
        long sum = 0;
        for (long k = firstFlat; k < firstFlat + BATCH; k++) {
            space.indices(k, tuple);
            sum += tuple[0] + tuple[1] + tuple[2] + tuple[3];
        }
        return sum;
    }

    /** The map g: (outer e, inner id) → indices. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long splitToIndices() {
        long sum = 0;
        for (long id = 1000; id < 1000 + BATCH; id++) {
            split.indices(3, id, tuple);
            sum += tuple[0] + tuple[1] + tuple[2] + tuple[3];
        }
        return sum;
    }

    /** The cursor: one {@code next()} and four {@code index(j)} reads per iteration (one cursor per batch). */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long cursorAdvance() {
        long sum = 0;
        Iteration it = split.cursor(split.chunk(3), 1000, 1000 + BATCH);
        for (; it.valid(); it.next()) {
            sum += it.index(0) + it.index(1) + it.index(2) + it.index(3);
        }
        return sum;
    }
}

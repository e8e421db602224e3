package org.loopnest.perf.jmh;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.index.Chunk;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.ChunkPacker;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link ChunkPacker#pack} of one chunk into a direct native-order buffer, for each way an input can be laid out,
 * in the nest {@code t=4 × z=8 × y=128 × x=256} split at {@code d=2} with {@code r=8} (one time step per chunk):
 *
 * <ul>
 *   <li>{@code contiguous}: row-major {@code float[]} over all loops, one bulk copy of 1 MiB per chunk;</li>
 *   <li>{@code jagged}: {@code float[t][z][y][x]}, 1 MiB gathered as 1024 rows of 256;</li>
 *   <li>{@code strided}: {@link Holder#strided} over a {@code [t][z][x][y]} array (x and y swapped), 1 MiB gathered
 *       element by element with stride 128;</li>
 *   <li>{@code subset}: an array indexed by {@code z} only: 8 floats per chunk (the per-chunk fixed cost).</li>
 * </ul>
 *
 * Compare with {@link CopyBaselineBench}, which copies the same 1 MiB with {@code System.arraycopy}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class SerializerBench {
    static final int T = 4;
    static final int Z = 8;
    static final int Y = 128;
    static final int X = 256;

    @Param({"contiguous", "jagged", "strided", "subset"})
    private String layout;

    private ChunkPacker packer;
    private Chunk chunk;
    private ByteBuffer packed;

    /** Builds the array, its binding, the layout and the buffer. */
    @Setup
    public void setUp() {
        IndexSpace space = IndexSpace.of(T, Z, Y, X).withNames("t", "z", "y", "x");
        Split split = space.split(2, Z);
        ArrayBinding binding = switch (layout) {
            case "contiguous" -> ArrayBinding.of("a", Role.IN, filled(T * Z * Y * X), space);
            case "jagged" -> ArrayBinding.of("a", Role.IN, CopyBaselineBench.jagged(), space);
            case "strided" -> ArrayBinding.of("a", Role.IN, Holder.strided(filled(T * Z * Y * X), 0,
                    (long) Z * X * Y, (long) X * Y, 1, Y), space);
            case "subset" -> ArrayBinding.of("a", Role.IN, filled(Z), space, "z");
            default -> throw new IllegalArgumentException("layout '" + layout
                    + "' (expected: contiguous, jagged, strided or subset)");
        };
        packer = new ChunkPacker(ChunkLayout.of(split, List.of(binding)));
        chunk = split.chunk(1);
        packed = ByteBuffer.allocateDirect(Math.toIntExact(packer.layout().inputBytes())).order(ByteOrder.nativeOrder());
    }

    static float[] filled(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /** Packs chunk 1 (the second time step). */
    @Benchmark
    public ByteBuffer pack() {
        packer.pack(chunk, packed);
        return packed;
    }
}

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
 * Unpacking one chunk of an output (the deserialize stage) from a packed direct buffer into the user's array, for
 * each layout an output can have (outputs use every loop, so there is no subset case): a row-major
 * {@code float[]}, a jagged {@code float[][][][]}, and a transposed (strided) {@code float[]}. The chunk and the
 * sizes are {@link SerializerBench}'s, so the two read side by side, and against {@link CopyBaselineBench}'s
 * {@code System.arraycopy} of the same bytes.
 *
 * <pre>java -jar perf/target/benchmarks.jar UnpackBench</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class UnpackBench {
    @Param({"contiguous", "jagged", "strided"})
    private String layout;

    private ChunkPacker packer;
    private Chunk chunk;
    private ByteBuffer packed;

    /** Builds the output, its binding, the layout and a packed chunk to unpack. */
    @Setup
    public void setUp() {
        int t = SerializerBench.T;
        int z = SerializerBench.Z;
        int y = SerializerBench.Y;
        int x = SerializerBench.X;
        IndexSpace space = IndexSpace.of(t, z, y, x).withNames("t", "z", "y", "x");
        Split split = space.split(2, z);
        ArrayBinding binding = switch (layout) {
            case "contiguous" -> ArrayBinding.of("b", Role.OUT, new float[t * z * y * x], space);
            case "jagged" -> ArrayBinding.of("b", Role.OUT, CopyBaselineBench.jagged(), space);
            case "strided" -> ArrayBinding.of("b", Role.OUT, Holder.strided(new float[t * z * y * x], 0,
                    (long) z * x * y, (long) x * y, 1, y), space);
            default -> throw new IllegalArgumentException("layout '" + layout
                    + "' (expected: contiguous, jagged or strided)");
        };
        packer = new ChunkPacker(ChunkLayout.of(split, List.of(binding)));
        chunk = split.chunk(1);
        packed = ByteBuffer.allocateDirect(Math.toIntExact(packer.layout().outputBytes())).order(ByteOrder.nativeOrder());
        for (int i = 0; i < packed.capacity() / Float.BYTES; i++) {
            packed.putFloat(i * Float.BYTES, i);
        }
    }

    /** Unpacks chunk 1 (the second time step) into the array. */
    @Benchmark
    public ByteBuffer unpack() {
        packer.unpack(chunk, packed);
        return packed;
    }
}

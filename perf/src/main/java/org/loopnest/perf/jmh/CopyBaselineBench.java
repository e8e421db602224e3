package org.loopnest.perf.jmh;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The baselines for {@link SerializerBench}, each moving the same 1 MiB chunk (time step 1 of the
 * {@code 4 × 8 × 128 × 256} array) the plainest way Java allows: {@code System.arraycopy} into a {@code float[]}; a
 * bulk {@code FloatBuffer.put} into a direct native-order buffer (what packing a contiguous chunk comes down to);
 * the jagged array's 1024 rows by {@code System.arraycopy}; and the strided ({@code [t][z][x][y]}) array gathered
 * into {@code (z, y, x)} order by a plain loop over a {@code float[]}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class CopyBaselineBench {
    private static final int CHUNK = SerializerBench.Z * SerializerBench.Y * SerializerBench.X;

    private final float[] source = SerializerBench.filled(SerializerBench.T * CHUNK);
    private final float[] target = new float[CHUNK];
    private final float[][][][] jagged = jagged();
    private final FloatBuffer direct = ByteBuffer.allocateDirect(CHUNK * Float.BYTES).order(ByteOrder.nativeOrder())
            .asFloatBuffer();

    /** {@code System.arraycopy} float[] → float[]. */
    @Benchmark
    public float[] arraycopy() {
        System.arraycopy(source, CHUNK, target, 0, CHUNK);
        return target;
    }

    /** The jagged array's rows of time step 1, one {@code System.arraycopy} per row of 256. */
    @Benchmark
    public float[] jaggedRows() {
        int at = 0;
        for (float[][] byY : jagged[1]) {
            for (float[] row : byY) {
                System.arraycopy(row, 0, target, at, row.length);
                at += row.length;
            }
        }
        return target;
    }

    /** Time step 1 of the {@code [t][z][x][y]} array gathered into {@code (z, y, x)} order: stride 128 per x. */
    @Benchmark
    public float[] stridedGather() {
        int at = 0;
        int base = CHUNK;
        for (int z = 0; z < SerializerBench.Z; z++) {
            for (int y = 0; y < SerializerBench.Y; y++) {
                int from = base + z * SerializerBench.X * SerializerBench.Y + y;
                for (int x = 0; x < SerializerBench.X; x++) {
                    target[at++] = source[from + x * SerializerBench.Y];
                }
            }
        }
        return target;
    }

    static float[][][][] jagged() {
        float[][][][] a = new float[SerializerBench.T][SerializerBench.Z][SerializerBench.Y][];
        for (float[][][] byZ : a) {
            for (float[][] byY : byZ) {
                for (int y = 0; y < byY.length; y++) {
                    byY[y] = SerializerBench.filled(SerializerBench.X);
                }
            }
        }
        return a;
    }

    /** Bulk {@code FloatBuffer.put} float[] → direct buffer. */
    @Benchmark
    public FloatBuffer directPut() {
        direct.put(0, source, CHUNK, CHUNK);
        return direct;
    }
}

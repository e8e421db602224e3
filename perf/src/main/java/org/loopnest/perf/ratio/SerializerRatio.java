package org.loopnest.perf.ratio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.List;
import java.util.Locale;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.ChunkPacker;

/**
 * {@code serializer-contiguous-ratio}: {@link ChunkPacker#pack} of chunks of a row-major {@code float[]} indexed by
 * every loop (one contiguous run per chunk) into a direct native-order buffer, as the pipeline packs them, against
 * {@code System.arraycopy} of the same bytes from the same array into a {@code float[]}. Ratio = arraycopy time ÷
 * pack time = pack throughput ÷ arraycopy throughput. A bulk put of the same bytes into a direct buffer is timed
 * alongside for context (it is what pack does underneath).
 */
public final class SerializerRatio implements RatioRun {
    private final int chunkElements;
    private final int chunks;
    private final int passes;
    private final Rounds rounds;

    /**
     * @param chunkElements floats per chunk
     * @param chunks        chunks in the array (each round walks all of them, so that they are not all cached)
     * @param passes        walks over all chunks per round
     * @param rounds        warm-up and measured rounds
     */
    public SerializerRatio(int chunkElements, int chunks, int passes, Rounds rounds) {
        if (chunkElements < 1 || chunks < 1 || passes < 1) {
            throw new IllegalArgumentException("serializer sizes " + chunkElements + " × " + chunks + " × " + passes
                    + " (expected: all >= 1)");
        }
        this.chunkElements = chunkElements;
        this.chunks = chunks;
        this.passes = passes;
        this.rounds = rounds;
    }

    /** The default: chunks of 4 MiB, 16 of them (64 MiB), 4 passes, 5 + 15 rounds. */
    public static SerializerRatio full() {
        return new SerializerRatio(1 << 20, 16, 4, new Rounds(5, 15));
    }

    /** Tiny sizes for a smoke run. */
    public static SerializerRatio quick() {
        return new SerializerRatio(1 << 12, 4, 2, new Rounds(1, 3));
    }

    @Override
    public String label() {
        return "serializer";
    }

    @Override
    public List<BenchResult> run() {
        float[] source = new float[Math.multiplyExact(chunks, chunkElements)];
        for (int i = 0; i < source.length; i++) {
            source[i] = i * 0.5f;
        }
        IndexSpace space = IndexSpace.of(chunks, chunkElements).withNames("c", "i");
        Split split = space.split(1, 1);
        ChunkPacker packer = new ChunkPacker(ChunkLayout.of(split, List.of(ArrayBinding.of("a", Role.IN, source,
                space))));
        ByteBuffer packed = ByteBuffer.allocateDirect(Math.toIntExact(packer.layout().inputBytes()))
                .order(ByteOrder.nativeOrder());
        float[] copy = new float[chunkElements];
        FloatBuffer direct = ByteBuffer.allocateDirect(chunkElements * Float.BYTES).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        List<Samples> s = rounds.interleave(List.of(
                () -> forEachChunk(c -> System.arraycopy(source, c * chunkElements, copy, 0, chunkElements)),
                () -> forEachChunk(c -> packer.pack(split.chunk(c), packed)),
                () -> forEachChunk(c -> direct.put(0, source, c * chunkElements, chunkElements))));
        checkSame(source, copy, packed);
        Comparison ratio = new Comparison("System.arraycopy float[]->float[]", s.get(0),
                "ChunkPacker.pack float[]->direct ByteBuffer", s.get(1));
        return List.of(new BenchResult("serializer-contiguous-ratio", ratio.ratio(), "ratio", detail(ratio, s.get(2))));
    }

    private void forEachChunk(java.util.function.IntConsumer body) {
        for (int p = 0; p < passes; p++) {
            for (int c = 0; c < chunks; c++) {
                body.accept(c);
            }
        }
    }

    private void checkSame(float[] source, float[] copy, ByteBuffer packed) {
        int base = (chunks - 1) * chunkElements;
        for (int i = 0; i < chunkElements; i++) {
            float want = source[base + i];
            if (copy[i] != want || packed.getFloat(i * Float.BYTES) != want) {
                throw new IllegalStateException("serializer: packed chunk differs from the source at element " + i);
            }
        }
    }

    private String detail(Comparison ratio, Samples directPut) {
        long bytes = (long) passes * chunks * chunkElements * Float.BYTES;
        return String.format(Locale.ROOT, "throughput of pack / throughput of arraycopy, same bytes; chunk %d floats"
                        + " (%.1f MiB), row-major float[] indexed by all loops, %d chunks x %d passes per round;"
                        + " %s; GB/s arraycopy %.2f, pack %.2f; for context FloatBuffer.put float[]->direct %s"
                        + " (%.2f GB/s)",
                chunkElements, chunkElements * 4.0 / (1 << 20), chunks, passes, ratio.describe(),
                bytes / ratio.baseline().median(), bytes / ratio.candidate().median(), directPut.describeMillis(),
                bytes / directPut.median());
    }
}

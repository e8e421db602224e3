package org.loopnest.internal.serializer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.index.Chunk;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Iteration;
import org.loopnest.index.Split;

class ChunkPackerTest {
    private final IndexSpace space = IndexSpace.of(3, 4, 5).withNames("a", "b", "c");

    private static float value(long a, long b, long c) {
        return a * 100 + b * 10 + c;
    }

    @Test
    void shouldPackEveryLayoutSoThatSlabAddressingFindsEachElement() {
        int n = 3 * 4 * 5;
        float[] flat = new float[n];
        float[][][] jagged = (float[][][]) Array.newInstance(float.class, 3, 4, 5);
        float[] transposed = new float[n];
        float[] subset = new float[3 * 5];
        ByteBuffer bigEndian = ByteBuffer.allocate(n * 4).order(ByteOrder.BIG_ENDIAN);
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 4; b++) {
                for (int c = 0; c < 5; c++) {
                    float v = value(a, b, c);
                    flat[(a * 4 + b) * 5 + c] = v;
                    jagged[a][b][c] = v;
                    transposed[(c * 4 + b) * 3 + a] = v;
                    subset[a * 5 + c] = value(a, 0, c);
                    bigEndian.putFloat(((a * 4 + b) * 5 + c) * 4, v);
                }
            }
        }
        List<ArrayBinding> bindings = List.of(
                ArrayBinding.of("flat", Role.IN, flat, space),
                ArrayBinding.of("jagged", Role.IN, jagged, space),
                ArrayBinding.of("strided", Role.IN, Holder.strided(transposed, 0, 1, 3, 12), space),
                ArrayBinding.of("subset", Role.IN, subset, space, "a", "c"),
                ArrayBinding.of("buffer", Role.IN, Holder.of(bigEndian, ElementType.FLOAT), space));
        for (int d = 0; d < 3; d++) {
            for (long r = 1; r <= 3; r++) {
                Split split = space.split(d, r);
                ChunkLayout layout = ChunkLayout.of(split, bindings);
                ChunkPacker packer = new ChunkPacker(layout);
                ByteBuffer in = ByteBuffer.allocateDirect((int) layout.inputBytes()).order(ByteOrder.nativeOrder());
                ByteBuffer resident = ByteBuffer.allocateDirect((int) Math.max(1, layout.residentBytes()))
                        .order(ByteOrder.nativeOrder());
                packer.packResident(resident);
                for (long c = 0; c < split.chunkCount(); c++) {
                    Chunk chunk = split.chunk(c);
                    packer.pack(chunk, in);
                    for (ArrayBinding binding : bindings) {
                        Placement p = layout.placement(binding.name());
                        FloatBuffer view = (p.resident() ? resident : in).duplicate().order(ByteOrder.nativeOrder())
                                .asFloatBuffer();
                        var at = layout.addressing(p, chunk);
                        for (Iteration it = split.cursor(chunk, 0, chunk.iterations()); it.valid(); it.next()) {
                            long b = binding.name().equals("subset") ? 0 : it.index(1);
                            assertEquals(value(it.index(0), b, it.index(2)), view.get((int) at.offset(it)),
                                    binding.name() + " d=" + d + " r=" + r + " chunk " + c + " at " + it);
                        }
                    }
                }
            }
        }
    }

    @Test
    void shouldUnpackOutputsIntoFlatJaggedAndStridedHolders() {
        int n = 3 * 4 * 5;
        float[] flat = new float[n];
        float[][][] jagged = (float[][][]) Array.newInstance(float.class, 3, 4, 5);
        float[] transposed = new float[n];
        List<ArrayBinding> bindings = List.of(
                ArrayBinding.of("flat", Role.OUT, flat, space),
                ArrayBinding.of("jagged", Role.OUT, jagged, space),
                ArrayBinding.of("strided", Role.OUT, Holder.strided(transposed, 0, 1, 3, 12), space));
        Split split = space.split(1, 2);
        ChunkLayout layout = ChunkLayout.of(split, bindings);
        ChunkPacker packer = new ChunkPacker(layout);
        ByteBuffer out = ByteBuffer.allocateDirect((int) layout.outputBytes()).order(ByteOrder.nativeOrder());
        for (long c = 0; c < split.chunkCount(); c++) {
            Chunk chunk = split.chunk(c);
            FloatBuffer view = out.duplicate().order(ByteOrder.nativeOrder()).asFloatBuffer();
            for (ArrayBinding binding : bindings) {
                var at = layout.addressing(layout.placement(binding.name()), chunk);
                for (Iteration it = split.cursor(chunk, 0, chunk.iterations()); it.valid(); it.next()) {
                    view.put((int) at.offset(it), value(it.index(0), it.index(1), it.index(2)));
                }
            }
            packer.unpack(chunk, out);
        }
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 4; b++) {
                for (int c = 0; c < 5; c++) {
                    assertEquals(value(a, b, c), flat[(a * 4 + b) * 5 + c]);
                    assertEquals(value(a, b, c), jagged[a][b][c]);
                    assertEquals(value(a, b, c), transposed[(c * 4 + b) * 3 + a]);
                }
            }
        }
    }
}

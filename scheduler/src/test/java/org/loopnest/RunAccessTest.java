package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.loopnest.data.DoubleView;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.Holder;
import org.loopnest.data.IntView;
import org.loopnest.data.LongView;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Iteration;
import org.loopnest.kernel.BlockBody;
import org.loopnest.kernel.BlockKernel;

/**
 * The run accessors ({@code Iteration.run/advance}, {@code View.get(it, k)/set(it, k, v)}) reach the same elements
 * as the per-iteration ones, for every element type and holder kind, at every split, on cpu (arrays in place) and
 * sim (packed chunks), with runs walked whole and in pieces.
 */
class RunAccessTest {
    private static final long[] EXTENTS = {3, 4, 5};

    /** How the input is held: its loops ({@code null}: all) and its storage. */
    enum Kind {
        FLAT(null), JAGGED(null), STRIDED(null), BUFFER(null), SUBSET_WITH_INNERMOST(new String[] {"a", "c"}),
        SUBSET_WITHOUT_INNERMOST(new String[] {"a", "b"});

        final String[] loops;

        Kind(String[] loops) {
            this.loops = loops;
        }
    }

    @Test
    void shouldReachTheSameElementsAsPerIterationAccessEverywhere() {
        IndexSpace space = IndexSpace.of(EXTENTS).withNames("a", "b", "c");
        Random random = new Random(11);
        try (CpuDevice cpu = new CpuDevice(2);
             SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 16).threads(2).build())) {
            for (ElementType type : ElementType.values()) {
                for (Kind kind : Kind.values()) {
                    for (int d = 0; d < EXTENTS.length; d++) {
                        for (boolean onSim : new boolean[] {false, true}) {
                            int piece = 1 + random.nextInt(4);
                            Object output = Array.newInstance(type.primitive(), 60);
                            LoopNest nest = LoopNest.of(EXTENTS).names("a", "b", "c")
                                    .in("in", input(type, kind), kind.loops == null ? new String[0] : kind.loops)
                                    .out("out", output).blockKernel(tripledPlusFlat(type, piece)).splitAt(d)
                                    .group(1 + random.nextInt(2));
                            nest.on(onSim ? sim : cpu).run();
                            long[] idx = new long[3];
                            for (int k = 0; k < 60; k++) {
                                space.indices(k, idx);
                                double source = switch (kind) {
                                    case SUBSET_WITH_INNERMOST -> idx[0] * 5 + idx[2];
                                    case SUBSET_WITHOUT_INNERMOST -> idx[0] * 4 + idx[1];
                                    default -> k;
                                };
                                assertEquals(source * 3 + k, ((Number) Array.get(output, k)).doubleValue(),
                                        type + " " + kind + " d=" + d + (onSim ? " sim" : " cpu") + " pieces of "
                                                + piece + ", k=" + k);
                            }
                        }
                    }
                }
            }
            assertEquals(0, sim.usedBytes());
        }
    }

    @Test
    void shouldRefuseToAdvanceBeyondTheRun() {
        IllegalArgumentException[] caught = new IllegalArgumentException[1];
        LoopNest.of(2, 3).in("in", new float[6]).out("out", new float[6]).blockKernel(arrays -> cursor -> {
            if (caught[0] == null) {
                caught[0] = assertThrows(IllegalArgumentException.class, () -> cursor.advance(cursor.runLength() + 1));
            }
            while (cursor.valid()) {
                cursor.advance(cursor.runLength());
            }
        }).splitAt(0).run();
        assertEquals("advance n = 4 (expected: 0 <= n <= runLength() = 3)", caught[0].getMessage());
    }

    /** Element {@code i} of the input, in its own row-major order over the loops it uses, holds {@code i}. */
    private static Object input(ElementType type, Kind kind) {
        switch (kind) {
            case JAGGED -> {
                Object root = Array.newInstance(type.primitive(), 3, 4, 5);
                for (int i = 0; i < 60; i++) {
                    ElementTypesTest.set(Array.get(Array.get(root, i / 20), (i / 5) % 4), i % 5, type, i);
                }
                return root;
            }
            case STRIDED -> {
                // stored [c][b][a]: element (a, b, c) at c*12 + b*3 + a
                Object flat = Array.newInstance(type.primitive(), 60);
                for (int i = 0; i < 60; i++) {
                    ElementTypesTest.set(flat, (i % 5) * 12 + ((i / 5) % 4) * 3 + i / 20, type, i);
                }
                return Holder.strided(flat, 0, 1, 3, 12);
            }
            case BUFFER -> {
                ByteBuffer bytes = ByteBuffer.allocate(60 * type.bytes()).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < 60; i++) {
                    switch (type) {
                        case FLOAT -> bytes.putFloat(i * 4, i);
                        case DOUBLE -> bytes.putDouble(i * 8, i);
                        case INT -> bytes.putInt(i * 4, i);
                        case LONG -> bytes.putLong(i * 8, i);
                    }
                }
                return Holder.of(bytes, type);
            }
            default -> {
                int n = kind.loops == null ? 60 : kind == Kind.SUBSET_WITH_INNERMOST ? 15 : 12;
                Object flat = Array.newInstance(type.primitive(), n);
                for (int i = 0; i < n; i++) {
                    ElementTypesTest.set(flat, i, type, i);
                }
                return flat;
            }
        }
    }

    /** {@code out = 3 · in + flat}, walking each run in pieces of at most {@code piece} iterations. */
    private static BlockKernel tripledPlusFlat(ElementType type, int piece) {
        return arrays -> switch (type) {
            case FLOAT -> {
                FloatView in = arrays.floats("in");
                FloatView out = arrays.floats("out");
                yield runs(piece, (it, k) -> out.set(it, k, in.get(it, k) * 3 + (it.flat() + k)));
            }
            case DOUBLE -> {
                DoubleView in = arrays.doubles("in");
                DoubleView out = arrays.doubles("out");
                yield runs(piece, (it, k) -> out.set(it, k, in.get(it, k) * 3 + (it.flat() + k)));
            }
            case INT -> {
                IntView in = arrays.ints("in");
                IntView out = arrays.ints("out");
                yield runs(piece, (it, k) -> out.set(it, k, in.get(it, k) * 3 + (int) (it.flat() + k)));
            }
            case LONG -> {
                LongView in = arrays.longs("in");
                LongView out = arrays.longs("out");
                yield runs(piece, (it, k) -> out.set(it, k, in.get(it, k) * 3 + (it.flat() + k)));
            }
        };
    }

    private interface Step {
        void at(Iteration it, int k);
    }

    private static BlockBody runs(int piece, Step step) {
        return cursor -> {
            while (cursor.valid()) {
                int n = Math.min(cursor.runLength(), piece);
                for (int k = 0; k < n; k++) {
                    step.at(cursor, k);
                }
                cursor.advance(n);
            }
        };
    }
}

package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.loopnest.data.DoubleView;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.Holder;
import org.loopnest.data.IntView;
import org.loopnest.data.LongView;
import org.loopnest.device.Device;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.IndexSpace;
import org.loopnest.report.RunReport;

/**
 * Random nests × every split depth × B ∈ {1,2,3} × cpu/sim, with flat, jagged, strided, subset-indexed and buffer
 * arrays of every element type, against a plain nested loop.
 */
class EndToEndTest {
    private static SimDevice roomySim;
    private final Random random = new Random(2026);

    @BeforeAll
    static void startSim() {
        roomySim = new SimDevice(SimConfig.builder().name("sim").memory(4 << 20).threads(2).build());
    }

    @AfterAll
    static void stopSim() {
        assertEquals(0, roomySim.usedBytes(), "every buffer given back");
        roomySim.close();
    }

    @Test
    void shouldMatchThePlainNestedLoopForEverySplitBufferCountAndDevice() {
        for (int trial = 0; trial < 14; trial++) {
            Nest nest = new Nest(random, 1 + trial % 4, 1, 5);
            for (int d = 0; d < nest.depth(); d++) {
                for (int b = 1; b <= 3; b++) {
                    nest.runAndCheck(null, d, b);
                    nest.runAndCheck(roomySim, d, b);
                }
            }
        }
    }

    @Test
    void shouldStreamDataLargerThanDeviceMemoryThroughManyChunks() {
        for (int trial = 0; trial < 6; trial++) {
            Nest nest = new Nest(random, 3 + trial % 2, 8, 16);
            long dataBytes = nest.count() * (4 + 8 + 8 + 4 + 8 + 4 + 8);
            long budget = dataBytes / 2;
            try (SimDevice small = new SimDevice(SimConfig.builder().name("small").memory(budget).threads(2).build())) {
                for (int b = 1; b <= 3; b++) {
                    RunReport report = nest.runAndCheck(small, -1, b);
                    assertTrue(report.chunks() > 1, "data larger than device memory needs chunks: " + report);
                    assertEquals(0, small.usedBytes());
                }
            }
        }
    }

    /** One random nest with its arrays and the expected outputs. */
    static final class Nest {
        private final long[] extents;
        private final IndexSpace space;
        private final int count;
        private final String[] names;
        private final String[] subset;
        private final int[] subsetDims;
        private final float[] a;
        private final Object b;
        private final int[] c;
        private final long[] s;
        private final long[] sStrides;
        private final ByteBuffer u;

        Nest(Random random, int depth, int minExtent, int maxExtent) {
            extents = new long[depth];
            names = new String[depth];
            for (int j = 0; j < depth; j++) {
                extents[j] = minExtent + random.nextInt(maxExtent - minExtent + 1);
                names[j] = "i" + j;
            }
            space = IndexSpace.of(extents);
            count = (int) space.count();
            List<Integer> dims = new ArrayList<>();
            for (int j = 0; j < depth; j++) {
                if (random.nextBoolean() || (j == depth - 1 && dims.isEmpty())) {
                    dims.add(j);
                }
            }
            subsetDims = dims.stream().mapToInt(Integer::intValue).toArray();
            subset = dims.stream().map(j -> names[j]).toArray(String[]::new);
            a = new float[count];
            for (int k = 0; k < count; k++) {
                a[k] = k * 0.5f;
            }
            int[] shape = new int[depth];
            for (int j = 0; j < depth; j++) {
                shape[j] = (int) extents[j];
            }
            b = depth == 1 ? new double[count] : Array.newInstance(double.class, shape);
            long[] idx = new long[depth];
            for (int k = 0; k < count; k++) {
                space.indices(k, idx);
                setJagged(b, idx, k * 3.0);
            }
            int subsetCount = 1;
            for (int j : subsetDims) {
                subsetCount *= extents[j];
            }
            c = new int[subsetCount];
            for (int i = 0; i < subsetCount; i++) {
                c[i] = i * 7 - 3;
            }
            sStrides = reversedStrides();
            s = new long[count + 2];
            for (int k = 0; k < count; k++) {
                space.indices(k, idx);
                s[(int) (2 + dot(idx, sStrides))] = 1000L * k;
            }
            u = ByteBuffer.allocate(subsetCount * 4).order(ByteOrder.BIG_ENDIAN);
            for (int i = 0; i < subsetCount; i++) {
                u.putFloat(i * 4, i + 0.25f);
            }
        }

        int depth() {
            return extents.length;
        }

        long count() {
            return count;
        }

        private long[] reversedStrides() {
            long[] strides = new long[extents.length];
            long stride = 1;
            for (int j = 0; j < extents.length; j++) {
                strides[j] = stride;
                stride *= extents[j];
            }
            return strides;
        }

        private static long dot(long[] idx, long[] strides) {
            long sum = 0;
            for (int j = 0; j < idx.length; j++) {
                sum += idx[j] * strides[j];
            }
            return sum;
        }

        private int subsetIndex(long[] idx) {
            int i = 0;
            for (int j : subsetDims) {
                i = (int) (i * extents[j] + idx[j]);
            }
            return i;
        }

        private static void setJagged(Object array, long[] idx, double value) {
            Object row = array;
            for (int j = 0; j < idx.length - 1; j++) {
                row = ((Object[]) row)[(int) idx[j]];
            }
            ((double[]) row)[(int) idx[idx.length - 1]] = value;
        }

        private static double getJagged(Object array, long[] idx) {
            Object row = array;
            for (int j = 0; j < idx.length - 1; j++) {
                row = ((Object[]) row)[(int) idx[j]];
            }
            return ((double[]) row)[(int) idx[idx.length - 1]];
        }

        RunReport runAndCheck(Device device, int d, int buffers) {
            float[] of = new float[count];
            Object od = b instanceof double[] ? new double[count] : Array.newInstance(double.class,
                    java.util.Arrays.stream(extents).mapToInt(x -> (int) x).toArray());
            ByteBuffer oi = ByteBuffer.allocateDirect(count * 4).order(ByteOrder.LITTLE_ENDIAN);
            long[] ol = new long[count + 2];
            LoopNest nest = LoopNest.of(extents).names(names)
                    .in("a", a).in("b", b).in("c", c, subset)
                    .in("s", Holder.strided(s, 2, sStrides))
                    .in("u", Holder.of(u, ElementType.FLOAT), subset)
                    .out("of", of).out("od", od).out("oi", Holder.of(oi, ElementType.INT))
                    .out("ol", Holder.strided(ol, 2, sStrides))
                    .kernel(arrays -> {
                        FloatView av = arrays.floats("a");
                        DoubleView bv = arrays.doubles("b");
                        IntView cv = arrays.ints("c");
                        LongView sv = arrays.longs("s");
                        FloatView uv = arrays.floats("u");
                        FloatView ofv = arrays.floats("of");
                        DoubleView odv = arrays.doubles("od");
                        IntView oiv = arrays.ints("oi");
                        LongView olv = arrays.longs("ol");
                        return it -> {
                            ofv.set(it, av.get(it) + cv.get(it) + uv.get(it));
                            odv.set(it, bv.get(it) * 2 + sv.get(it));
                            oiv.set(it, cv.get(it) + (int) it.index(0));
                            olv.set(it, sv.get(it) + it.flat());
                        };
                    })
                    .buffers(buffers);
            if (d >= 0) {
                nest.splitAt(d);
            }
            if (device != null) {
                nest.on(device);
            }
            RunReport report = nest.run();
            String where = "extents " + java.util.Arrays.toString(extents) + " subset " + java.util.Arrays.toString(
                    subset) + " d=" + d + " B=" + buffers + " on " + report.devices();
            long[] idx = new long[extents.length];
            for (int k = 0; k < count; k++) {
                space.indices(k, idx);
                int ci = subsetIndex(idx);
                long sk = 1000L * k;
                assertEquals(k * 0.5f + c[ci] + (ci + 0.25f), of[k], "of " + where + " k=" + k);
                assertEquals(k * 6.0 + sk, getJagged(od, idx),
                        "od " + where + " k=" + k);
                assertEquals(c[ci] + (int) idx[0], oi.getInt(k * 4), "oi " + where + " k=" + k);
                assertEquals(sk + k, ol[(int) (2 + dot(idx, sStrides))], "ol " + where + " k=" + k);
            }
            assertEquals(count, report.iterations());
            return report;
        }
    }
}

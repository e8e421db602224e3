package org.loopnest.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.index.IndexSpace;
import org.loopnest.kernel.ElementKernel;
import org.loopnest.report.RunReport;

/**
 * What every compiled device must do: the same nest there and on the CPU gives the same outputs, for random
 * shapes × every split depth × a group that leaves a remainder chunk × float, double, int and long, with an input
 * indexed by every loop, one by a random subset of the loops (streamed or resident depending on the split) and
 * one by the innermost loop (resident). A subclass opens the device, or skips with the reason it cannot.
 */
public abstract class CompiledDeviceEqualityContract {
    private Device compiled;
    private CpuDevice cpu;

    /** Opens the device under test, or skips the test with the reason it is absent. */
    protected abstract Device openDevice();

    @BeforeEach
    void open() {
        compiled = openDevice();
        cpu = new CpuDevice(2);
    }

    @AfterEach
    void close() {
        if (compiled != null) {
            compiled.close();
            cpu.close();
        }
    }

    @Test
    void shouldMatchTheCpuForRandomShapesEverySplitAndEveryElementType() {
        assertFalse(compiled.info().hostAddressable(), "a compiled device packs and copies chunks");
        Random random = new Random(42);
        for (int shape = 0; shape < 3; shape++) {
            int depth = 2 + random.nextInt(3);
            long[] extents = new long[depth];
            String[] names = new String[depth];
            for (int j = 0; j < depth; j++) {
                extents[j] = shape == 2 && j == 1 ? 1 : 2 + random.nextInt(6); // the last shape has an extent of 1
                names[j] = "i" + j;
            }
            String[] subset = randomSubset(names, random);
            for (ElementType type : ElementType.values()) {
                for (int d = 0; d < depth; d++) {
                    long group = 1 + random.nextInt(3);
                    String what = type + " extents " + Arrays.toString(extents) + " subset "
                            + Arrays.toString(subset) + " d=" + d + " r=" + group;
                    long seed = random.nextLong();
                    Object onCpu = run(cpu, type, extents, names, subset, d, group, seed);
                    Object onDevice = run(compiled, type, extents, names, subset, d, group, seed);
                    assertEquals(Array.getLength(onCpu), Array.getLength(onDevice), what);
                    for (int k = 0; k < Array.getLength(onCpu); k++) {
                        assertEquals(Array.get(onCpu, k), Array.get(onDevice, k), what + " at k=" + k);
                    }
                }
            }
        }
    }

    private static Object run(Device device, ElementType type, long[] extents, String[] names,
                              String[] subset, int d, long group, long seed) {
        IndexSpace space = IndexSpace.of(extents);
        Random random = new Random(seed);
        Object a = filled(type, space.count(), random);
        Object b = filled(type, product(extents, names, subset), random);
        Object c = filled(type, extents[extents.length - 1], random);
        Object out = Array.newInstance(type.primitive(), (int) space.count());
        String last = names[names.length - 1];
        String c99 = switch (type) {
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case INT -> "int";
            case LONG -> "long";
        };
        RunReport report = LoopNest.of(extents).names(names)
                .in("a", a).in("b", b, subset).in("c", c, last).out("out", out)
                .kernel(javaBody(type, names.length))
                .deviceCode("out = a * 3 + b - c + (" + c99 + ") (" + weightedIndices(names) + ");")
                .splitAt(d).group(group).on(device).run();
        assertTrue(report.chunks() > 0);
        return out;
    }

    private static ElementKernel javaBody(ElementType type, int depth) {
        return arrays -> switch (type) {
            case FLOAT -> {
                var a = arrays.floats("a");
                var b = arrays.floats("b");
                var c = arrays.floats("c");
                var out = arrays.floats("out");
                yield it -> out.set(it, a.get(it) * 3 + b.get(it) - c.get(it)
                        + (float) weighted(it, depth));
            }
            case DOUBLE -> {
                var a = arrays.doubles("a");
                var b = arrays.doubles("b");
                var c = arrays.doubles("c");
                var out = arrays.doubles("out");
                yield it -> out.set(it, a.get(it) * 3 + b.get(it) - c.get(it)
                        + (double) weighted(it, depth));
            }
            case INT -> {
                var a = arrays.ints("a");
                var b = arrays.ints("b");
                var c = arrays.ints("c");
                var out = arrays.ints("out");
                yield it -> out.set(it, a.get(it) * 3 + b.get(it) - c.get(it)
                        + (int) weighted(it, depth));
            }
            case LONG -> {
                var a = arrays.longs("a");
                var b = arrays.longs("b");
                var c = arrays.longs("c");
                var out = arrays.longs("out");
                yield it -> out.set(it, a.get(it) * 3 + b.get(it) - c.get(it)
                        + weighted(it, depth));
            }
        };
    }

    /**
     * Every loop index with its own weight, {@code 1·i0 + 4·i1 + 7·i2 + …}, so that an index computed wrongly at
     * any depth (outer or inner, chunk-relative or not) changes the result.
     */
    private static String weightedIndices(String[] names) {
        StringBuilder sum = new StringBuilder();
        for (int j = 0; j < names.length; j++) {
            sum.append(j == 0 ? "" : " + ").append(1 + 3 * j).append(" * ").append(names[j]);
        }
        return sum.toString();
    }

    private static long weighted(org.loopnest.index.Iteration it, int depth) {
        long sum = 0;
        for (int j = 0; j < depth; j++) {
            sum += (1 + 3L * j) * it.index(j);
        }
        return sum;
    }

    private static String[] randomSubset(String[] names, Random random) {
        String[] subset = Arrays.stream(names).filter(n -> random.nextBoolean()).toArray(String[]::new);
        return subset.length == 0 ? new String[] {names[names.length - 1]} : subset;
    }

    private static long product(long[] extents, String[] names, String[] subset) {
        long p = 1;
        for (String s : subset) {
            p *= extents[Arrays.asList(names).indexOf(s)];
        }
        return p;
    }

    /** Small integers, so that every type computes them exactly. */
    private static Object filled(ElementType type, long n, Random random) {
        Object array = Array.newInstance(type.primitive(), (int) n);
        for (int k = 0; k < n; k++) {
            int v = random.nextInt(2001) - 1000;
            switch (type) {
                case FLOAT -> Array.setFloat(array, k, v);
                case DOUBLE -> Array.setDouble(array, k, v);
                case INT -> Array.setInt(array, k, v);
                case LONG -> Array.setLong(array, k, v * 1_000_000_007L);
            }
        }
        return Holder.of(array);
    }
}

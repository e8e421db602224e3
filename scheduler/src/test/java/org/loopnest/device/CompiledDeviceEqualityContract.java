package org.loopnest.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.KernelPath;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.RunReport;

/**
 * What every device must do with one kernel-language body: give the outputs of the same computation written as a
 * sequential Java loop, for random shapes × every split depth × a group that leaves a remainder chunk × float,
 * double, int and long, with an input indexed by every loop, one by a random subset of the loops (streamed or
 * resident depending on the split) and one by the innermost loop (resident). The body has a loop with
 * {@code continue} and {@code break}, a helper calling a helper, integer division and modulo of negative numbers and
 * shifts (with int and long counts, masked) for the integer types, and {@code floor}/{@code fmin}/{@code fmax}/
 * {@code fabs} for the floating ones: operations every target computes exactly on these small integral inputs, so
 * the comparison is bit for bit on every device, the compiled C targets included. Devices that run Java run the body
 * on {@link #kernelPath()} (the vector path, asked for, by default; a subclass per device runs the scalar one), and
 * each run's report must say that path ran. A subclass opens the devices, or skips with the reason they are absent.
 */
public abstract class CompiledDeviceEqualityContract {
    private Device[] devices;

    /** {@return the devices under test, which one run uses together; skips the test if they are absent} */
    protected abstract Device[] openDevices();

    /** Closes what {@link #openDevices} opened; by default each device. */
    protected void closeDevices(Device[] opened) {
        for (Device d : opened) {
            d.close();
        }
    }

    /**
     * {@return how the devices that run Java (cpu, sim, worker nodes) run the body}; {@link KernelPath#VECTOR} by
     * default (asked for: {@link KernelPath#AUTO} would take the scalar path for runs this short). Devices that run
     * compiled kernels ignore it.
     */
    protected KernelPath kernelPath() {
        return KernelPath.VECTOR;
    }

    @BeforeEach
    void open() {
        devices = openDevices();
    }

    @AfterEach
    void close() {
        if (devices != null) {
            closeDevices(devices);
        }
    }

    @Test
    void shouldMatchASequentialJavaLoopForRandomShapesEverySplitAndEveryElementType() {
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
                    Inputs in = Inputs.random(type, extents, names, subset, random.nextLong());
                    Object expected = in.reference(type, extents, names, subset);
                    Object onDevices = run(type, extents, names, subset, d, group, in);
                    for (int k = 0; k < Array.getLength(expected); k++) {
                        assertEquals(Array.get(expected, k), Array.get(onDevices, k), what + " at k=" + k);
                    }
                }
            }
        }
    }

    /**
     * The same comparison with as many input as output buffers and with fewer or more of either: each chunk holds an
     * input buffer until its kernel ends and an output buffer from its kernel's start, so the rings turn at different
     * speeds. One shape with enough chunks (d = 1, r = 1: 7 chunks, one of them through every buffer of each ring),
     * every element type.
     */
    @ParameterizedTest(name = "B_in={0}, B_out={1}")
    @CsvSource({"1, 2", "2, 1", "3, 2"})
    void shouldMatchASequentialJavaLoopWithDifferentInputAndOutputBufferCounts(int inputBuffers, int outputBuffers) {
        long[] extents = {7, 5, 6};
        String[] names = {"i0", "i1", "i2"};
        String[] subset = {"i0", "i2"};
        Random random = new Random(inputBuffers * 31L + outputBuffers);
        for (ElementType type : ElementType.values()) {
            Inputs in = Inputs.random(type, extents, names, subset, random.nextLong());
            Object expected = in.reference(type, extents, names, subset);
            Object out = Array.newInstance(type.primitive(), Array.getLength(in.a()));
            RunReport report = LoopNest.of(extents).names(names)
                    .in("a", in.a()).in("b", in.b(), subset).in("c", in.c(), "i2").out("out", out)
                    .deviceCode(code(type, names)).kernelPath(kernelPath()).splitAt(1)
                    .buffers(inputBuffers, outputBuffers).on(devices).run();
            assertKernelPath(report, type.toString());
            assertEquals(7, report.chunks(), type + ": chunks");
            assertEquals(inputBuffers, report.inputBuffers(), type + ": input buffers in the report");
            assertEquals(outputBuffers, report.outputBuffers(), type + ": output buffers in the report");
            for (int k = 0; k < Array.getLength(expected); k++) {
                assertEquals(Array.get(expected, k), Array.get(out, k), type + " B_in=" + inputBuffers + " B_out="
                        + outputBuffers + " at k=" + k);
            }
        }
    }

    private Object run(ElementType type, long[] extents, String[] names, String[] subset, int d, long group,
                       Inputs in) {
        Object out = Array.newInstance(type.primitive(), Array.getLength(in.a()));
        String last = names[names.length - 1];
        RunReport report = LoopNest.of(extents).names(names)
                .in("a", in.a()).in("b", in.b(), subset).in("c", in.c(), last).out("out", out)
                .deviceCode(code(type, names)).kernelPath(kernelPath()).splitAt(d).group(group).on(devices).run();
        assertTrue(report.chunks() > 0);
        assertKernelPath(report, type + " d=" + d);
        return out;
    }

    /** Asserts that every device that runs Java and ran chunks ran the path asked for (vector where it can). */
    /**
     * A body that walks columns: a nest over (i0, i1, i2) with column axis z of 5 levels, a float and an int column
     * input stored with the axis in each place ({@code [z][i0][i1][i2]}, {@code [i0][z][i1][i2]}, {@code
     * [i0][i1][i2][z]}), a column output stored in another place, a per-column output, and an input indexed by the
     * innermost loop only; every split depth. Sums of small integers, so every device gives the sequential loop's
     * values bit for bit, on either kernel path; the level the body leaves unwritten is NaN (float) and 0 (int).
     */
    @Test
    void shouldWalkColumnsAsASequentialJavaLoopDoesForEveryAxisPlaceAndSplit() {
        long[] extents = {3, 4, 5};
        String[] names = {"i0", "i1", "i2"};
        int nz = 5;
        int columns = 3 * 4 * 5;
        Random random = new Random(7);
        float[] af = new float[columns * nz];
        int[] ai = new int[columns * nz];
        for (int k = 0; k < af.length; k++) {
            af[k] = random.nextInt(200) - 100;
            ai[k] = random.nextInt(200) - 100;
        }
        float[] c = {1f, 2f, 3f, 4f, 5f};
        String body = """
                float sum = 0.0f;
                int isum = 0;
                for (int k = 0; k < len(z); k++) {
                    sum += a[k] * (float) (k + 1);
                    isum += n[k] * (k + 1);
                    if (k > 0) {
                        g[k] = a[k] - a[k - 1] + c;
                        h[k] = n[k] - n[k - 1];
                    }
                }
                s = sum;
                m = isum;
                """;
        String[][] orders = {{"z", "i0", "i1", "i2"}, {"i0", "z", "i1", "i2"}, {"i0", "i1", "i2", "z"}};
        for (int place = 0; place < orders.length; place++) {
            String[] in = orders[place];
            String[] out = orders[(place + 1) % orders.length];
            for (int d = 0; d <= 2; d++) {
                float[] s = new float[columns];
                int[] m = new int[columns];
                float[] g = new float[columns * nz];
                int[] h = new int[columns * nz];
                RunReport report = LoopNest.of(extents).names(names).column("z", nz).in("a", af, in).in("n", ai, in)
                        .in("c", c, "i2").out("s", s).out("m", m).out("g", g, out).out("h", h, out)
                        .deviceCode(body).kernelPath(kernelPath()).splitAt(d).on(devices).run();
                assertTrue(report.chunks() > 0);
                String what = "a stored " + Arrays.toString(in) + ", g " + Arrays.toString(out) + ", d=" + d;
                assertKernelPath(report, what); // lanes are neighbouring columns on the vector path
                for (int col = 0; col < columns; col++) {
                    int i2 = col % 5;
                    float sum = 0f;
                    int isum = 0;
                    for (int k = 0; k < nz; k++) {
                        sum += af[at(in, col, k)] * (k + 1);
                        isum += ai[at(in, col, k)] * (k + 1);
                        float level = k == 0 ? Float.NaN : af[at(in, col, k)] - af[at(in, col, k - 1)] + c[i2];
                        int ilevel = k == 0 ? 0 : ai[at(in, col, k)] - ai[at(in, col, k - 1)];
                        assertEquals(level, g[at(out, col, k)], what + ": g at column " + col + " level " + k);
                        assertEquals(ilevel, h[at(out, col, k)], what + ": h at column " + col + " level " + k);
                    }
                    assertEquals(sum, s[col], what + ": s at column " + col);
                    assertEquals(isum, m[col], what + ": m at column " + col);
                }
            }
        }
    }

    /** The position of level {@code k} of column {@code col} (flat over 3×4×5) in an array stored as {@code order}. */
    private static int at(String[] order, int col, int k) {
        int[] index = {col / 20, col / 5 % 4, col % 5};
        int[] extent = {3, 4, 5};
        int position = 0;
        for (String axis : order) {
            int j = axis.equals("z") ? -1 : axis.charAt(1) - '0';
            position = position * (j < 0 ? 5 : extent[j]) + (j < 0 ? k : index[j]);
        }
        return position;
    }

    private void assertKernelPath(RunReport report, String what) {
        String expected = kernelPath() == KernelPath.VECTOR && VectorSupport.unavailable().isEmpty() ? "vector ("
                : "scalar: ";
        for (DeviceReport d : report.perDevice()) {
            d.kernelPath().ifPresent(path -> assertTrue(path.startsWith(expected), what + ", " + d.name()
                    + ": kernel path: " + path + " (expected: " + expected + "…)"));
        }
    }

    /**
     * {@return the body in the kernel language, for element type {@code type} and loop indices {@code names}}
     * (public for the corpus that the targets' own compilers compile)
     */
    public static DeviceCode code(ElementType type, String[] names) {
        String t = c99(type);
        String helpers = t + " twiceOf(" + t + " v) { return v + v; }\n"
                + t + " combine(" + t + " p, " + t + " q) { return twiceOf(p) - q; }\n";
        String body = t + " acc = a;\n"
                + "for (int k = 0; k < 6; k++) {\n"
                + "    if (k == 1) { continue; }\n"
                + "    if (acc > (" + t + ") 900) { break; }\n"
                + "    acc += (" + t + ") k;\n"
                + "}\n"
                + "out = combine(acc, b) - c + (" + t + ") (" + weightedIndices(names) + ") + " + extra(type) + ";\n";
        return new DeviceCode("equality_" + t, body, helpers);
    }

    private static String extra(ElementType type) {
        return switch (type) {
            case INT -> "a / 7 + b % 5 + (c >> 2) + (a << 33) + (c << 33L)";
            case LONG -> "a / 7L + b % -5L + (c >> 3) + (b << 65L) + (a >> 2)";
            case FLOAT -> "floor(a * 0.5f) + fmin(b, c) + fabs(c)";
            case DOUBLE -> "floor(a * 0.5) + fmax(b, c) + fabs(c)";
        };
    }

    private static String c99(ElementType type) {
        return switch (type) {
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case INT -> "int";
            case LONG -> "long";
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

    private static String[] randomSubset(String[] names, Random random) {
        String[] subset = Arrays.stream(names).filter(n -> random.nextBoolean()).toArray(String[]::new);
        return subset.length == 0 ? new String[] {names[names.length - 1]} : subset;
    }

    /** The three inputs of one run, as primitive arrays. */
    private record Inputs(Object a, Object b, Object c) {
        static Inputs random(ElementType type, long[] extents, String[] names, String[] subset, long seed) {
            Random random = new Random(seed);
            long count = 1;
            for (long e : extents) {
                count *= e;
            }
            long subsetCount = 1;
            for (String s : subset) {
                subsetCount *= extents[Arrays.asList(names).indexOf(s)];
            }
            return new Inputs(filled(type, count, random), filled(type, subsetCount, random),
                    filled(type, extents[extents.length - 1], random));
        }

        /** The body computed by a sequential Java loop over the nest, in row-major order. */
        Object reference(ElementType type, long[] extents, String[] names, String[] subset) {
            int count = Array.getLength(a);
            Object out = Array.newInstance(type.primitive(), count);
            long[] index = new long[extents.length];
            for (int k = 0; k < count; k++) {
                long rest = k;
                for (int j = extents.length - 1; j >= 0; j--) {
                    index[j] = rest % extents[j];
                    rest /= extents[j];
                }
                long weighted = 0;
                int bk = 0;
                for (int j = 0; j < extents.length; j++) {
                    weighted += (1 + 3L * j) * index[j];
                    if (Arrays.asList(subset).contains(names[j])) {
                        bk = (int) (bk * extents[j] + index[j]);
                    }
                }
                int ck = (int) index[extents.length - 1];
                switch (type) {
                    case FLOAT -> ((float[]) out)[k] = floatBody(((float[]) a)[k], ((float[]) b)[bk],
                            ((float[]) c)[ck], weighted);
                    case DOUBLE -> ((double[]) out)[k] = doubleBody(((double[]) a)[k], ((double[]) b)[bk],
                            ((double[]) c)[ck], weighted);
                    case INT -> ((int[]) out)[k] = intBody(((int[]) a)[k], ((int[]) b)[bk], ((int[]) c)[ck],
                            weighted);
                    case LONG -> ((long[]) out)[k] = longBody(((long[]) a)[k], ((long[]) b)[bk],
                            ((long[]) c)[ck], weighted);
                }
            }
            return out;
        }
    }

    private static float floatBody(float a, float b, float c, long weighted) {
        float acc = a;
        for (int k = 0; k < 6; k++) {
            if (k == 1) {
                continue;
            }
            if (acc > (float) 900) {
                break;
            }
            acc += (float) k;
        }
        return (acc + acc) - b - c + (float) weighted + (float) Math.floor((double) (a * 0.5f)) + Math.min(b, c)
                + Math.abs(c);
    }

    private static double doubleBody(double a, double b, double c, long weighted) {
        double acc = a;
        for (int k = 0; k < 6; k++) {
            if (k == 1) {
                continue;
            }
            if (acc > (double) 900) {
                break;
            }
            acc += (double) k;
        }
        return (acc + acc) - b - c + (double) weighted + Math.floor(a * 0.5) + Math.max(b, c) + Math.abs(c);
    }

    private static int intBody(int a, int b, int c, long weighted) {
        int acc = a;
        for (int k = 0; k < 6; k++) {
            if (k == 1) {
                continue;
            }
            if (acc > 900) {
                break;
            }
            acc += k;
        }
        return (acc + acc) - b - c + (int) weighted + a / 7 + b % 5 + (c >> 2) + (a << 33) + (c << 33L);
    }

    private static long longBody(long a, long b, long c, long weighted) {
        long acc = a;
        for (int k = 0; k < 6; k++) {
            if (k == 1) {
                continue;
            }
            if (acc > 900) {
                break;
            }
            acc += k;
        }
        return (acc + acc) - b - c + weighted + a / 7L + b % -5L + (c >> 3) + (b << 65L) + (a >> 2);
    }

    /** Small integers (of both signs), so that every type computes them exactly. */
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
        return array;
    }
}

package org.loopnest.internal.lang.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.kernel.DeviceCode;

/**
 * Bodies as users write them, through the front end and the JVM target: constructs Java's stricter rules could
 * refuse (early {@code return}s, a helper whose loop returns, {@code break} and {@code continue} in {@code if}s,
 * sibling blocks declaring the same name), compound assignments and increments as C computes them, hex literals, casts to and from {@code bool};
 * each against the same code written in Java.
 */
class TextBodiesTest {
    /** Indices {@code i}; inputs {@code int n}, {@code float f}, {@code double d}; outputs {@code float r}, {@code long c}. */
    private static final KernelContext CONTEXT = new KernelContext(List.of("i"), List.of(
            new KernelContext.ArraySignature("n", Type.INT, Role.IN),
            new KernelContext.ArraySignature("f", Type.FLOAT, Role.IN),
            new KernelContext.ArraySignature("d", Type.DOUBLE, Role.IN),
            new KernelContext.ArraySignature("r", Type.FLOAT, Role.OUT),
            new KernelContext.ArraySignature("c", Type.LONG, Role.OUT)));
    private static final int[] N = {0, 1, -1, 7, -7, 100, Integer.MAX_VALUE, Integer.MIN_VALUE, 3};
    private static final float[] F = {0f, -0f, 1.5f, -2.25f, Float.NaN, Float.POSITIVE_INFINITY, 1e-40f, 3e9f, 0.1f};
    private static final double[] D = {0, 1, -1, 2.5, -1e300, Double.NaN, 0.1, 7, -3};

    /** The reference: one iteration in Java, returning {@code r} and {@code c}. */
    private interface Reference {
        Object[] point(long i, int n, float f, double d);
    }

    private static void check(String helpers, String body, Reference reference) {
        Program program = KernelLanguage.check(new DeviceCode("k", body, helpers), CONTEXT);
        float[] r = new float[N.length];
        long[] c = new long[N.length];
        Runs.run(program, N, F, D, r, c);
        for (int i = 0; i < N.length; i++) {
            Object[] expected = reference.point(i, N[i], F[i], D[i]);
            String where = "n=" + N[i] + " f=" + F[i] + " d=" + D[i] + " in:\n" + body;
            assertEquals(expected[0], r[i], "r at " + where);
            assertEquals(expected[1], c[i], "c at " + where);
        }
    }

    @Test
    void shouldRunBreakContinueAndEarlyReturnsAsC() {
        check("""
                int clip(int v) {
                    if (v > 10) { return 10; }
                    return v;
                }
                int firstOver(int v) {
                    for (int k = 0; k < 40; k++) {
                        if (k * k > v) { return k; }
                    }
                    return -1;
                }
                """, """
                int k = 0;
                long sum = 0L;
                while (k < 20) {
                    k++;
                    if (k % 2 == 0) { continue; }
                    if (k > 9) { break; }
                    sum += k;
                }
                r = (float) clip(n) + (float) firstOver(k * 3);
                c = sum;
                """, (i, n, f, d) -> {
                    int k = 0;
                    long sum = 0L;
                    while (k < 20) {
                        k++;
                        if (k % 2 == 0) {
                            continue;
                        }
                        if (k > 9) {
                            break;
                        }
                        sum += k;
                    }
                    int clip = n > 10 ? 10 : n;
                    int first = -1;
                    for (int j = 0; j < 40; j++) {
                        if (j * j > k * 3) {
                            first = j;
                            break;
                        }
                    }
                    return new Object[] {(float) clip + (float) first, sum};
                });
    }

    @Test
    void shouldComputeCompoundAssignmentsInTheWiderTypeAndConvertBack() {
        check("", """
                float acc = f;
                acc += d;
                acc *= 2;
                int bits = n;
                bits <<= 3;
                bits ^= 0xFF;
                bits >>= 1;
                long wide = (long) bits;
                wide -= 0x7fffffffffffffffL;
                wide++;
                if (isnan(acc)) { r = -1.0f; } else { r = acc; }
                c = wide;
                """, (i, n, f, d) -> {
                    float acc = f;
                    acc += d;
                    acc *= 2;
                    int bits = n;
                    bits <<= 3;
                    bits ^= 0xFF;
                    bits >>= 1;
                    long wide = (long) bits;
                    wide -= 0x7fffffffffffffffL;
                    wide++;
                    return new Object[] {Float.isNaN(acc) ? -1.0f : acc, wide};
                });
    }

    @Test
    void shouldConvertBoolsAndUseSiblingBlocksWithTheSameLocalName() {
        check("", """
                if (f > 0.0f) { const float v = f * 2.0f; r = v; } else { float v = (float) d; r = v; }
                const bool odd = (n & 1) != 0;
                const bool nonzero = (bool) d;
                c = (long) odd + 2L * (long) nonzero + 4L * (long) (bool) f + (n > 0 ? 8L : 16L) + i * 100L;
                """, (i, n, f, d) -> {
                    float r = f > 0.0f ? f * 2.0f : (float) d;
                    boolean odd = (n & 1) != 0;
                    boolean nonzero = d != 0;
                    long c = (odd ? 1L : 0L) + 2L * (nonzero ? 1L : 0L) + 4L * (f != 0 ? 1L : 0L)
                            + (n > 0 ? 8L : 16L) + i * 100L;
                    return new Object[] {r, c};
                });
    }

    @Test
    void shouldRunFloatMathOfIntsAndDoublesAsTheCallsType() {
        check("", """
                r = fmin(f, (float) n) + (float) pow(d, 2.0) + sqrt((float) n * 1.0f);
                c = (long) floor(d * 10.0) + (long) fmod(f, 0.75f);
                """, (i, n, f, d) -> {
                    float min = Float.isNaN(f) ? (float) n : Math.min(f, (float) n);
                    float r = min + (float) Math.pow(d, 2.0) + (float) Math.sqrt((double) ((float) n * 1.0f));
                    long c = (long) Math.floor(d * 10.0) + (long) (f % 0.75f);
                    return new Object[] {r, c};
                });
    }

    @Test
    void shouldFollowC99ForPowOfOneAndOfMinusOneAtInfinityNotMathPow() {
        check("", """
                r = pow(1.0f, f) + pow(-1.0f, INFINITY) + pow(-1.0f, -INFINITY);
                c = (long) (pow(1.0, d) * 10.0) + (long) pow(1.0, (double) NAN);
                """, (i, n, f, d) -> new Object[] {3.0f, 11L});
        assertEquals(Double.NaN, Math.pow(1.0, Double.NaN), "Math.pow differs: the language does not use it here");
    }

    @Test
    void shouldGiveTheExactSpecialValuesOfSinAndTanh() {
        check("", """
                r = isinf(f) ? tanh(f) : sin(f);
                c = (long) (tanh(-INFINITY) * 10.0f);
                """, (i, n, f, d) -> new Object[] {Float.isInfinite(f) ? 1.0f : (float) Math.sin(f), -10L});
        assertEquals(-0.0f, F[1], "sin(-0) is -0 bit for bit, which the comparison of boxed floats checks");
    }

    @Test
    void shouldWrapOutOfRangeLongToIntConversionsAsJava() {
        check("", """
                const int narrowed = (int) (3000000000L + (long) n);
                int implicit = 0;
                implicit = 1099511627776L + (long) n;
                r = (float) (int) 4294967297L;
                c = (long) narrowed * 10L + (long) implicit;
                """, (i, n, f, d) -> new Object[] {1.0f,
                (long) (int) (3000000000L + n) * 10L + (long) (int) (1099511627776L + n)});
    }
}

package org.loopnest.perf.jmh;

import java.util.List;
import java.util.Locale;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.Type;
import org.loopnest.kernel.DeviceCode;

/**
 * A long kernel-language body of realistic shape, generated, for timing the front end: {@value #HELPERS} helpers of
 * 7 lines (a constant, an {@code if} with an early {@code return}, math calls, each helper but the first calling the
 * one before it) and, in the body, groups of 9 lines (locals of three types, a casted index, a helper call, a bounded
 * {@code for} loop with a compound assignment, {@code pow}, {@code fabs}, {@code isnan} and a {@code break}), then
 * one-line constants to make the count exact, and the two outputs assigned from every group. The nest it is checked
 * against: indices {@code i, j}; inputs {@code a}, {@code b} ({@code float}) and {@code c} ({@code double}); outputs
 * {@code r} ({@code float}) and {@code s} ({@code double}). Stateless; the same count always gives the same text.
 */
public final class GeneratedBody {
    /** How many helpers the text has. */
    public static final int HELPERS = 6;
    /** The lines the helpers take, blank separators included. */
    public static final int HELPER_LINES = HELPERS * 8;
    /** The nest the body is written for. */
    public static final KernelContext CONTEXT = new KernelContext(List.of("i", "j"), List.of(
            new ArraySignature("a", Type.FLOAT, Role.IN), new ArraySignature("b", Type.FLOAT, Role.IN),
            new ArraySignature("c", Type.DOUBLE, Role.IN), new ArraySignature("r", Type.FLOAT, Role.OUT),
            new ArraySignature("s", Type.DOUBLE, Role.OUT)));
    private static final int GROUP_LINES = 9;

    private GeneratedBody() {
    }

    /**
     * {@return a body and helpers of {@code lines} lines in all}
     *
     * @param lines the lines of body and helpers together
     * @throws IllegalArgumentException if {@code lines} leaves no room for the helpers, one group and the two
     *     output lines
     */
    public static DeviceCode of(int lines) {
        int bodyLines = lines - HELPER_LINES;
        if (bodyLines < GROUP_LINES + 2) {
            throw new IllegalArgumentException("lines = " + lines + " (expected: at least "
                    + (HELPER_LINES + GROUP_LINES + 2) + ": the helpers, one group and the outputs)");
        }
        StringBuilder helpers = new StringBuilder();
        for (int h = 0; h < HELPERS; h++) {
            String call = h == 0 ? "" : " + h" + (h - 1) + "(v, u)";
            helpers.append(String.format(Locale.ROOT, """
                    float h%1$d(float u, float v) {
                        const float m = u * 0.%2$d5f + v;
                        if (m > %1$d.5f) {
                            return sqrt(m) + exp(-v)%3$s;
                        }
                        return fmax(m, u) * 3.0f;
                    }

                    """, h, h + 1, call));
        }
        int groups = (bodyLines - 2) / GROUP_LINES;
        StringBuilder body = new StringBuilder();
        StringBuilder r = new StringBuilder("r = 0.0f");
        StringBuilder s = new StringBuilder("s = 0.0");
        for (int g = 0; g < groups; g++) {
            body.append(String.format(Locale.ROOT, """
                    const int n%1$d = (int) (i %% 7L) + %1$d;
                    float acc%1$d = a * 1.%1$df + h%2$d(b, a);
                    double wide%1$d = c * (double) acc%1$d - %3$d.25;
                    for (int k%1$d = 0; k%1$d < n%1$d; k%1$d++) {
                        acc%1$d += pow(fabs(b), 0.5f) / (1.0f + (float) k%1$d);
                        if (acc%1$d > %4$d.0f || isnan(acc%1$d)) {
                            break;
                        }
                    }
                    """, g, g % HELPERS, g + 2, 100 + g));
            r.append(" + acc").append(g);
            s.append(" + wide").append(g);
        }
        for (int pad = 0; pad < bodyLines - 2 - groups * GROUP_LINES; pad++) {
            body.append(String.format(Locale.ROOT, "const float pad%1$d = a * %1$d.0f + (float) j;%n", pad));
        }
        body.append(r).append(";\n").append(s).append(";\n");
        return new DeviceCode("generated", body.toString(), helpers.toString());
    }
}

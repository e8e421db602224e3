package org.loopnest.internal.lang.vector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.jvm.AccessSignature;
import org.loopnest.internal.lang.jvm.JavaEmitter;
import org.loopnest.internal.lang.jvm.JvmCompiler;
import org.loopnest.internal.lang.jvm.RunBody;
import org.loopnest.kernel.DeviceCode;

/**
 * Random bodies of integer arithmetic (exact on both paths) with nested {@code if}/{@code else}, bounded loops,
 * {@code break} and {@code continue} in some lanes, guarded divisions, and helpers that return early from loops: the
 * vector body must give the scalar body's bits for every lane. Seeded, so a failure names the seed that reproduces it;
 * small and large bodies alike, so both the register and the in-memory form of the vector code run.
 */
class RandomBodiesTest {
    private static final int BODIES = 40;
    private static final int N = 37;
    private static final JvmCompiler COMPILER = new JvmCompiler(2 * BODIES + 4);

    @Test
    void shouldComputeWhatTheScalarBodyComputesForRandomControlFlow() {
        int outlined = 0;
        for (int seed = 1; seed <= BODIES; seed++) {
            Random random = new Random(seed);
            String helpers = """
                    int steps(int v, int limit) {
                        int n = 0;
                        for (int k = 0; k < 12; k++) {
                            if (v % 5 == limit % 5) { return n; }
                            v = v / 2 + 3; n = n + 1;
                            if (n > limit) { break; }
                        }
                        return -n;
                    }
                    """;
            String body = "int a = x; int b = y; int c = 1;\n" + block(random, 0, seed % 2 == 0 ? 5 : 1)
                    + "r = a * 7 + b * 3 + c + steps(a, b);\n";
            List<ArraySignature> arrays = List.of(new ArraySignature("x", Type.INT, Role.IN),
                    new ArraySignature("y", Type.INT, Role.IN), new ArraySignature("r", Type.INT, Role.OUT));
            Program program = KernelLanguage.check(DeviceCode.of(body).withHelpers(helpers),
                    new KernelContext(List.of("i"), arrays));
            AccessSignature heap = new AccessSignature(List.of(new AccessSignature.Access(true, 1),
                    new AccessSignature.Access(true, 1), new AccessSignature.Access(true, 1)));
            RunBody scalar = COMPILER.compile(JavaEmitter.emit(program, heap));
            String source = VectorEmitter.emit(program, heap, VectorEmitter.lanes(program, VectorSupport.preferredBits()));
            String steps = source.substring(source.indexOf("void ln_steps("));
            outlined += steps.substring(0, steps.indexOf("\n    }\n")).contains("ln_b") ? 1 : 0; // the body's own
            RunBody vector = COMPILER.compile(source);
            int[] x = new int[N];
            int[] y = new int[N];
            for (int k = 0; k < N; k++) {
                x[k] = random.nextInt(201) - 100;
                y[k] = random.nextInt(21) - 10;
            }
            int[] expected = new int[N];
            int[] actual = new int[N];
            scalar.run(new Object[] {x, y, expected}, new long[3], new long[] {0}, N);
            vector.run(new Object[] {x, y, actual}, new long[3], new long[] {0}, N);
            assertArrayEquals(expected, actual, "seed " + seed + ":\n" + body);
        }
        assertTrue(outlined > 0 && outlined < BODIES, outlined + " of " + BODIES + " bodies outlined blocks (expected: "
                + "some, so that both forms of the vector code ran)");
    }

    /** Statements changing a, b and c; {@code loops} is how many loops enclose them (for break and continue). */
    private static String block(Random random, int loops, int depth) {
        StringBuilder out = new StringBuilder();
        int statements = depth <= 1 ? 1 + random.nextInt(2) : 2 + random.nextInt(4);
        for (int s = 0; s < statements; s++) {
            int kind = depth <= 0 ? random.nextInt(2) : random.nextInt(6);
            switch (kind) {
                case 0 -> out.append(pick(random, "a", "b", "c")).append(" = ").append(expression(random)).append(";\n");
                case 1 -> {
                    if (loops > 0 && random.nextInt(3) == 0) {
                        out.append("if (").append(condition(random)).append(") { ")
                                .append(random.nextBoolean() ? "break" : "continue").append("; }\n");
                    } else {
                        out.append("c = c + (").append(condition(random)).append(" ? 1 : 2);\n");
                    }
                }
                case 2, 3 -> {
                    out.append("if (").append(condition(random)).append(") {\n")
                            .append(block(random, loops, depth - 1)).append("}");
                    if (random.nextBoolean()) {
                        out.append(" else {\n").append(block(random, loops, depth - 1)).append("}");
                    }
                    out.append('\n');
                }
                default -> {
                    String k = "k" + depth + "_" + s;
                    out.append("for (int ").append(k).append(" = 0; ").append(k).append(" < ")
                            .append(1 + random.nextInt(6)).append("; ").append(k).append("++) {\n")
                            .append("a = a + ").append(k).append(";\n")
                            .append(block(random, loops + 1, depth - 1)).append("}\n");
                }
            }
        }
        return out.toString();
    }

    private static String expression(Random random) {
        String left = pick(random, "a", "b", "c", "x", "y");
        String right = pick(random, "a", "b", "c", "3", "-2");
        return switch (random.nextInt(5)) {
            case 0 -> left + " + " + right;
            case 1 -> left + " - " + right + " * 2";
            case 2 -> "(" + right + " != 0 ? " + left + " / " + right + " : " + left + ")";
            case 3 -> "(" + left + " ^ " + right + ") & 1023";
            default -> "(" + left + " % 17) * 3";
        };
    }

    private static String condition(Random random) {
        String v = pick(random, "a", "b", "c", "x", "y");
        return switch (random.nextInt(3)) {
            case 0 -> v + " > " + (random.nextInt(41) - 20);
            case 1 -> v + " % 3 == 0 && " + pick(random, "a", "b") + " < 50";
            default -> "!(" + v + " < 0) || c > 5";
        };
    }

    private static String pick(Random random, String... choices) {
        return choices[random.nextInt(choices.length)];
    }
}

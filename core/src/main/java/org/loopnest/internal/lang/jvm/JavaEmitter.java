package org.loopnest.internal.lang.jvm;

import java.util.List;
import java.util.Set;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;

/**
 * Prints a checked {@link Program} as the Java source of one final class, {@value #CLASS_NAME} in the unnamed
 * package, implementing {@link RunBody}: a counted loop over one run of the innermost loop. Per iteration it reads
 * the inputs the body names into read-only locals, runs the body with each output as a local, and stores each output
 * once at the end. How each array is reached (array or buffer, the step along the run as a literal) comes from an
 * {@link AccessSignature}, so the source is specialised for the layout. Stateless; the same program and signature
 * always give the same text.
 */
public final class JavaEmitter {
    /** The binary name of the printed class. */
    public static final String CLASS_NAME = "LnBody";

    private JavaEmitter() {
    }

    /**
     * {@return the Java source of {@code program} reaching its arrays as {@code access} says}
     *
     * @param program the checked body
     * @param access one access per array of the program's context, in its order
     * @throws IllegalArgumentException if {@code access} has another number of arrays than the program
     */
    public static String emit(Program program, AccessSignature access) {
        List<ArraySignature> arrays = program.context().arrays();
        if (access.arrays().size() != arrays.size()) {
            throw new IllegalArgumentException("access signature for " + access.arrays().size() + " arrays (expected: "
                    + arrays.size() + ", one per array of the program)");
        }
        Set<String> read = NamesUsed.arrays(program.body());
        StringBuilder out = new StringBuilder();
        out.append("public final class ").append(CLASS_NAME).append(" implements ").append(RunBody.class.getName())
                .append(" {\n");
        out.append("    public void run(Object[] ln_stores, long[] ln_positions, long[] ln_indices, int ln_n) {\n");
        for (int a = 0; a < arrays.size(); a++) {
            String store = storeType(arrays.get(a).type(), access.arrays().get(a).heapArray());
            out.append("        final ").append(store).append(" ln_a").append(a).append(" = (").append(store)
                    .append(") ln_stores[").append(a).append("];\n");
            out.append("        final int ln_p").append(a).append(" = (int) ln_positions[").append(a).append("];\n");
        }
        List<String> indices = program.context().indices();
        int last = indices.size() - 1;
        for (int j = 0; j < last; j++) {
            out.append("        final long ").append(JavaCode.name(indices.get(j))).append(" = ln_indices[").append(j)
                    .append("];\n");
        }
        out.append("        final long ln_first = ln_indices[").append(last).append("];\n");
        out.append("        for (int ln_k = 0; ln_k < ln_n; ln_k++) {\n");
        out.append("            final long ").append(JavaCode.name(indices.get(last))).append(" = ln_first + ln_k;\n");
        for (int a = 0; a < arrays.size(); a++) {
            ArraySignature array = arrays.get(a);
            String type = JavaCode.type(array.type());
            if (array.role() == Role.IN && read.contains(array.name())) {
                out.append("            final ").append(type).append(" ").append(JavaCode.name(array.name()))
                        .append(" = ").append(load(a, access.arrays().get(a))).append(";\n");
            } else if (array.role() == Role.OUT) {
                out.append("            ").append(type).append(" ").append(JavaCode.name(array.name())).append(" = ")
                        .append(JavaCode.zero(array.type())).append(";\n");
            }
        }
        JavaCode.statement(out, program.body(), "            ");
        for (int a = 0; a < arrays.size(); a++) {
            ArraySignature array = arrays.get(a);
            if (array.role() == Role.OUT) {
                out.append("            ").append(store(a, access.arrays().get(a), JavaCode.name(array.name())))
                        .append(";\n");
            }
        }
        out.append("        }\n    }\n");
        appendRuntime(out);
        for (Helper helper : program.helpers()) {
            appendHelper(out, helper);
        }
        return out.append("}\n").toString();
    }

    private static String storeType(Type element, boolean heapArray) {
        if (heapArray) {
            return element.keyword() + "[]";
        }
        String name = element.keyword();
        return "java.nio." + Character.toUpperCase(name.charAt(0)) + name.substring(1) + "Buffer";
    }

    private static String position(int a, long step) {
        if (step == 0) {
            return "ln_p" + a;
        }
        return step == 1 ? "ln_p" + a + " + ln_k" : "ln_p" + a + " + ln_k * (" + step + ")";
    }

    private static String load(int a, AccessSignature.Access access) {
        String at = position(a, access.step());
        return access.heapArray() ? "ln_a" + a + "[" + at + "]" : "ln_a" + a + ".get(" + at + ")";
    }

    private static String store(int a, AccessSignature.Access access, String value) {
        String at = position(a, access.step());
        return access.heapArray() ? "ln_a" + a + "[" + at + "] = " + value : "ln_a" + a + ".put(" + at + ", " + value
                + ")";
    }

    /**
     * {@code ln_cond} (a loop condition Java never takes for a constant), C's {@code fmin}/{@code fmax}, and C99's
     * {@code pow} where Java's differs: {@code pow(1, y)} is 1 for every y, NaN too, and {@code pow(-1, ±∞)} is 1
     * (Java's {@code Math.pow} gives NaN for both).
     */
    private static void appendRuntime(StringBuilder out) {
        out.append("    private static boolean ln_cond(boolean c) {\n        return c;\n    }\n");
        out.append("    private static double ln_pow(double x, double y) {\n        return x == 1.0 || x == -1.0 "
                + "&& Double.isInfinite(y) ? 1.0 : Math.pow(x, y);\n    }\n");
        for (String t : List.of("float", "double")) {
            out.append("    private static ").append(t).append(" ln_fmin(").append(t).append(" a, ").append(t)
                    .append(" b) {\n        return a != a ? b : b != b ? a : Math.min(a, b);\n    }\n");
            out.append("    private static ").append(t).append(" ln_fmax(").append(t).append(" a, ").append(t)
                    .append(" b) {\n        return a != a ? b : b != b ? a : Math.max(a, b);\n    }\n");
        }
    }

    private static void appendHelper(StringBuilder out, Helper helper) {
        out.append("    private static ").append(JavaCode.type(helper.returnType())).append(" ")
                .append(JavaCode.name(helper.name())).append("(");
        for (int i = 0; i < helper.parameters().size(); i++) {
            Helper.Parameter p = helper.parameters().get(i);
            out.append(i == 0 ? "" : ", ").append(JavaCode.type(p.type())).append(" ").append(JavaCode.name(p.name()));
        }
        out.append(")\n");
        JavaCode.statement(out, helper.body(), "    ");
        // the checked helper returns on every path: this only satisfies Java's rule for the printed if (true) return
        int close = out.lastIndexOf("    }\n");
        out.insert(close, "        throw new AssertionError(\"helper " + helper.name() + " ended without return\");\n");
    }
}

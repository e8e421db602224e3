package org.loopnest.internal.lang.vector;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.jvm.AccessSignature;
import org.loopnest.internal.lang.jvm.JavaEmitter;
import org.loopnest.internal.lang.jvm.RunBody;

/**
 * Prints a checked {@link Program} as the Java source of one final class, {@value JavaEmitter#CLASS_NAME} in the
 * unnamed package, implementing {@link RunBody} with the JDK's Vector API: each step of its loop ({@code ln_steps})
 * runs {@link Lanes#count()} consecutive iterations of the run at once, one per lane. It loads the inputs the body
 * reads ({@code fromArray}, or a broadcast for an array that does not use the innermost loop), runs the body under
 * lane masks ({@link VectorCode}), and stores each output once at the end of the step ({@code intoArray}); a column
 * array's levels are read and written where the body subscripts them (lanes = neighbouring columns). The whole
 * steps of a run run with every lane on, a constant mask; the last, partial step ({@code ln_tail}) runs the same
 * code once over the thread's copies of the stepped arrays padded to a whole vector, with the lanes past the run's end
 * masked ({@code indexInRange}) and not copied back, so that no scalar remainder loop computes the last elements
 * differently and no load or store of the whole steps needs a mask (a masked load, or a choice between a masked and a
 * plain one, made C2 box the vectors of JDK 17). Arrays are reached as heap arrays with step 1 or 0 only: a caller
 * stages other layouts (NIO buffers, strides) through heap arrays first.
 *
 * <p>The printed class links against {@code jdk.incubator.vector}: compile and load it only where {@link
 * VectorSupport#unavailable()} is empty. Janino compiles it (no lambdas, generics erased: masks are printed as the
 * raw {@code VectorMask}). Stateless; the same program, access and lanes always give the same text.
 */
public final class VectorEmitter {
    private VectorEmitter() {
    }

    /**
     * {@return the lanes a vector body of {@code program} has on a machine whose preferred vector is
     * {@code preferredBits} wide}
     *
     * @param program the checked body
     * @param preferredBits {@link VectorSupport#preferredBits()}
     */
    public static Lanes lanes(Program program, int preferredBits) {
        Set<Type> types = EnumSet.noneOf(Type.class);
        Set<String> read = namesRead(program);
        for (ArraySignature a : program.context().arrays()) {
            if (a.role() == Role.OUT || read.contains(a.name())) {
                types.add(a.type());
            }
        }
        types.addAll(VectorCode.typesUsed(program.body()));
        for (Helper h : program.helpers()) {
            types.add(h.returnType());
            h.parameters().forEach(p -> types.add(p.type()));
            types.addAll(VectorCode.typesUsed(h.body()));
        }
        return Lanes.of(types, preferredBits);
    }

    /** {@return the names of the arrays and loop indices that {@code program}'s body reads} */
    private static Set<String> namesRead(Program program) {
        Set<String> read = new TreeSet<>();
        Children.expressionsUnder(program.body()).forEach(e -> {
            if (e instanceof Expr.Index i) {
                read.add(i.name());
            } else if (e instanceof Expr.Array a) {
                read.add(a.name());
            } else if (e instanceof Expr.Element a) {
                read.add(a.name());
            }
        });
        Children.statementsUnder(program.body()).forEach(s -> {
            if (s instanceof Stmt.Assign a && a.target() instanceof Expr.Element level) {
                read.add(level.name()); // a column output's levels are reached by subscript, not stored at the end
            }
        });
        return read;
    }

    /**
     * {@return the Java source of {@code program} over {@code lanes}, reaching its arrays as {@code access} says}
     *
     * @param program the checked body
     * @param access one access per binding of the program's context (a column array is one per level), each a heap
     *     array with step 0 or 1
     * @param lanes the lanes, as {@link #lanes(Program, int)} gives them
     * @throws IllegalArgumentException if {@code access} has another number of arrays than the program, or an access
     *     that is not a heap array with step 0 or 1
     */
    public static String emit(Program program, AccessSignature access, Lanes lanes) {
        List<ArraySignature> arrays = program.context().arrays();
        KernelContext context = program.context();
        int bindings = context.firstBinding(arrays.size());
        if (access.arrays().size() != bindings) {
            throw new IllegalArgumentException("access signature for " + access.arrays().size() + " arrays (expected: "
                    + bindings + ", one per binding of the program)");
        }
        for (int b = 0; b < bindings; b++) {
            AccessSignature.Access at = access.arrays().get(b);
            if (!at.heapArray() || (at.step() != 0 && at.step() != 1)) {
                throw new IllegalArgumentException("array binding " + b + " reached as " + at
                        + " (expected: a heap array with step 0 or 1; stage other layouts)");
            }
        }
        StringBuilder body = new StringBuilder();
        VectorCode code = new VectorCode(lanes, program.helpers(), body);
        List<VectorCode.Column> columns = new java.util.ArrayList<>();
        for (int a = 0; a < arrays.size(); a++) {
            ArraySignature array = arrays.get(a);
            if (array.isColumn()) {
                columns.add(new VectorCode.Column(array.name(), array.type(), array.levels(),
                        access.arrays().get(context.firstBinding(a)).step() == 1));
            }
        }
        code.columns(columns);
        Object root = code.rootRegion("ln_lanes", program.body());
        String indent = "            ";
        List<String> indices = program.context().indices();
        int last = indices.size() - 1;
        Set<String> used = namesRead(program);
        StringBuilder setup = new StringBuilder();
        StringBuilder loads = new StringBuilder();
        StringBuilder stores = new StringBuilder();
        StringBuilder tailIn = new StringBuilder();
        StringBuilder tailOut = new StringBuilder();
        if (!columns.isEmpty()) {
            loads.append(indent).append("ln_kk[0] = ln_k;\n");
        }
        for (int a = 0; a < arrays.size(); a++) {
            ArraySignature array = arrays.get(a);
            int b = context.firstBinding(a);
            if (array.isColumn()) {
                columnArray(array, b, access.arrays().get(b).step() == 1, setup, loads, tailIn, tailOut, indent);
                continue;
            }
            String element = array.type().keyword();
            setup.append("        final ").append(element).append("[] ln_a").append(b).append(" = (").append(element)
                    .append("[]) ln_stores[").append(b).append("];\n");
            setup.append("        final int ln_p").append(b).append(" = (int) ln_positions[").append(b).append("];\n");
            String vector = Lanes.vectorClass(array.type());
            String species = VectorCode.species(array.type());
            String name = "u_" + array.name();
            boolean step = access.arrays().get(b).step() == 1;
            if (array.role() == Role.IN && used.contains(array.name())) {
                if (step) {
                    loads.append(indent).append(code.declareRoot(array.name(), name, array.type(), root, vector
                            + ".fromArray(" + species + ", ln_a" + b + ", ln_p" + b + " + ln_k)")).append('\n');
                    tailIn.append("        System.arraycopy(ln_stores[").append(b).append("], (int) ln_positions[")
                            .append(b).append("] + ln_from, ln_t[").append(b).append("], 0, ln_count);\n");
                } else {
                    setup.append("        ").append(code.declareRoot(array.name(), name, array.type(), root, vector
                            + ".broadcast(" + species + ", ln_a" + b + "[ln_p" + b + "])")).append('\n');
                }
            } else if (array.role() == Role.OUT) {
                loads.append(indent).append(code.declareOutput(array.name(), name, array.type(), root)).append('\n');
                name = code.read(array.name());
                if (step) {
                    stores.append(indent).append(name).append(".intoArray(ln_a").append(b).append(", ln_p").append(b)
                            .append(" + ln_k);\n");
                    tailOut.append("        System.arraycopy(ln_t[").append(b).append("], 0, ln_stores[").append(b)
                            .append("], (int) ln_positions[").append(b).append("] + ln_from, ln_count);\n");
                } else { // every iteration of the run writes one element: the run's last iteration's value stays
                    stores.append(indent).append("ln_a").append(b).append("[ln_p").append(b).append("] = ").append(name)
                            .append(".lane(Math.min(ln_L, ln_n - ln_k) - 1);\n");
                }
            }
        }
        for (int j = 0; j < last; j++) {
            if (used.contains(indices.get(j))) {
                setup.append("        ").append(code.declareRoot(indices.get(j), "u_" + indices.get(j), Type.LONG, root,
                        "LongVector.broadcast(ln_J, ln_indices[" + j + "])")).append('\n');
            }
        }
        if (used.contains(indices.get(last))) {
            loads.append(indent).append(code.declareRoot(indices.get(last), "u_" + indices.get(last), Type.LONG, root,
                    "LongVector.broadcast(ln_J, ln_first + ln_k).addIndex(1)")).append('\n');
        }
        String enter = code.enterRoot(root, "ln_lanes");
        if (!enter.isEmpty()) {
            loads.append(indent).append(enter).append('\n');
        }
        for (var s : program.body().statements()) {
            code.statement(s, root, indent);
        }
        return assemble(program, access, lanes, code, new Step(setup, loads, body, stores), tailIn, tailOut);
    }

    /**
     * The levels of column array {@code array} (bindings {@code b} on): their stores and positions put in the step
     * method's column slots; a column output's levels set to NaN (0 for integers) at each step; in the last, partial
     * step, the stepped levels copied to and from the thread's padded copies.
     */
    private static void columnArray(ArraySignature array, int b, boolean stepped, StringBuilder setup,
                                    StringBuilder loads, StringBuilder tailIn, StringBuilder tailOut, String indent) {
        String c = VectorCode.columnName(array.name());
        String element = array.type().keyword();
        int levels = array.levels();
        setup.append("        for (int ln_l = 0; ln_l < ").append(levels).append("; ln_l++) {\n")
                .append("            ").append(c).append("[ln_l] = (").append(element).append("[]) ln_stores[")
                .append(b).append(" + ln_l];\n")
                .append("            ").append(c).append("_p[ln_l] = (int) ln_positions[").append(b)
                .append(" + ln_l];\n        }\n");
        if (array.role() == Role.OUT) {
            String unset = Lanes.vectorClass(array.type()) + ".broadcast(" + VectorCode.species(array.type()) + ", "
                    + (array.type() == Type.FLOAT ? "Float.NaN" : array.type() == Type.DOUBLE ? "Double.NaN" : "0")
                    + ")";
            loads.append(indent).append("for (int ln_l = 0; ln_l < ").append(levels).append("; ln_l++)\n")
                    .append(indent).append("    ").append(unset).append(".intoArray(").append(c).append("[ln_l], ")
                    .append(c).append("_p[ln_l] + ln_k);\n");
        }
        if (!stepped) {
            return;
        }
        String copy = array.role() == Role.IN
                ? "System.arraycopy(ln_stores[" + b + " + ln_l], (int) ln_positions[" + b + " + ln_l] + ln_from, "
                + "ln_t[" + b + " + ln_l], 0, ln_count);"
                : "System.arraycopy(ln_t[" + b + " + ln_l], 0, ln_stores[" + b + " + ln_l], (int) ln_positions[" + b
                + " + ln_l] + ln_from, ln_count);";
        (array.role() == Role.IN ? tailIn : tailOut).append("        for (int ln_l = 0; ln_l < ").append(levels)
                .append("; ln_l++)\n            ").append(copy).append('\n');
    }

    /** The printed parts of the step method: before the loop, and the loads, body and stores of each step. */
    private record Step(StringBuilder setup, StringBuilder loads, StringBuilder body, StringBuilder stores) {
    }

    private static String assemble(Program program, AccessSignature access, Lanes lanes, VectorCode code, Step step,
                                   StringBuilder tailIn, StringBuilder tailOut) {
        StringBuilder out = new StringBuilder();
        out.append("// Generated by LoopNest for the JVM's Vector API from kernel ").append(program.code().name())
                .append(": one call runs one run of the innermost loop, ").append(lanes.count())
                .append(" iterations per step.\n");
        out.append("import jdk.incubator.vector.*;\n\n");
        out.append("public final class ").append(JavaEmitter.CLASS_NAME).append(" implements ")
                .append(RunBody.class.getName()).append(" {\n");
        for (Type t : VectorCode.SCRATCH_TYPES) { // the four numeric types
            if (fits(lanes, t)) {
                out.append("    private static final VectorSpecies ").append(VectorCode.species(t)).append(" = ")
                        .append(lanes.species(t)).append(";\n");
            }
        }
        out.append("    private static final VectorSpecies ln_M = ").append(VectorCode.species(lanes.maskType()))
                .append(";\n");
        out.append("    private static final int ln_L = ").append(lanes.count()).append(";\n");
        out.append("    private static final VectorMask ln_ALL = ln_M.maskAll(true);\n");
        out.append(code.constants());
        out.append("    /** Each thread's rows for values kept in memory (carried by loops, passed to helpers), and its"
                + " padded copies of the stepped arrays for the last step of a run. */\n");
        out.append("    private static final ThreadLocal ln_SCRATCH = new ThreadLocal();\n\n");
        printRun(out, program, access, lanes, code.scratchRows());
        printTail(out, program, access, tailIn, tailOut);
        out.append("\n    private static void ln_steps(Object[] ln_s, Object[] ln_stores, long[] ln_positions,"
                + " long[] ln_indices, long ln_first, int ln_n, VectorMask ln_lanes) {\n");
        code.unpackScratch(out, "        ");
        out.append(step.setup());
        out.append("        for (int ln_k = 0; ln_k < ln_n; ln_k += ln_L) {\n");
        out.append(step.loads()).append(step.body()).append(step.stores());
        out.append("        }\n    }\n");
        out.append(code.methods());
        if (program.context().arrays().stream().anyMatch(ArraySignature::isColumn)) {
            out.append(code.levelRuntime()).append('\n').append(code.levelSites()).append(JavaEmitter.levelCheck());
        }
        for (String name : code.runtime()) {
            out.append('\n');
            VectorRuntime.append(out, name);
        }
        return out.append("}\n").toString();
    }

    /**
     * Prints {@code run}: the thread's scratch (made on its first call), then the run's whole steps in {@code ln_steps}
     * with every lane on (a constant mask, which C2 folds), and the last, partial step, if any, in {@code ln_tail}.
     */
    private static void printRun(StringBuilder out, Program program, AccessSignature access, Lanes lanes,
                                 Map<Type, Integer> rows) {
        out.append("    public void run(Object[] ln_stores, long[] ln_positions, long[] ln_indices, int ln_n) {\n");
        out.append("        Object[] ln_s = (Object[]) ln_SCRATCH.get();\n");
        out.append("        if (ln_s == null) {\n            ln_s = new Object[] {");
        for (Type t : VectorCode.SCRATCH_TYPES) {
            out.append("new ").append(t.keyword()).append("[").append(rows.getOrDefault(t, 0) * lanes.count())
                    .append("], ");
        }
        out.append("new Object[] {");
        List<ArraySignature> arrays = program.context().arrays();
        int b = 0;
        for (ArraySignature array : arrays) {
            for (int l = 0; l < array.bindings(); l++, b++) {
                out.append(b == 0 ? "" : ", ").append(access.arrays().get(b).step() == 1
                        ? "new " + array.type().keyword() + "[ln_L]" : "null");
            }
        }
        out.append("}, new long[").append(b).append("]");
        boolean columns = false;
        for (ArraySignature array : arrays) { // the column slots: the levels' stores and positions
            if (array.isColumn()) {
                out.append(", new ").append(array.type().keyword()).append("[").append(array.levels())
                        .append("][], new int[").append(array.levels()).append("]");
                columns = true;
            }
        }
        out.append(columns ? ", new int[5]};\n" : "};\n");
        out.append("            ln_SCRATCH.set(ln_s);\n        }\n");
        int slots = 2 * (int) arrays.stream().filter(ArraySignature::isColumn).count();
        if (columns) { // the level stores are the caller's arrays: the thread's scratch lets go of them after the run
            out.append("        final int[] ln_kk = (int[]) ln_s[").append(VectorCode.FIRST_COLUMN_SLOT + slots)
                    .append("];\n");
            out.append("        ln_kk[1] = 0;\n");
            out.append("        try {\n");
        }
        int last = program.context().indices().size() - 1;
        out.append("        final long ln_first = ln_indices[").append(last).append("];\n");
        out.append("        final int ln_whole = ln_n - ln_n % ln_L;\n");
        out.append("        if (ln_whole > 0)\n");
        out.append("            ln_steps(ln_s, ln_stores, ln_positions, ln_indices, ln_first, ln_whole, ln_ALL);\n");
        out.append("        if (ln_whole < ln_n)\n");
        out.append("            ln_tail(ln_s, ln_stores, ln_positions, ln_indices, ln_first + ln_whole, ln_whole,"
                + " ln_n - ln_whole);\n");
        if (columns) { // a level outside its column was recorded by the steps: the run fails now
            out.append("        if (ln_kk[1] != 0)\n            ln_failed(ln_kk);\n");
            out.append("        } finally {\n");
            for (int slot = VectorCode.FIRST_COLUMN_SLOT; slot < VectorCode.FIRST_COLUMN_SLOT + slots; slot += 2) {
                out.append("            java.util.Arrays.fill((Object[]) ln_s[").append(slot).append("], null);\n");
            }
            out.append("        }\n");
        }
        out.append("    }\n");
    }

    /**
     * Prints {@code ln_tail}: the last {@code ln_count < ln_L} iterations of a run as one step over the thread's
     * copies of the stepped arrays, padded to {@code ln_L} elements (the lanes past the end are masked: they enter no
     * branch and no loop, and are not copied back), so that the loop of whole steps needs no mask at all.
     */
    private static void printTail(StringBuilder out, Program program, AccessSignature access, StringBuilder tailIn,
                                  StringBuilder tailOut) {
        out.append("\n    private static void ln_tail(Object[] ln_s, Object[] ln_stores, long[] ln_positions,"
                + " long[] ln_indices, long ln_first, int ln_from, int ln_count) {\n");
        out.append("        final Object[] ln_t = (Object[]) ln_s[4];\n");
        out.append("        final long[] ln_tp = (long[]) ln_s[5];\n");
        StringBuilder release = new StringBuilder();
        for (int a = 0; a < access.arrays().size(); a++) {
            if (access.arrays().get(a).step() == 0) { // the run's one element: reached in place
                out.append("        ln_t[").append(a).append("] = ln_stores[").append(a).append("];\n");
                out.append("        ln_tp[").append(a).append("] = ln_positions[").append(a).append("];\n");
                release.append("        ln_t[").append(a).append("] = null;\n");
            }
        }
        out.append(tailIn);
        out.append("        ln_steps(ln_s, ln_t, ln_tp, ln_indices, ln_first, ln_count,"
                + " ln_M.indexInRange(0, ln_count));\n");
        out.append(tailOut);
        out.append(release).append("    }\n");
    }

    /** Whether {@code type}'s species exists at this lane count: 64 to the largest shape (512 bits). */
    private static boolean fits(Lanes lanes, Type type) {
        int bits = lanes.vectorBits(type);
        return bits >= 64 && bits <= 512;
    }
}

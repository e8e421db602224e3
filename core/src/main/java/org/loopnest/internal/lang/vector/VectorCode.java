package org.loopnest.internal.lang.vector;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;

/**
 * Prints statements and expressions of the typed tree as Vector API code over {@link Lanes#count()} lanes: a value of
 * type {@code float} is a {@code FloatVector} (and so on), a {@code bool} a {@code VectorMask} of the mask species.
 *
 * <p><b>Control flow by masks.</b> Every statement runs under a <em>region</em>, a mask variable naming the lanes for
 * which it runs (at the top, the lanes inside the run). {@code if} splits its region into the lanes where the
 * condition holds and the others, and runs each branch only if any lane is in it; an assignment to a variable
 * declared outside the current region blends the new value into those lanes only. A loop keeps the lanes still
 * looping and runs while any is; {@code break}, {@code continue} and a helper's {@code return} take the lanes that
 * reach them out of every region up to the loop (or the helper), so that each lane leaves at its own step. Helpers
 * are methods of their own, called with the call's lanes as their region (see {@link #callHelper}). The only operation
 * that can fail, integer division (and remainder) by zero, is checked under the lanes that evaluate it, so a
 * lane that C would not evaluate (the other branch of {@code ?:}, the right of a false {@code &&}, a lane past the
 * run's end) never fails. Not thread-safe: one instance prints one class.
 */
final class VectorCode {
    /** A variable as printed: where it lives, and the region it was declared in. */
    private record Var(Slot slot, Region region) {
    }

    /** Lanes that run a statement; {@code loopAlive} is set for a loop iteration's region. */
    private record Region(Slot mask, Region parent, Slot loopAlive, boolean helperRoot) {
    }

    /** The helper being printed: where its result goes, and whether it returns from inside a loop. */
    private record HelperScope(Slot result, boolean returnsInLoop) {
    }

    /**
     * Where a value lives: a Java local (a register to the JIT compiler), or, for a value carried around a loop, a
     * row of {@link Lanes#count()} elements in the scratch array of its type ({@code offset >= 0}). C2 of JDK 17
     * keeps a vector that flows around a loop as an object allocated on every iteration; through memory it stays in
     * registers between a load and a store, which cost far less.
     */
    private final class Slot {
        private final String java;
        private final Type type;
        private final int offset;

        Slot(String java, Type type, boolean memory) {
            this.java = java;
            this.type = type;
            this.offset = memory ? slots.merge(held(type), 1, Integer::sum) - 1 : -1;
        }

        Type type() {
            return type;
        }

        String read() {
            if (offset < 0) {
                return java;
            }
            String local = cached.get(this);
            return local != null ? local : load();
        }

        /** {@return the value as a Java expression, loaded from its row if it has one (never a cached local)} */
        String load() {
            if (offset < 0) {
                return java;
            }
            Type held = held(type);
            return type == Type.BOOL
                    ? toMaskSpecies(row() + ".compare(VectorOperators.NE, " + zeroOrOne(held, false) + ")", held)
                    : row();
        }

        /** {@return the row as a vector of its held type (a mask's row holds 0 and 1)} */
        private String row() {
            Type held = held(type);
            return Lanes.vectorClass(held) + ".fromArray(" + species(held) + ", " + scratch(held) + ", " + offset
                    + " * ln_L)";
        }

        /** {@return the statement storing {@code vector}, of the held type, into the row} */
        private String store(String vector) {
            return "(" + vector + ").intoArray(" + scratch(held(type)) + ", " + offset + " * ln_L);";
        }

        String write(String value) {
            if (offset < 0) {
                return java + " = " + value + ";";
            }
            Type held = held(type);
            String local = fresh("v");
            cached.put(this, local);
            String stored = type == Type.BOOL
                    ? zeroOrOne(held, false) + ".blend(" + zeroOrOne(held, true) + ", " + maskOf(local, held) + ")"
                    : local;
            return "final " + javaType(type) + " " + local + " = " + value + "; " + store(stored);
        }

        String declare(String value) {
            return offset < 0 ? javaType(type) + " " + java + " = " + value + ";" : write(value);
        }

        /**
         * {@return the statement that takes the lanes of {@code mask} out of this mask} In memory, a blend of the row
         * with zero: C2 keeps that in registers, where {@code andNot} of a mask loaded from the row allocated.
         */
        String removeLanes(String mask) {
            if (offset < 0) {
                return write(andNot(java, mask));
            }
            cached.remove(this);
            Type held = held(type);
            return store(row() + ".blend(" + zeroOrOne(held, false) + ", " + maskOf(mask, held) + ")");
        }
    }

    /** The element type that holds a value of {@code type} in memory: its own, a mask's the mask species' type. */
    private Type held(Type type) {
        return type == Type.BOOL ? lanes.maskType() : type;
    }

    /** {@return the name of the scratch array of {@code type} in the printed method} */
    static String scratch(Type type) {
        return "ln_s" + species(type).substring(3);
    }

    /** {@return how many rows of {@link Lanes#count()} elements the scratch array of each type needs} */
    Map<Type, Integer> scratchRows() {
        return slots;
    }

    private final Lanes lanes;
    private final Map<String, Helper> helpers = new HashMap<>();
    private final Set<String> runtime = new TreeSet<>();
    private final Map<Type, Integer> slots = new java.util.EnumMap<>(Type.class);
    private Set<String> carried = Set.of();
    /** Whether every variable and mask of the function being printed lives in memory, so blocks can be outlined. */
    private boolean spill;
    /**
     * The expressions from which a body or helper keeps its values in memory and outlines its larger blocks. Measured
     * on the weather body (BENCHMARKS.md, run 29): from 24 with blocks of 8, C2 compiles every method of the printed
     * class without reaching its node budget (past which it stops inlining the Vector API's own methods, and every
     * vector after that point becomes an object), both for rows of 360 points and for runs of a whole plane; the
     * earlier 60 and 16 left the weather body's step over that budget (0.2× the hand loop on rows of 360).
     */
    static final int SPILL_FROM = 24;
    /** The expressions from which a block of such a function becomes a method of its own. */
    static final int OUTLINE_FROM = 8;
    private StringBuilder out;
    private final StringBuilder methods = new StringBuilder();
    private final Map<String, Frame> frames = new HashMap<>();
    /**
     * The Java locals that hold the values last written to rows in the straight-line code being printed: a read
     * takes the local rather than loading the row again. Forgotten at every block, branch, loop and call, where the
     * row may be written elsewhere or the local is out of scope.
     */
    private final Map<Slot, String> cached = new java.util.IdentityHashMap<>();
    private final Map<String, String> constants = new java.util.LinkedHashMap<>();
    private final StringBuilder constantDeclarations = new StringBuilder();
    private Map<String, Var> names = new HashMap<>();
    /** The column arrays, by name, in the order of their slots in {@code ln_s} (see {@link #columns(List)}). */
    private final Map<String, Column> columns = new java.util.LinkedHashMap<>();
    /** Each level access's extent, array, axis and place, joined by {@code |}, in the order first printed. */
    private final List<String> sites = new ArrayList<>();
    /** The element and index types of the level reads and writes printed, for their runtime methods. */
    private final Set<String> levelAccess = new TreeSet<>();
    private HelperScope helper;
    private int serial;

    VectorCode(Lanes lanes, List<Helper> helpers, StringBuilder out) {
        this.lanes = lanes;
        this.out = out;
        for (Helper h : helpers) {
            this.helpers.put(h.name(), h);
        }
    }

    /**
     * A column array as the printed class reaches it: its levels' stores ({@code ln_c_NAME}, an array of the element
     * type's arrays) and positions ({@code ln_c_NAME_p}), unpacked from {@code ln_s} in every method.
     *
     * @param name the array's name
     * @param type its element type
     * @param levels its levels
     * @param stepped whether its levels move along the run (step 1), else one element per run (step 0)
     */
    record Column(String name, Type type, int levels, boolean stepped) {
    }

    /** The first slot of {@code ln_s} that holds column stores: after the scratch rows and the tail's copies. */
    static final int FIRST_COLUMN_SLOT = 6;

    /**
     * Sets the column arrays of the program's context; call before printing. Their stores and positions sit in
     * {@code ln_s} from {@link #FIRST_COLUMN_SLOT}, two slots each, then the step's first iteration ({@code ln_kk[0]}).
     *
     * @param list the column arrays, in slot order
     */
    void columns(List<Column> list) {
        list.forEach(c -> columns.put(c.name(), c));
    }

    /** {@return the Java name of column array {@code name}'s level stores} */
    static String columnName(String name) {
        return "ln_c_" + name;
    }

    /**
     * {@return the root region: the lanes of {@code mask}, a variable of the mask species} Call once, before
     * printing {@code body}, the statements of the kernel's body.
     *
     * @param body the body, to find the variables it carries around loops
     */
    Object rootRegion(String mask, Stmt body) {
        carried = LoopCarried.names(body);
        spill = size(body) > SPILL_FROM;
        return new Region(new Slot(spill ? "ln_root" : mask, Type.BOOL, spill), null, null, false);
    }

    /** {@return the statement that sets the root region's lanes from {@code mask} at each step (none if it is that)} */
    String enterRoot(Object root, String mask) {
        Slot slot = ((Region) root).mask();
        return slot.offset < 0 ? "" : slot.write(mask);
    }

    /**
     * {@return the statement declaring {@code name} (an index or an input) at the root with the value {@code init}}
     *
     * @param java its Java name, if it stays a local
     */
    String declareRoot(String name, String java, Type type, Object root, String init) {
        Slot slot = new Slot(java, type, spill);
        names.put(name, new Var(slot, (Region) root));
        return slot.declare(init);
    }

    /**
     * {@return the statement declaring output {@code name} at the root as zero, under the Java name {@code java}}
     * Its value at the end is {@link #read(String)}.
     */
    String declareOutput(String name, String java, Type type, Object root) {
        Slot slot = new Slot(java, type, spill || carried.contains(name));
        names.put(name, new Var(slot, (Region) root));
        return slot.declare(constant(type, zero(type)));
    }

    /**
     * {@return the value of root variable {@code name} as a Java expression valid anywhere in the step: the variable
     * itself, or a load of its row}
     */
    String read(String name) {
        return names.get(name).slot().load();
    }

    /** {@return the names of the runtime methods the printed code calls, see {@link VectorRuntime}} */
    Set<String> runtime() {
        return runtime;
    }

    /** {@return the Java type of a value of {@code type}} */
    static String javaType(Type type) {
        return type == Type.BOOL ? "VectorMask" : Lanes.vectorClass(type);
    }

    /** {@return the species constant of {@code type} in the printed class} */
    static String species(Type type) {
        return switch (type) {
            case INT -> "ln_I";
            case LONG -> "ln_J";
            case FLOAT -> "ln_F";
            case DOUBLE -> "ln_D";
            case BOOL -> "ln_M";
        };
    }

    /** {@return the zero of {@code type}: a vector of zeros, or a mask of no lane} */
    static String zero(Type type) {
        return type == Type.BOOL ? "ln_M.maskAll(false)" : Lanes.vectorClass(type) + ".zero(" + species(type) + ")";
    }

    /** {@return {@code mask} (of the mask species) as a mask of {@code type}'s species} */
    String maskOf(String mask, Type type) {
        return type == Type.BOOL || type == lanes.maskType() ? mask : mask + ".cast(" + species(type) + ")";
    }

    /** {@return {@code mask}, a mask of {@code type}'s species, as one of the mask species} */
    private String toMaskSpecies(String mask, Type type) {
        return type == lanes.maskType() ? mask : mask + ".cast(ln_M)";
    }

    private String fresh(String stem) {
        return "ln_" + stem + (serial++);
    }

    // ------------------------------------------------------------------------------------------------ statements

    /** Appends {@code statement} run under {@code region} at {@code indent}. */
    void statement(Stmt statement, Object region, String indent) {
        Region r = (Region) region;
        printStatement(statement, r, indent);
        if (statement instanceof Stmt.Block || statement instanceof Stmt.If || statement instanceof Stmt.While
                || statement instanceof Stmt.For) {
            // what a block wrote may not have run, and its locals are out of scope; before it, and inside it, the
            // locals cached so far hold (a loop forgets them at its head, a call after it)
            cached.clear();
        }
    }

    private void printStatement(Stmt statement, Region r, String indent) {
        if (statement instanceof Stmt.Block b && spill && size(b) >= OUTLINE_FROM) {
            outline(b, r, indent);
        } else if (statement instanceof Stmt.Block b) {
            out.append(indent).append("{\n");
            for (Stmt s : b.statements()) {
                statement(s, r, indent + "    ");
            }
            out.append(indent).append("}\n");
        } else if (statement instanceof Stmt.Declare d) {
            String init = d.init() == null ? constant(d.type(), zero(d.type()))
                    : expr(d.init(), r.mask().read(), indent);
            Slot slot = new Slot(javaName(d.name()), d.type(), spill || carried.contains(d.name()));
            out.append(indent).append(slot.declare(init)).append('\n');
            names.put(d.name(), new Var(slot, r));
        } else if (statement instanceof Stmt.Assign a) {
            assign(a, r, indent);
        } else if (statement instanceof Stmt.If i) {
            branch(i, r, indent);
        } else if (statement instanceof Stmt.While w) {
            loop(null, w.condition(), null, w.body(), r, indent);
        } else if (statement instanceof Stmt.For f) {
            out.append(indent).append("{\n");
            loop(f.init(), f.condition(), f.update(), f.body(), r, indent + "    ");
            out.append(indent).append("}\n");
        } else if (statement instanceof Stmt.Break) {
            leave(r, indent, Leaving.BREAK);
        } else if (statement instanceof Stmt.Continue) {
            leave(r, indent, Leaving.CONTINUE);
        } else {
            Stmt.Return ret = (Stmt.Return) statement;
            String value = expr(ret.value(), r.mask().read(), indent);
            Slot result = helper.result();
            out.append(indent).append(result.write(blend(result.read(), value, r.mask().read(), result.type())))
                    .append('\n');
            leave(r, indent, Leaving.RETURN);
        }
    }

    /**
     * Prints block {@code b} as a method of its own, called here: in a large body every variable and mask is in
     * memory ({@link #spill}), so the block's method reaches them all. A method of too many vector operations is more
     * than C1 can compile ("out of virtual registers"), and then it never reaches C2 either.
     */
    private void outline(Stmt.Block b, Region r, String indent) {
        String method = fresh("b");
        printMethod(method, () -> {
            for (Stmt s : b.statements()) {
                statement(s, r, METHOD_INDENT);
            }
        });
        out.append(indent).append(method).append("(ln_s);\n");
        cached.clear();
    }

    /**
     * Prints {@code method(Object[] ln_s)} into {@link #methods()}: the scratch arrays unpacked, then what
     * {@code body} prints (at {@link #METHOD_INDENT}), then restores where printing was.
     */
    private void printMethod(String method, Runnable body) {
        StringBuilder outer = out;
        Map<Slot, String> outerCache = new java.util.IdentityHashMap<>(cached);
        cached.clear();
        out = new StringBuilder();
        out.append("\n    private static void ").append(method).append("(Object[] ln_s) {\n");
        unpackScratch(out, METHOD_INDENT);
        body.run();
        out.append("    }\n");
        methods.append(out);
        out = outer;
        cached.clear();
        cached.putAll(outerCache); // the caller forgets them after its call
    }

    /** The indentation of a printed method's statements. */
    private static final String METHOD_INDENT = "        ";

    /** {@return the expressions under {@code s}: about the vector operations it takes} */
    private static long size(Stmt s) {
        return Children.expressionsUnder(s).count();
    }

    private String javaName(String userName) {
        // a helper's names get a prefix of their own, which no user name (printed as u_...) can have
        return helper == null ? "u_" + userName : "h" + serial++ + "_" + userName;
    }

    private void assign(Stmt.Assign a, Region r, String indent) {
        if (a.target() instanceof Expr.Element el) {
            String value = expr(a.value(), r.mask().read(), indent);
            String level = expr(el.index(), r.mask().read(), indent);
            if (!column(el).stepped()) {
                throw new IllegalStateException("column output " + el.name() + " at step 0 (expected: an output uses "
                        + "every loop, the innermost too)");
            }
            levelAccess.add(el.type().name() + " " + el.index().type().name());
            String name = columnName(el.name());
            out.append(indent).append("ln_lset").append(suffix(el.type())).append("(").append(name).append(", ")
                    .append(name).append("_p, ln_kk[0], ln_kk, ").append(level).append(", ")
                    .append(maskOf(r.mask().read(), el.index().type())).append(", ").append(value).append(", ")
                    .append(maskOf(r.mask().read(), el.type())).append(", ").append(levelArguments(el)).append(");\n");
            return;
        }
        String target = a.target() instanceof Expr.Local l ? l.name() : ((Expr.Array) a.target()).name();
        Var v = names.get(target);
        String value = expr(a.value(), r.mask().read(), indent);
        Slot slot = v.slot();
        String assigned = v.region() == r ? value : blend(slot.read(), value, r.mask().read(), slot.type());
        out.append(indent).append(slot.write(assigned)).append('\n');
    }

    /** {@return level {@code el.index()} of the column array under the lanes of {@code mask} (see levelRuntime)} */
    private String levelRead(Expr.Element el, String mask, String indent) {
        String level = expr(el.index(), mask, indent);
        Column c = column(el);
        levelAccess.add(el.type().name() + " " + el.index().type().name());
        String name = columnName(el.name());
        return "ln_lget" + suffix(el.type()) + "(" + name + ", " + name + "_p, " + (c.stepped() ? 1 : 0)
                + ", ln_kk[0], ln_kk, "
                + level + ", " + maskOf(mask, el.index().type()) + ", " + levelArguments(el) + ")";
    }

    private Column column(Expr.Element el) {
        Column c = columns.get(el.name());
        if (c == null) {
            throw new IllegalStateException("column array " + el.name() + " has no stores (expected: columns(...) set "
                    + "before printing)");
        }
        return c;
    }

    /** The extent of a level and its site (an index into {@link #levelSites()}), for a level outside the column. */
    private String levelArguments(Expr.Element el) {
        String site = el.levels() + "|" + el.name() + "|" + el.axis() + "|line " + el.at().line() + ":" + el.at().column();
        int index = sites.indexOf(site);
        if (index < 0) {
            sites.add(site);
            index = sites.size() - 1;
        }
        return el.levels() + ", " + index;
    }

    /**
     * {@return the constants that name each level access's site, and {@code ln_failed}: what {@code run} calls after
     * the steps when a lane asked for a level outside its column} A level access never throws inside the vector code
     * (with a throw there the CAPE grid ran at 336 000 columns/s against 378 000, BENCHMARKS.md run 30); it
     * records the first bad level in {@code ln_kk[1..4]} and reads level 0 instead; every loop then ends at its next
     * round (so a loop that only the values read would end cannot spin), and the run fails once its steps are done,
     * with the message the scalar path gives.
     */
    String levelSites() {
        StringBuilder s = new StringBuilder("    private static final String[] ln_SITES = {");
        for (int i = 0; i < sites.size(); i++) {
            s.append(i == 0 ? "" : ", ").append('"').append(sites.get(i)).append('"');
        }
        s.append("};\n");
        s.append("    private static int ln_vlevel(long k, int levels, int[] kk, int site) {\n")
                .append("        if (k >= 0 && k < levels)\n            return (int) k;\n")
                .append("        if (kk[1] == 0) {\n            kk[1] = 1;\n            kk[2] = (int) k;\n")
                .append("            kk[3] = (int) (k >>> 32);\n            kk[4] = site;\n        }\n")
                .append("        return 0;\n    }\n");
        s.append("    private static void ln_failed(int[] kk) {\n")
                .append("        final String[] site = ln_SITES[kk[4]].split(\"[|]\");\n")
                .append("        final long k = (kk[2] & 0xffffffffL) | ((long) kk[3] << 32);\n")
                .append("        throw ln_outside(k, Integer.parseInt(site[0]), site[1], site[2], site[3]);\n    }\n");
        return s.toString();
    }

    private static String suffix(Type type) {
        return switch (type) {
            case INT -> "I";
            case LONG -> "J";
            case FLOAT -> "F";
            case DOUBLE -> "D";
            case BOOL -> throw new IllegalArgumentException("a column of bool (expected: a numeric element type)");
        };
    }

    /**
     * {@return the runtime methods of the level reads and writes printed: {@code ln_lgetF(stores, positions, step,
     * first, level, lanes, …)} gives a vector of each lane's level of its column, {@code ln_lsetF(…)} writes one}
     * Where every lane that evaluates the access asks for the same level (a loop over the levels: the usual case), one
     * vector load or masked store at that level; otherwise lane by lane. Lanes outside {@code lanes} write nothing,
     * and their values read are not used (the caller blends them away). Every level a lane of {@code lanes} asks for is
     * checked ({@code ln_vlevel}, see {@link #levelSites()}).
     */
    String levelRuntime() {
        StringBuilder s = new StringBuilder();
        for (String key : levelAccess) {
            Type element = Type.valueOf(key.substring(0, key.indexOf(' ')));
            Type index = Type.valueOf(key.substring(key.indexOf(' ') + 1));
            String e = element.keyword();
            String v = Lanes.vectorClass(element);
            String sp = species(element);
            String iv = Lanes.vectorClass(index);
            String ik = index.keyword();
            s.append("\n    private static ").append(v).append(" ln_lget").append(suffix(element)).append("(")
                    .append(e).append("[][] s, int[] p, int step, int k, int[] kk, ").append(iv)
                    .append(" level, VectorMask on, int levels, int site) {\n")
                    .append("        final int first = on.firstTrue();\n")
                    .append("        if (first >= ln_L)\n            return ").append(v).append(".zero(").append(sp)
                    .append(");\n")
                    .append("        final ").append(ik).append(" l0 = level.lane(first);\n")
                    .append("        if (!level.compare(VectorOperators.NE, l0, on).anyTrue()) {\n")
                    .append("            final int l = ln_vlevel(l0, levels, kk, site);\n")
                    .append("            return step == 0 ? ").append(v).append(".broadcast(").append(sp)
                    .append(", s[l][p[l]]) : ").append(v).append(".fromArray(").append(sp)
                    .append(", s[l], p[l] + k);\n        }\n")
                    .append("        final ").append(e).append("[] g = new ").append(e).append("[ln_L];\n")
                    .append("        for (int i = 0; i < ln_L; i++) {\n")
                    .append("            if (on.laneIsSet(i)) {\n")
                    .append("                final int l = ln_vlevel(level.lane(i), levels, kk, site);\n")
                    .append("                g[i] = s[l][p[l] + step * (k + i)];\n            }\n        }\n")
                    .append("        return ").append(v).append(".fromArray(").append(sp).append(", g, 0);\n    }\n");
            s.append("\n    private static void ln_lset").append(suffix(element)).append("(").append(e)
                    .append("[][] s, int[] p, int k, int[] kk, ").append(iv).append(" level, VectorMask on, ")
                    .append(v)
                    .append(" value, VectorMask onValue, int levels, int site) {\n")
                    .append("        final int first = on.firstTrue();\n")
                    .append("        if (first >= ln_L)\n            return;\n")
                    .append("        final ").append(ik).append(" l0 = level.lane(first);\n")
                    .append("        if (!level.compare(VectorOperators.NE, l0, on).anyTrue()) {\n")
                    .append("            final int l = ln_vlevel(l0, levels, kk, site);\n")
                    .append("            value.intoArray(s[l], p[l] + k, onValue);\n            return;\n")
                    .append("        }\n")
                    .append("        for (int i = 0; i < ln_L; i++) {\n")
                    .append("            if (on.laneIsSet(i)) {\n")
                    .append("                final int l = ln_vlevel(level.lane(i), levels, kk, site);\n")
                    .append("                s[l][p[l] + k + i] = value.lane(i);\n            }\n        }\n    }\n");
        }
        return s.toString();
    }

    /** {@code old} with the lanes of {@code mask} taken from {@code value}. */
    private String blend(String old, String value, String mask, Type type) {
        if (type == Type.BOOL) {
            return select(mask, value, old);
        }
        return old + ".blend(" + value + ", " + maskOf(mask, type) + ")";
    }

    private void branch(Stmt.If i, Region r, String indent) {
        String condition = expr(i.condition(), r.mask().read(), indent);
        String holds = fresh("c");
        out.append(indent).append("final VectorMask ").append(holds).append(" = ").append(condition).append(";\n");
        Slot then = regionMask();
        out.append(indent).append(then.declare(and(r.mask().read(), holds))).append('\n');
        out.append(indent).append("if (").append(then.read()).append(".anyTrue())\n");
        statement(asBlock(i.then()), new Region(then, r, null, false), indent);
        if (i.otherwise() != null) {
            Slot otherwise = regionMask();
            out.append(indent).append(otherwise.declare(andNot(r.mask().read(), holds))).append('\n');
            out.append(indent).append("if (").append(otherwise.read()).append(".anyTrue())\n");
            statement(asBlock(i.otherwise()), new Region(otherwise, r, null, false), indent);
        }
    }

    /** A new region's mask: in memory inside a helper that returns from a loop (a return changes it there). */
    private Slot regionMask() {
        return new Slot(fresh("m"), Type.BOOL, spill || helper != null && helper.returnsInLoop());
    }

    private void loop(Stmt init, Expr condition, Stmt update, Stmt body, Region r, String indent) {
        if (init != null) {
            statement(init, r, indent);
        }
        Slot alive = new Slot(fresh("alive"), Type.BOOL, true);
        out.append(indent).append(alive.declare(r.mask().read())).append('\n');
        out.append(indent).append("while (true) {\n");
        cached.clear(); // the rows change from one round of the loop to the next
        String inner = indent + "    ";
        String now = hold(alive.read(), inner);
        String holds = expr(condition, now, inner);
        String going = hold(and(now, holds), inner);
        if (!columns.isEmpty()) { // a level outside its column was recorded: the run fails after the steps
            out.append(inner).append("if (ln_kk[1] != 0)\n").append(inner).append("    break;\n");
        }
        out.append(inner).append("if (!").append(going).append(".anyTrue())\n");
        out.append(inner).append("    break;\n");
        out.append(inner).append(alive.write(going)).append('\n');
        Slot iteration = regionMask();
        out.append(inner).append(iteration.declare(going)).append('\n');
        statement(asBlock(body), new Region(iteration, r, alive, false), inner);
        if (update != null) {
            statement(update, new Region(alive, r, null, false), inner);
        }
        out.append(indent).append("}\n");
    }

    private enum Leaving { BREAK, CONTINUE, RETURN }

    /** Takes the lanes of {@code r} out of every region up to the loop (or helper) that they leave. */
    private void leave(Region r, String indent, Leaving how) {
        String leaving = fresh("x");
        out.append(indent).append("final VectorMask ").append(leaving).append(" = ").append(r.mask().read())
                .append(";\n");
        for (Region at = r; at != null; at = at.parent()) {
            // the region that leaves has no lanes left (a mask of none, not an andNot of itself, which C2 boxes)
            String none = constant(Type.BOOL, zero(Type.BOOL));
            out.append(indent).append(at == r ? at.mask().write(none) : at.mask().removeLanes(leaving)).append('\n');
            if (at.loopAlive() != null) {
                if (how == Leaving.CONTINUE) {
                    return;
                }
                out.append(indent).append(at.loopAlive().removeLanes(leaving)).append('\n');
                if (how == Leaving.BREAK) {
                    return;
                }
            }
            if (at.helperRoot()) {
                return;
            }
        }
    }

    private static Stmt asBlock(Stmt s) {
        return s instanceof Stmt.Block ? s : new Stmt.Block(s.at(), List.of(s));
    }

    // ----------------------------------------------------------------------------------------------- expressions

    /**
     * {@return {@code e} as a Java expression of its vector type} Statements that must run first (a helper's call, the
     * value of a condition that narrows the lanes of what follows) are appended at {@code indent} before.
     *
     * @param mask the lanes that evaluate {@code e} (a mask variable): only they may fail or enter a helper
     */
    String expr(Expr e, String mask, String indent) {
        OptionalDouble folded = e instanceof Expr.Binary ? ConstantValue.of(e) : OptionalDouble.empty();
        if (e instanceof Expr.Literal l) {
            return literal(l);
        } else if (folded.isPresent()) {
            // folded in the expression's type, as Java folds a constant expression: the scalar path's value
            double v = folded.getAsDouble();
            return literal(new Expr.Literal(e.type(), e.at(), e.type() == Type.FLOAT ? (Object) (float) v : v));
        } else if (e instanceof Expr.Local l) {
            return names.get(l.name()).slot().read();
        } else if (e instanceof Expr.Index i) {
            return names.get(i.name()).slot().read();
        } else if (e instanceof Expr.Array a) {
            return names.get(a.name()).slot().read();
        } else if (e instanceof Expr.Element el) {
            return levelRead(el, mask, indent);
        } else if (e instanceof Expr.Unary u) {
            String operand = expr(u.operand(), mask, indent);
            return switch (u.op()) {
                case NEGATE -> operand + ".neg()";
                case NOT -> not(operand);
                case COMPLEMENT -> operand + ".not()"; // the integer vector's bitwise complement
            };
        } else if (e instanceof Expr.Binary b) {
            return binary(b, mask, indent);
        } else if (e instanceof Expr.Conditional c) {
            return conditional(c, mask, indent);
        } else if (e instanceof Expr.Convert c) {
            return convert(expr(c.operand(), mask, indent), c.operand().type(), c.type());
        } else if (e instanceof Expr.MathCall m) {
            return math(m, mask, indent);
        }
        return callHelper((Expr.HelperCall) e, mask, indent);
    }

    private String literal(Expr.Literal l) {
        Object v = l.value();
        return constant(l.type(), switch (l.type()) {
            case BOOL -> "ln_M.maskAll(" + v + ")";
            case INT -> "IntVector.broadcast(ln_I, " + v + ")";
            case LONG -> "LongVector.broadcast(ln_J, " + v + "L)";
            case FLOAT -> {
                float f = (Float) v;
                yield "FloatVector.broadcast(ln_F, " + (Float.isNaN(f) ? "Float.NaN" : Float.isInfinite(f)
                        ? (f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY") // a folded constant's sign
                        : Float.toString(f) + "f") + ")";
            }
            case DOUBLE -> {
                double d = (Double) v;
                yield "DoubleVector.broadcast(ln_D, " + (Double.isNaN(d) ? "Double.NaN" : Double.isInfinite(d)
                        ? (d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY")
                        : Double.toString(d)) + ")";
            }
        });
    }

    /**
     * {@return the name of a constant of the printed class holding {@code value}, a vector or mask of {@code type}}
     * Literals, zeros and the 0/1 vectors of masks in memory are constants rather than broadcasts at each use: C2
     * loads a constant vector in one instruction, where a broadcast from a {@code long} is a chain of calls that,
     * inside an inlined helper, passes C2's inlining depth (and the vector is then an object).
     */
    private String constant(Type type, String value) {
        return constants.computeIfAbsent(value, v -> {
            String name = "ln_k" + constants.size();
            constantDeclarations.append("    private static final ").append(javaType(type)).append(' ').append(name)
                    .append(" = ").append(v).append(";\n");
            return name;
        });
    }

    /** {@return the declarations of the constants printed so far, one line each, for the printed class} */
    String constants() {
        return constantDeclarations.toString();
    }

    /** {@return the constant vector of {@code type} whose lanes are all {@code one} ? 1 : 0} */
    private String zeroOrOne(Type type, boolean one) {
        return constant(type, one ? Lanes.vectorClass(type) + ".broadcast(" + species(type) + ", 1)" : zero(type));
    }

    /** Whether evaluating {@code e} can fail or enters a helper, so that the lanes evaluating it matter. */
    private static boolean needsLanes(Expr e) {
        if (e instanceof Expr.HelperCall || e instanceof Expr.Element) { // a level is checked: only lanes that read it
            return true;
        }
        if (e instanceof Expr.Binary b && b.type().isInteger()
                && (b.op() == BinaryOp.DIVIDE || b.op() == BinaryOp.REMAINDER)) {
            return true;
        }
        for (Expr child : Children.of(e)) {
            if (needsLanes(child)) {
                return true;
            }
        }
        return false;
    }

    // Mask logic. Masks (of the mask species) are combined through that species' vectors of 0 and 1, with blends and
    // a compare: on JDK 17, C2 kept the VectorMask and/or/andNot/not of a body in registers only at a shallow inlining
    // depth, and inside the inlined helpers and outlined blocks of a real body they allocated a mask each time (JFR;
    // BENCHMARKS.md, run 29). Each operand appears once in the printed expression.

    /** {@return the lanes of both {@code a} and {@code b}} */
    private String and(String a, String b) {
        return zeroOrOne(lanes.maskType(), false) + ".blend(" + ones(a) + ", " + b + ")" + nonZero();
    }

    /** {@return the lanes of {@code a} or {@code b}} */
    private String or(String a, String b) {
        return ones(a) + ".blend(" + zeroOrOne(lanes.maskType(), true) + ", " + b + ")" + nonZero();
    }

    /** {@return the lanes of {@code a} not in {@code b}} */
    private String andNot(String a, String b) {
        return ones(a) + ".blend(" + zeroOrOne(lanes.maskType(), false) + ", " + b + ")" + nonZero();
    }

    /** {@return the lanes not in {@code a}} */
    private String not(String a) {
        Type m = lanes.maskType();
        return zeroOrOne(m, true) + ".blend(" + zeroOrOne(m, false) + ", " + a + ")" + nonZero();
    }

    /** {@return {@code whenTrue} in the lanes of {@code condition}, {@code whenFalse} in the others} */
    private String select(String condition, String whenTrue, String whenFalse) {
        return ones(whenFalse) + ".blend(" + ones(whenTrue) + ", " + condition + ")" + nonZero();
    }

    /** {@return the lanes where masks {@code a} and {@code b} are equal ({@code EQ}) or differ ({@code NE})} */
    private String sameLanes(String a, String test, String b) {
        return ones(a) + ".compare(VectorOperators." + test + ", " + ones(b) + ")";
    }

    /** {@return mask {@code a} as the mask species' vector of 1 in its lanes, 0 in the others} */
    private String ones(String a) {
        Type m = lanes.maskType();
        return zeroOrOne(m, false) + ".blend(" + zeroOrOne(m, true) + ", " + a + ")";
    }

    /** {@return the compare that turns a vector of 0 and 1 of the mask species back into a mask} */
    private String nonZero() {
        return ".compare(VectorOperators.NE, " + zeroOrOne(lanes.maskType(), false) + ")";
    }

    /** A mask variable holding {@code value}, appended at {@code indent}. */
    private String hold(String value, String indent) {
        String name = fresh("t");
        out.append(indent).append("final VectorMask ").append(name).append(" = ").append(value).append(";\n");
        return name;
    }

    private String binary(Expr.Binary b, String mask, String indent) {
        Type operands = b.left().type();
        if (b.op().kind() == BinaryOp.Kind.LOGICAL) {
            String left = expr(b.left(), mask, indent);
            if (!needsLanes(b.right())) {
                String right = expr(b.right(), mask, indent);
                return b.op() == BinaryOp.AND ? and(left, right) : or(left, right);
            }
            String held = hold(left, indent);
            String narrowed = hold(b.op() == BinaryOp.AND ? and(mask, held) : andNot(mask, held), indent);
            String right = expr(b.right(), narrowed, indent);
            return b.op() == BinaryOp.AND ? and(held, right) : or(held, right);
        }
        String left = expr(b.left(), mask, indent);
        String right = expr(b.right(), mask, indent);
        return switch (b.op()) {
            case ADD -> left + ".add(" + right + ")";
            case SUBTRACT -> left + ".sub(" + right + ")";
            case MULTIPLY -> left + ".mul(" + right + ")";
            case DIVIDE -> b.type().isInteger() ? call("div", b.type(), left, right, maskOf(mask, b.type()))
                    : left + ".div(" + right + ")";
            case REMAINDER -> call("rem", b.type(), left, right, maskOf(mask, b.type()));
            case SHIFT_LEFT -> left + ".lanewise(VectorOperators.LSHL, " + shiftCount(b, right) + ")";
            case SHIFT_RIGHT -> left + ".lanewise(VectorOperators.ASHR, " + shiftCount(b, right) + ")";
            case BIT_AND -> left + ".and(" + right + ")";
            case BIT_OR -> left + ".or(" + right + ")";
            case BIT_XOR -> left + ".lanewise(VectorOperators.XOR, " + right + ")";
            case LESS -> compare(left, "LT", right, operands);
            case LESS_EQUAL -> compare(left, "LE", right, operands);
            case GREATER -> compare(left, "GT", right, operands);
            case GREATER_EQUAL -> compare(left, "GE", right, operands);
            case EQUAL -> operands == Type.BOOL ? sameLanes(left, "EQ", right) : compare(left, "EQ", right, operands);
            case NOT_EQUAL -> operands == Type.BOOL ? sameLanes(left, "NE", right)
                    : compare(left, "NE", right, operands);
            default -> throw new IllegalStateException("operator " + b.op() + " is logical");
        };
    }

    private String shiftCount(Expr.Binary b, String right) {
        return convert(right, b.right().type(), b.type()); // the count in the shifted type; the API masks it as Java
    }

    private String compare(String left, String test, String right, Type type) {
        return toMaskSpecies(left + ".compare(VectorOperators." + test + ", " + right + ")", type);
    }

    private String conditional(Expr.Conditional c, String mask, String indent) {
        String held = hold(expr(c.condition(), mask, indent), indent);
        String whenTrue;
        String whenFalse;
        if (needsLanes(c.whenTrue()) || needsLanes(c.whenFalse())) {
            whenTrue = expr(c.whenTrue(), hold(and(mask, held), indent), indent);
            whenFalse = expr(c.whenFalse(), hold(andNot(mask, held), indent), indent);
        } else {
            whenTrue = expr(c.whenTrue(), mask, indent);
            whenFalse = expr(c.whenFalse(), mask, indent);
        }
        if (c.type() == Type.BOOL) {
            return select(held, whenTrue, whenFalse);
        }
        return whenFalse + ".blend(" + whenTrue + ", " + maskOf(held, c.type()) + ")";
    }

    /** {@code value} of type {@code from} converted as Java (so as C, by the language's rules) to {@code to}. */
    private String convert(String value, Type from, Type to) {
        if (from == to) {
            return value;
        }
        if (to == Type.BOOL) {
            return compare(value, "NE", zeroScalar(from), from);
        }
        if (from == Type.BOOL) {
            return zeroOrOne(to, false) + ".blend(" + zeroOrOne(to, true) + ", " + maskOf(value, to) + ")";
        }
        return "((" + Lanes.vectorClass(to) + ") " + value + ".castShape(" + species(to) + ", 0))";
    }

    private static String zeroScalar(Type type) {
        return switch (type) {
            case INT -> "0";
            case LONG -> "0L";
            case FLOAT -> "0.0f";
            default -> "0.0";
        };
    }

    private String math(Expr.MathCall m, String mask, String indent) {
        List<String> args = new ArrayList<>();
        for (Expr a : m.arguments()) {
            args.add(expr(a, mask, indent));
        }
        Type t = m.arguments().get(0).type();
        String x = args.get(0);
        MathFunction f = m.function();
        return switch (f) {
            // through abs and compare: JDK 17's test(IS_NAN) and test(IS_INFINITE) view the lanes as integers, which
            // C2 does not compile to vector code (the view allocates)
            case ISNAN -> toMaskSpecies(zeroOrOne(t, true) + ".blend(" + zeroOrOne(t, false) + ", " + x
                    + ".abs().compare(VectorOperators.LE, " + infinity(t) + ")).compare(VectorOperators.NE, "
                    + zeroOrOne(t, false) + ")", t);
            case ISINF -> toMaskSpecies(x + ".abs().compare(VectorOperators.EQ, " + infinity(t) + ")", t);
            case FABS -> x + ".abs()";
            case SQRT -> x + ".sqrt()";
            case POW -> lanes.powByExpLog() ? call("powel", t, x, args.get(1))
                    : ConstantValue.isFinite(m.arguments().get(1))
                    ? x + ".lanewise(VectorOperators.POW, " + args.get(1) + ")"
                    : call(f.languageName(), t, x, args.get(1));
            case FMIN, FMAX, FMOD -> call(f.languageName(), t, x, args.get(1));
            case ATAN2 -> x + ".lanewise(VectorOperators.ATAN2, " + args.get(1) + ")";
            case FLOOR, CEIL -> call(f.languageName(), t, x);
            default -> x + ".lanewise(VectorOperators." + f.name() + ")";
        };
    }

    /** {@return positive infinity of floating {@code type} as a Java literal} */
    private static String infinity(Type type) {
        return type == Type.FLOAT ? "Float.POSITIVE_INFINITY" : "Double.POSITIVE_INFINITY";
    }

    /** A call of runtime method {@code stem} for {@code type}, noted so that the class gets it. */
    private String call(String stem, Type type, String... args) {
        String name = VectorRuntime.name(stem, type);
        runtime.add(name);
        if (stem.equals("rem")) {
            runtime.add(VectorRuntime.name("div", type)); // the remainder's method calls the division's
        }
        if (stem.equals("powel")) {
            runtime.add(VectorRuntime.name("pow", type)); // for the lanes where exp(y·log x) is not pow(x, y)
        }
        return name + "(" + String.join(", ", args) + ")";
    }

    /** The expressions up to which a helper that only declares values and returns one is printed at its calls. */
    static final int INLINE_UP_TO = 16;

    /**
     * Whether calls of {@code h} are printed in place: its body declares values (never assigned again) and returns the
     * last, with at most {@link #INLINE_UP_TO} expressions. Such a helper has no control flow, so every lane of the
     * call runs all of it; in place, its values stay in registers, where a method of its own passes them through the
     * scratch rows (the weather body: 0.80 of the hand-written Vector API loop before, 0.93–0.97 after, on one
     * thread; BENCHMARKS.md, run 29).
     */
    private static boolean inlines(Helper h) {
        List<Stmt> body = h.body().statements();
        if (body.isEmpty() || !(body.get(body.size() - 1) instanceof Stmt.Return) || size(h.body()) > INLINE_UP_TO) {
            return false;
        }
        return body.subList(0, body.size() - 1).stream().allMatch(st -> st instanceof Stmt.Declare d
                && d.init() != null);
    }

    /**
     * Prints a call of {@code h} ({@link #inlines}) in place: each argument and declared value a local, under the
     * caller's lanes {@code mask} (the lanes that may fail or enter a helper); {@return the local holding the result}
     */
    private String inline(Helper h, List<String> args, String mask, String indent) {
        Map<String, Var> callerNames = names;
        names = new HashMap<>();
        Region lanes = new Region(new Slot(mask, Type.BOOL, false), null, null, true);
        for (int i = 0; i < args.size(); i++) {
            Helper.Parameter p = h.parameters().get(i);
            Slot slot = new Slot(fresh("i") + "_" + p.name(), p.type(), false);
            out.append(indent).append("final ").append(slot.declare(args.get(i))).append('\n');
            names.put(p.name(), new Var(slot, lanes));
        }
        List<Stmt> body = h.body().statements();
        for (Stmt st : body.subList(0, body.size() - 1)) {
            Stmt.Declare d = (Stmt.Declare) st;
            String init = expr(d.init(), mask, indent); // may print statements first: a helper it calls
            Slot slot = new Slot(fresh("i") + "_" + d.name(), d.type(), false);
            out.append(indent).append("final ").append(slot.declare(init)).append('\n');
            names.put(d.name(), new Var(slot, lanes));
        }
        String value = fresh("r");
        String result = expr(((Stmt.Return) body.get(body.size() - 1)).value(), mask, indent);
        names = callerNames;
        out.append(indent).append("final ").append(javaType(h.returnType())).append(' ').append(value).append(" = ")
                .append(result).append(";\n");
        return value;
    }

    /** A helper's method: its name, and the memory rows of its arguments, its lanes and its result. */
    private record Frame(String method, List<Slot> parameters, Slot lanes, Slot result) {
    }

    /**
     * Calls helper {@code call.helper()} for the lanes of {@code mask}: in place if it is small and straight
     * ({@link #inlines}); else the arguments and the lanes go to the rows of the helper's method, which leaves its
     * result in a row, and the value is a local holding that result (another call of the helper may overwrite the
     * row). Larger helpers are methods of their own so that no method of the printed class outgrows what C2 inlines
     * (a vector passed to a call that is not inlined becomes an object).
     */
    private String callHelper(Expr.HelperCall call, String mask, String indent) {
        Helper h = helpers.get(call.helper());
        List<String> args = new ArrayList<>();
        for (Expr a : call.arguments()) {
            args.add(expr(a, mask, indent));
        }
        if (inlines(h)) {
            return inline(h, args, mask, indent);
        }
        Frame frame = frames.get(h.name());
        if (frame == null) {
            frame = helperMethod(h);
            frames.put(h.name(), frame);
        }
        for (int i = 0; i < args.size(); i++) {
            out.append(indent).append(frame.parameters().get(i).write(args.get(i))).append('\n');
        }
        out.append(indent).append(frame.lanes().write(mask)).append('\n');
        out.append(indent).append(frame.method()).append("(ln_s);\n");
        cached.clear();
        String value = fresh("r");
        out.append(indent).append("final ").append(javaType(h.returnType())).append(' ').append(value).append(" = ")
                .append(frame.result().read()).append(";\n");
        return value;
    }

    /** Prints helper {@code h} as a method of its own (into {@link #methods()}) and returns its frame. */
    private Frame helperMethod(Helper h) {
        List<Slot> parameters = new ArrayList<>();
        for (Helper.Parameter p : h.parameters()) {
            parameters.add(new Slot("ln_arg", p.type(), true));
        }
        Frame frame = new Frame("ln_f_" + h.name(), parameters, new Slot("ln_lanes", Type.BOOL, true),
                new Slot("ln_result", h.returnType(), true));
        Map<String, Var> outerNames = names;
        HelperScope outerHelper = helper;
        Set<String> outerCarried = carried;
        boolean outerSpill = spill;
        names = new HashMap<>();
        helper = new HelperScope(frame.result(), LoopCarried.returnsInLoop(h.body()));
        carried = LoopCarried.names(h.body());
        spill = size(h.body()) > SPILL_FROM;
        printMethod(frame.method(), () -> {
            Slot root = new Slot(fresh("h"), Type.BOOL, spill || helper.returnsInLoop());
            out.append(METHOD_INDENT).append(root.declare(frame.lanes().read())).append('\n');
            String none = constant(h.returnType(), zero(h.returnType()));
            out.append(METHOD_INDENT).append(frame.result().write(none)).append('\n');
            Region region = new Region(root, null, null, true);
            for (int i = 0; i < parameters.size(); i++) {
                Helper.Parameter p = h.parameters().get(i);
                Slot slot = new Slot(javaName(p.name()), p.type(), spill || carried.contains(p.name()));
                out.append(METHOD_INDENT).append(slot.declare(parameters.get(i).read())).append('\n');
                names.put(p.name(), new Var(slot, region));
            }
            for (Stmt s : h.body().statements()) {
                statement(s, region, METHOD_INDENT);
            }
        });
        names = outerNames;
        helper = outerHelper;
        carried = outerCarried;
        spill = outerSpill;
        return frame;
    }

    /**
     * Appends the locals naming the four scratch arrays of {@code Object[] ln_s} (int, long, float, double), then, with
     * column arrays, each one's level stores and positions and {@code ln_kk} (the step's first iteration, and the
     * first level outside its column: see {@link #levelSites()}).
     */
    void unpackScratch(StringBuilder to, String indent) {
        int i = 0;
        for (Type t : SCRATCH_TYPES) {
            to.append(indent).append("final ").append(t.keyword()).append("[] ").append(scratch(t)).append(" = (")
                    .append(t.keyword()).append("[]) ln_s[").append(i++).append("];\n");
        }
        if (columns.isEmpty()) {
            return;
        }
        int slot = FIRST_COLUMN_SLOT;
        for (Column c : columns.values()) {
            String element = c.type().keyword();
            to.append(indent).append("final ").append(element).append("[][] ").append(columnName(c.name()))
                    .append(" = (").append(element).append("[][]) ln_s[").append(slot++).append("];\n");
            to.append(indent).append("final int[] ").append(columnName(c.name())).append("_p = (int[]) ln_s[")
                    .append(slot++).append("];\n");
        }
        to.append(indent).append("final int[] ln_kk = (int[]) ln_s[").append(slot).append("];\n");
    }

    /** The types of the scratch arrays, in their order in {@code ln_s}. */
    static final List<Type> SCRATCH_TYPES = List.of(Type.INT, Type.LONG, Type.FLOAT, Type.DOUBLE);

    /** {@return the helper methods printed so far} */
    String methods() {
        return methods.toString();
    }

    /** {@return the types that {@code statement}'s declarations and expressions use} */
    static Set<Type> typesUsed(Stmt statement) {
        Set<Type> found = EnumSet.noneOf(Type.class);
        Children.statementsUnder(statement).forEach(s -> {
            if (s instanceof Stmt.Declare d) {
                found.add(d.type());
            }
        });
        Children.expressionsUnder(statement).forEach(e -> found.add(e.type()));
        return found;
    }
}

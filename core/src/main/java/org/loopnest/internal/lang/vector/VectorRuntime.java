package org.loopnest.internal.lang.vector;

import java.util.Locale;
import org.loopnest.internal.lang.Type;

/**
 * The static methods a vector body's class carries where one Vector API call does not keep the language's meaning:
 * C's {@code fmin}/{@code fmax} (the other operand when one is NaN, where the API's {@code MIN}/{@code MAX} give NaN),
 * C99's {@code pow(1, y) = 1} and {@code pow(-1, ±∞) = 1} ({@code pow} as {@code exp(y·log x)} where the lanes
 * allow and {@link Lanes#powByExpLog()} asks for it), {@code floor} and {@code ceil} (no API operator: by
 * truncation through the integer of the same width, exact below 2<sup>23</sup> or 2<sup>52</sup>, the argument above;
 * a zero result takes the argument's sign), {@code fmod} (no API operator: lane by lane, Java's {@code %}), and
 * integer division and remainder, which fail with Java's {@code ArithmeticException("/ by zero")} when a lane that
 * evaluates them divides by zero and never for another lane. Stateless.
 */
final class VectorRuntime {
    private VectorRuntime() {
    }

    /** {@return the method's name for {@code stem} (e.g. {@code fmin}) at {@code type}} */
    static String name(String stem, Type type) {
        return "ln_" + stem + "_" + type.keyword();
    }

    /** Appends the method named {@code name} (as {@link #name} gives it). */
    static void append(StringBuilder out, String name) {
        String[] parts = name.split("_");
        String stem = parts[1];
        Type type = Type.valueOf(parts[2].toUpperCase(Locale.ROOT));
        String v = Lanes.vectorClass(type);
        String s = VectorCode.species(type);
        String head = "    private static " + v + " " + name;
        switch (stem) {
            case "fmin", "fmax" -> out.append(head).append("(").append(v).append(" a, ").append(v).append(" b) {\n")
                    .append("        return a.").append(stem.substring(1)).append("(b).blend(a, b.compare(")
                    .append("VectorOperators.NE, b)).blend(b, a.compare(VectorOperators.NE, a));\n    }\n");
            case "pow" -> out.append(head).append("(").append(v).append(" x, ").append(v).append(" y) {\n")
                    .append("        return x.lanewise(VectorOperators.POW, y).blend(1L, ")
                    .append("x.compare(VectorOperators.EQ, ")
                    .append("1L).or(x.compare(VectorOperators.EQ, -1L).and(y.abs().compare(VectorOperators.EQ, ")
                    .append(type == Type.FLOAT ? "Float" : "Double").append(".POSITIVE_INFINITY))));\n")
                    .append("    }\n");
            case "powel" -> {
                // exp(y·log x) where it is pow(x, y) within the documented ulps: x positive, finite and not 1, y
                // finite and not a whole number, neither NaN; the other lanes, if any, through POW and C99's cases. A
                // whole y goes through POW so that pow(5, 1), pow(2, 6) stay exact ((int) pow(5.0, 1.0) is 5, not 4):
                // |y| + 2^23 - 2^23 (2^52 for double) is |y| rounded to a whole number below 2^23, where every larger
                // float is whole. Lanes are dropped with blends of a vector of 1s, not with mask logic (see
                // VectorCode's mask logic)
                String f = type == Type.FLOAT ? "f" : "";
                String inf = (type == Type.FLOAT ? "Float" : "Double") + ".POSITIVE_INFINITY";
                String whole = type == Type.FLOAT ? "8388608.0f" : "4.503599627370496E15";
                out.append(head).append("(").append(v).append(" x, ").append(v).append(" y) {\n")
                        .append("        final ").append(v).append(" r = x.lanewise(VectorOperators.LOG).mul(y)")
                        .append(".lanewise(VectorOperators.EXP);\n")
                        .append("        final ").append(v).append(" ok = ").append(v).append(".broadcast(").append(s)
                        .append(", 1").append(f).append(")")
                        .append(".blend(0").append(f).append(", x.compare(VectorOperators.LE, 0").append(f)
                        .append("))")
                        .append(".blend(0").append(f).append(", x.compare(VectorOperators.EQ, ").append(inf)
                        .append("))")
                        .append(".blend(0").append(f).append(", x.compare(VectorOperators.EQ, 1").append(f).append("))")
                        .append(".blend(0").append(f).append(", x.compare(VectorOperators.NE, x))")
                        .append(".blend(0").append(f).append(", y.compare(VectorOperators.NE, y))")
                        .append(".blend(0").append(f).append(", y.abs().compare(VectorOperators.GE, ").append(whole)
                        .append("))")
                        .append(".blend(0").append(f).append(", y.abs().add(").append(whole).append(").sub(")
                        .append(whole).append(").compare(VectorOperators.EQ, y.abs()));\n")
                        .append("        final VectorMask other = ok.compare(VectorOperators.EQ, 0").append(f)
                        .append(");\n")
                        .append("        return other.anyTrue() ? r.blend(").append(name("pow", type))
                        .append("(x, y), other) : r;\n    }\n");
            }
            case "fmod" -> {
                String e = type.keyword();
                out.append(head).append("(").append(v).append(" x, ").append(v).append(" y) {\n")
                        .append("        final ").append(e).append("[] a = x.toArray();\n")
                        .append("        final ").append(e).append("[] b = y.toArray();\n")
                        .append("        for (int i = 0; i < a.length; i++) {\n")
                        .append("            a[i] = a[i] % b[i];\n        }\n")
                        .append("        return ").append(v).append(".fromArray(").append(s)
                        .append(", a, 0);\n    }\n");
            }
            case "floor", "ceil" -> {
                boolean single = type == Type.FLOAT;
                String integer = single ? "ln_I" : "ln_J";
                String integerClass = single ? "IntVector" : "LongVector";
                String exactBelow = single ? "8388608.0f" : "4.503599627370496E15";
                String one = single ? "1.0f" : "1.0";
                String zero = single ? "0.0f" : "0.0";
                boolean floor = stem.equals("floor");
                out.append(head).append("(").append(v).append(" x) {\n")
                        .append("        ").append(v).append(" t = (").append(v).append(") ((").append(integerClass)
                        .append(") x.castShape(").append(integer).append(", 0)).castShape(").append(s)
                        .append(", 0);\n")
                        .append("        t = t.lanewise(VectorOperators.").append(floor ? "SUB" : "ADD").append(", ")
                        .append(one).append(", t.compare(VectorOperators.").append(floor ? "GT" : "LT")
                        .append(", x));\n")
                        .append("        t = t.blend(x, x.abs().compare(VectorOperators.GE, ").append(exactBelow)
                        .append(").or(x.compare(VectorOperators.NE, x)));\n")
                        .append("        return t.blend(x.mul(").append(zero)
                        .append("), t.compare(VectorOperators.EQ, ")
                        .append(zero).append("));\n    }\n");
            }
            case "div" -> out.append(head).append("(").append(v).append(" a, ").append(v)
                    .append(" b, VectorMask lanes) {\n")
                    .append("        final VectorMask zero = b.compare(VectorOperators.EQ, ")
                    .append(type == Type.INT ? "0" : "0L").append(");\n")
                    .append("        if (zero.and(lanes).anyTrue()) {\n")
                    .append("            throw new ArithmeticException(\"/ by zero\");\n        }\n")
                    .append("        return a.div(b.blend(1L, zero));\n    }\n");
            case "rem" -> out.append(head).append("(").append(v).append(" a, ").append(v)
                    .append(" b, VectorMask lanes) {\n")
                    .append("        return a.sub(").append(name("div", type))
                    .append("(a, b, lanes).mul(b));\n    }\n");
            default -> throw new IllegalArgumentException("runtime method " + name
                    + " (expected: one VectorCode uses)");
        }
    }
}

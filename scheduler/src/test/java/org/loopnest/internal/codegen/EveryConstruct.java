package org.loopnest.internal.codegen;

import static org.loopnest.internal.codegen.Trees.array;
import static org.loopnest.internal.codegen.Trees.assign;
import static org.loopnest.internal.codegen.Trees.binary;
import static org.loopnest.internal.codegen.Trees.conditional;
import static org.loopnest.internal.codegen.Trees.convert;
import static org.loopnest.internal.codegen.Trees.declare;
import static org.loopnest.internal.codegen.Trees.in;
import static org.loopnest.internal.codegen.Trees.index;
import static org.loopnest.internal.codegen.Trees.lit;
import static org.loopnest.internal.codegen.Trees.local;
import static org.loopnest.internal.codegen.Trees.math;
import static org.loopnest.internal.codegen.Trees.out;
import static org.loopnest.internal.codegen.Trees.unary;
import static org.loopnest.internal.codegen.Trees.when;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.UnaryOp;

/**
 * One hand-built program that uses every operator on every type it takes, every conversion between two types,
 * every math function for {@code float} and {@code double}, the extreme literals and a conditional: what the
 * targets' compilers must accept from the emitter, whatever the front end makes of text. Every local flows into
 * an output, so that no compiler warns of an unused one.
 */
final class EveryConstruct {
    private static final Type[] NUMERIC = {Type.INT, Type.LONG, Type.FLOAT, Type.DOUBLE};

    private EveryConstruct() {
    }

    /** The program, over index {@code i}: inputs {@code x_int … x_double}, outputs {@code y_int … y_double}. */
    static Program program() {
        var arrays = new ArrayList<org.loopnest.internal.lang.KernelContext.ArraySignature>();
        for (Type t : NUMERIC) {
            arrays.add(array("x_" + t, t, Role.IN));
        }
        for (Type t : NUMERIC) {
            arrays.add(array("y_" + t, t, Role.OUT));
        }
        List<Stmt> body = new ArrayList<>();
        body.add(declare(Type.BOOL, "flag", binary(BinaryOp.LESS, index("i", 0), lit(4L))));
        for (Type t : NUMERIC) {
            body.add(declare(t, "acc_" + t, in(t, "x_" + t)));
        }
        for (Type t : NUMERIC) {
            operators(body, t);
        }
        conversions(body);
        for (Type t : new Type[] {Type.FLOAT, Type.DOUBLE}) {
            mathFunctions(body, t);
        }
        literals(body);
        body.add(assign(flag(), unary(UnaryOp.NOT, binary(BinaryOp.EQUAL, flag(), lit(false)))));
        for (Type t : NUMERIC) {
            body.add(assign(out(t, "y_" + t), conditional(flag(), acc(t), unary(UnaryOp.NEGATE, acc(t)))));
        }
        return Trees.program("every_construct", List.of("i"), arrays, List.of(), body.toArray(Stmt[]::new));
    }

    private static Expr acc(Type t) {
        return local(t, "acc_" + t);
    }

    private static Expr flag() {
        return local(Type.BOOL, "flag");
    }

    private static void operators(List<Stmt> body, Type t) {
        Expr x = in(t, "x_" + t);
        for (BinaryOp op : BinaryOp.values()) {
            switch (op.kind()) {
                case ARITHMETIC -> body.add(assign(acc(t), binary(op, acc(t), x)));
                case INTEGER -> {
                    if (t.isInteger()) {
                        body.add(assign(acc(t), binary(op, acc(t), x)));
                    }
                }
                case SHIFT -> {
                    if (t.isInteger()) {
                        body.add(assign(acc(t), binary(op, acc(t), lit(3))));
                        body.add(assign(acc(t), binary(op, acc(t), lit(5L))));
                    }
                }
                case ORDER, EQUALITY -> body.add(assign(flag(), binary(BinaryOp.AND, flag(), binary(op, acc(t), x))));
                case LOGICAL -> body.add(assign(flag(), binary(op, flag(), binary(BinaryOp.EQUAL, flag(), flag()))));
            }
        }
        body.add(assign(acc(t), unary(UnaryOp.NEGATE, acc(t))));
        if (t.isInteger()) {
            body.add(assign(acc(t), unary(UnaryOp.COMPLEMENT, acc(t))));
        }
    }

    private static void conversions(List<Stmt> body) {
        for (Type from : Type.values()) {
            Expr value = from == Type.BOOL ? flag() : acc(from);
            for (Type to : Type.values()) {
                if (from == to) {
                    continue;
                }
                if (to == Type.BOOL) {
                    body.add(assign(flag(), binary(BinaryOp.OR, flag(), convert(Type.BOOL, value))));
                } else {
                    body.add(assign(acc(to), binary(BinaryOp.ADD, acc(to), convert(to, value))));
                }
            }
        }
    }

    private static void mathFunctions(List<Stmt> body, Type t) {
        Expr x = in(t, "x_" + t);
        for (MathFunction f : MathFunction.values()) {
            Expr call = f.arity() == 1 ? math(f, acc(t)) : math(f, acc(t), x);
            body.add(f.isTest() ? assign(flag(), binary(BinaryOp.OR, flag(), call))
                    : assign(acc(t), binary(BinaryOp.ADD, acc(t), call)));
        }
    }

    private static void literals(List<Stmt> body) {
        Object[][] extremes = {
                {Integer.MIN_VALUE, Integer.MAX_VALUE}, {Long.MIN_VALUE, Long.MAX_VALUE},
                {Float.MIN_VALUE, Float.MAX_VALUE, Float.NaN, Float.POSITIVE_INFINITY, 1.0e-5f, -0.0f},
                {Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.NEGATIVE_INFINITY, 0.1}};
        for (int k = 0; k < NUMERIC.length; k++) {
            for (Object value : extremes[k]) {
                body.add(when(flag(), assign(acc(NUMERIC[k]), binary(BinaryOp.ADD, acc(NUMERIC[k]), lit(value))),
                        null));
            }
        }
    }
}

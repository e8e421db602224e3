package org.loopnest.internal.lang.vector;

import java.util.OptionalDouble;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.UnaryOp;

/**
 * The value of a floating expression made only of literals ({@code 1.0f / 0.2857143f}, a {@code const} as the
 * checker inlines it), computed as the JVM computes it in the expression's type. The vector emitter uses it to call
 * {@code POW} directly where the exponent is a finite constant: C's special cases of {@code pow} ({@code pow(1, NaN)},
 * {@code pow(-1, ±∞)}) then cannot arise, and the check for them, a dozen vector operations per call, is left out.
 * Stateless.
 */
final class ConstantValue {
    private ConstantValue() {
    }

    /**
     * {@return the value of {@code e} if it is a float or double expression of literals, negation, the four arithmetic
     * operators and conversions between float and double (empty for anything else)}
     */
    static OptionalDouble of(Expr e) {
        if (e.type() != Type.FLOAT && e.type() != Type.DOUBLE) {
            return OptionalDouble.empty();
        }
        if (e instanceof Expr.Literal l && l.value() instanceof Number n) {
            return OptionalDouble.of(round(e.type(), n.doubleValue()));
        }
        if (e instanceof Expr.Unary u && u.op() == UnaryOp.NEGATE) {
            OptionalDouble v = of(u.operand());
            return v.isPresent() ? OptionalDouble.of(-v.getAsDouble()) : v;
        }
        if (e instanceof Expr.Convert c) {
            OptionalDouble v = of(c.operand());
            return v.isPresent() ? OptionalDouble.of(round(e.type(), v.getAsDouble())) : v;
        }
        if (e instanceof Expr.Binary b) {
            OptionalDouble left = of(b.left());
            OptionalDouble right = left.isEmpty() ? left : of(b.right());
            if (right.isEmpty()) {
                return OptionalDouble.empty();
            }
            double x = left.getAsDouble();
            double y = right.getAsDouble();
            return switch (b.op()) {
                case ADD -> OptionalDouble.of(e.type() == Type.FLOAT ? (float) x + (float) y : x + y);
                case SUBTRACT -> OptionalDouble.of(e.type() == Type.FLOAT ? (float) x - (float) y : x - y);
                case MULTIPLY -> OptionalDouble.of(e.type() == Type.FLOAT ? (float) x * (float) y : x * y);
                case DIVIDE -> OptionalDouble.of(e.type() == Type.FLOAT ? (float) x / (float) y : x / y);
                default -> OptionalDouble.empty();
            };
        }
        return OptionalDouble.empty();
    }

    /** {@return whether {@code e} is a constant of the kind {@link #of} computes, neither infinite nor NaN} */
    static boolean isFinite(Expr e) {
        OptionalDouble v = of(e);
        return v.isPresent() && Double.isFinite(v.getAsDouble());
    }

    private static double round(Type type, double value) {
        return type == Type.FLOAT ? (float) value : value;
    }
}

package org.loopnest.internal.lang.jvm;

import java.util.Arrays;
import java.util.List;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Position;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.UnaryOp;
import org.loopnest.kernel.DeviceCode;

/**
 * Builds checked trees by hand for the emitter's tests (and, through the test-jar, other modules' tests), typed as
 * the checker types them (the text in the program's {@link DeviceCode} is only a label).
 */
public final class Trees {
    /** Where every hand-built node is. */
    public static final Position AT = new Position(1, 1);

    private Trees() {
    }

    public static ArraySignature input(String name, Type type) {
        return new ArraySignature(name, type, Role.IN);
    }

    public static ArraySignature output(String name, Type type) {
        return new ArraySignature(name, type, Role.OUT);
    }

    public static Expr.Array array(ArraySignature signature) {
        return new Expr.Array(signature.type(), AT, signature.name(), signature.role());
    }

    public static Expr.Index index(String name, int loop) {
        return new Expr.Index(AT, name, loop);
    }

    public static Expr.Local local(String name, Type type) {
        return new Expr.Local(type, AT, name);
    }

    public static Expr.Literal literal(Object value) {
        Type type = value instanceof Boolean ? Type.BOOL : value instanceof Integer ? Type.INT
                : value instanceof Long ? Type.LONG : value instanceof Float ? Type.FLOAT : Type.DOUBLE;
        return new Expr.Literal(type, AT, value);
    }

    public static Expr.Unary unary(UnaryOp op, Expr operand) {
        return new Expr.Unary(operand.type(), AT, op, operand);
    }

    /** {@code left op right} with the operands converted as the checker converts them. */
    public static Expr.Binary binary(BinaryOp op, Expr left, Expr right) {
        switch (op.kind()) {
            case SHIFT, LOGICAL -> {
                return new Expr.Binary(op == BinaryOp.AND || op == BinaryOp.OR ? Type.BOOL : left.type(), AT, op,
                        left, right);
            }
            default -> {
                if (left.type() == Type.BOOL) {
                    return new Expr.Binary(Type.BOOL, AT, op, left, right);
                }
                Type common = Type.common(left.type(), right.type());
                Type result = op.kind() == BinaryOp.Kind.ORDER || op.kind() == BinaryOp.Kind.EQUALITY ? Type.BOOL
                        : common;
                return new Expr.Binary(result, AT, op, convert(common, left), convert(common, right));
            }
        }
    }

    /** {@code e} converted to {@code type}, or {@code e} if it has that type. */
    public static Expr convert(Type type, Expr e) {
        return e.type() == type ? e : new Expr.Convert(type, AT, e, false);
    }

    public static Expr cast(Type type, Expr e) {
        return new Expr.Convert(type, AT, e, true);
    }

    public static Expr.Conditional choose(Expr condition, Expr whenTrue, Expr whenFalse) {
        return new Expr.Conditional(whenTrue.type(), AT, condition, whenTrue, whenFalse);
    }

    public static Expr.MathCall math(MathFunction f, Expr... arguments) {
        Type type = Arrays.stream(arguments).map(Expr::type).reduce(Type.FLOAT, Type::common);
        List<Expr> converted = Arrays.stream(arguments).map(a -> convert(type, a)).toList();
        return new Expr.MathCall(f.isTest() ? Type.BOOL : type, AT, f, converted);
    }

    public static Expr.HelperCall call(Helper helper, Expr... arguments) {
        return new Expr.HelperCall(helper.returnType(), AT, helper.name(), List.of(arguments));
    }

    public static Stmt.Assign assign(Expr target, Expr value) {
        return new Stmt.Assign(AT, target, convert(target.type(), value));
    }

    public static Stmt.Declare declare(Type type, String name, Expr init) {
        return new Stmt.Declare(AT, type, name, false, init == null ? null : convert(type, init));
    }

    public static Stmt.Block block(Stmt... statements) {
        return new Stmt.Block(AT, List.of(statements));
    }

    public static Program program(List<String> indices, List<ArraySignature> arrays, List<Helper> helpers,
                           Stmt... body) {
        return new Program(DeviceCode.of("/* built by hand */"), new KernelContext(indices, arrays), helpers,
                block(body));
    }
}

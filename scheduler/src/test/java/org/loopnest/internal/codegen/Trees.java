package org.loopnest.internal.codegen;

import java.util.Arrays;
import java.util.List;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Position;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.UnaryOp;
import org.loopnest.kernel.DeviceCode;

/**
 * Builds checked trees by hand for the emitter's tests, as the front end would (every node typed, every
 * conversion a node), so that printing is tested apart from parsing.
 */
final class Trees {
    static final Position AT = new Position(1, 1);

    private Trees() {
    }

    static Expr.Literal lit(Object value) {
        Type type = value instanceof Boolean ? Type.BOOL : value instanceof Integer ? Type.INT
                : value instanceof Long ? Type.LONG : value instanceof Float ? Type.FLOAT : Type.DOUBLE;
        return new Expr.Literal(type, AT, value);
    }

    static Expr.Local local(Type type, String name) {
        return new Expr.Local(type, AT, name);
    }

    static Expr.Index index(String name, int loop) {
        return new Expr.Index(AT, name, loop);
    }

    static Expr.Array in(Type type, String name) {
        return new Expr.Array(type, AT, name, Role.IN);
    }

    static Expr.Array out(Type type, String name) {
        return new Expr.Array(type, AT, name, Role.OUT);
    }

    static Expr.Unary unary(UnaryOp op, Expr operand) {
        return new Expr.Unary(operand.type(), AT, op, operand);
    }

    /** A binary node typed by its operator's kind; the operands must already have their converted types. */
    static Expr.Binary binary(BinaryOp op, Expr left, Expr right) {
        Type type = switch (op.kind()) {
            case ORDER, EQUALITY, LOGICAL -> Type.BOOL;
            default -> left.type();
        };
        return new Expr.Binary(type, AT, op, left, right);
    }

    static Expr.Conditional conditional(Expr condition, Expr whenTrue, Expr whenFalse) {
        return new Expr.Conditional(whenTrue.type(), AT, condition, whenTrue, whenFalse);
    }

    static Expr.Convert convert(Type type, Expr operand) {
        return new Expr.Convert(type, AT, operand, false);
    }

    static Expr.MathCall math(MathFunction function, Expr... arguments) {
        return new Expr.MathCall(function.isTest() ? Type.BOOL : arguments[0].type(), AT, function,
                List.of(arguments));
    }

    static Expr.HelperCall call(Type type, String helper, Expr... arguments) {
        return new Expr.HelperCall(type, AT, helper, List.of(arguments));
    }

    static Stmt.Block block(Stmt... statements) {
        return new Stmt.Block(AT, List.of(statements));
    }

    static Stmt.Declare declare(Type type, String name, Expr init) {
        return new Stmt.Declare(AT, type, name, false, init);
    }

    static Stmt.Declare constant(Type type, String name, Expr init) {
        return new Stmt.Declare(AT, type, name, true, init);
    }

    static Stmt.Assign assign(Expr target, Expr value) {
        return new Stmt.Assign(AT, target, value);
    }

    static Stmt.If when(Expr condition, Stmt then, Stmt otherwise) {
        return new Stmt.If(AT, condition, then, otherwise);
    }

    static Stmt.While loopWhile(Expr condition, Stmt body) {
        return new Stmt.While(AT, condition, body);
    }

    static Stmt.For loopFor(Stmt init, Expr condition, Stmt update, Stmt body) {
        return new Stmt.For(AT, init, condition, update, body);
    }

    static Stmt.Break breakLoop() {
        return new Stmt.Break(AT);
    }

    static Stmt.Continue continueLoop() {
        return new Stmt.Continue(AT);
    }

    static Stmt.Return returning(Expr value) {
        return new Stmt.Return(AT, value);
    }

    static Helper helper(Type returns, String name, List<Helper.Parameter> parameters, Stmt... body) {
        return new Helper(AT, returns, name, parameters, block(body));
    }

    static Helper.Parameter parameter(Type type, String name) {
        return new Helper.Parameter(AT, type, name);
    }

    /** A program named {@code name} over {@code indices} and {@code arrays} whose body is {@code body}. */
    static Program program(String name, List<String> indices, List<KernelContext.ArraySignature> arrays,
                           List<Helper> helpers, Stmt... body) {
        return new Program(DeviceCode.of("/* built by hand */").named(name), new KernelContext(indices, arrays),
                helpers, block(body));
    }

    static KernelContext.ArraySignature array(String name, Type type, Role role) {
        return new KernelContext.ArraySignature(name, type, role);
    }

    static List<Helper> helpers(Helper... helpers) {
        return Arrays.asList(helpers);
    }
}

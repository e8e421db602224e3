package org.loopnest.internal.lang.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;
import org.loopnest.kernel.DeviceCode;

/** The values of constant floating expressions, as Java folds them, and what is not one. */
class ConstantValueTest {
    @Test
    void shouldFoldAFloatExpressionInFloatArithmetic() {
        assertEquals(OptionalDouble.of(1.0f / 0.2857143f), ConstantValue.of(value("1.0f / 0.2857143f")));
        assertEquals(OptionalDouble.of(-(2.5f * 4.0f - 0.5f)), ConstantValue.of(value("-(2.5f * 4.0f - 0.5f)")));
        assertTrue(ConstantValue.isFinite(value("1.0f / 0.2857143f")));
    }

    @Test
    void shouldFoldADoubleExpressionInDoubleArithmetic() {
        assertEquals(OptionalDouble.of(1.0 / 3.0 + (double) 0.1f), ConstantValue.of(doubleValue("1.0 / 3.0 + 0.1f")));
    }

    @Test
    void shouldFindNoValueWhereTheExpressionReadsAVariable() {
        assertEquals(OptionalDouble.empty(), ConstantValue.of(value("x * 2.0f")));
        assertFalse(ConstantValue.isFinite(value("x * 2.0f")));
    }

    @Test
    void shouldCallAnInfiniteOrNaNConstantNotFinite() {
        assertTrue(ConstantValue.of(value("1.0f / 0.0f")).isPresent());
        assertFalse(ConstantValue.isFinite(value("1.0f / 0.0f")), "infinite");
        assertFalse(ConstantValue.isFinite(value("0.0f / 0.0f")), "NaN");
    }

    /** The checked right-hand side of {@code r = EXPRESSION;} in a body over a float input x and output r. */
    private static Expr value(String expression) {
        return assigned("r = " + expression + ";", Type.FLOAT);
    }

    private static Expr doubleValue(String expression) {
        return assigned("r = " + expression + ";", Type.DOUBLE);
    }

    private static Expr assigned(String body, Type type) {
        var program = KernelLanguage.check(DeviceCode.of(body), new KernelContext(List.of("i"),
                List.of(new ArraySignature("x", type, Role.IN), new ArraySignature("r", type, Role.OUT))));
        return ((Stmt.Assign) program.body().statements().get(0)).value();
    }
}

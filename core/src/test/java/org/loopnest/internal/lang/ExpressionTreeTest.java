package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopnest.data.Role;

class ExpressionTreeTest {
    private static final KernelContext CONTEXT = new KernelContext(List.of("y", "x"), List.of(
            new KernelContext.ArraySignature("T", Type.FLOAT, Role.IN),
            new KernelContext.ArraySignature("out", Type.DOUBLE, Role.OUT)));

    /** Parses and types {@code text} with locals b (bool), i (int), l (long), f (float), d (double). */
    static String tree(String text) {
        SourceText source = new SourceText(SourceText.BODY, text);
        Scope scope = new Scope(source, Map.of());
        scope.declare("b", new Position(1, 1), Type.BOOL, false);
        scope.declare("i", new Position(1, 1), Type.INT, false);
        scope.declare("l", new Position(1, 1), Type.LONG, false);
        scope.declare("f", new Position(1, 1), Type.FLOAT, false);
        scope.declare("d", new Position(1, 1), Type.DOUBLE, false);
        Expr e = new ExprChecker(source, scope, Map.of(), CONTEXT).check(Parser.expression(source));
        TreeInvariants.expression(e);
        return TreePrinter.print(e);
    }

    @Test
    void shouldConvertTheNarrowerOperandToTheCommonType() {
        assertEquals("(+:long (conv:long 1) 2L)", tree("1 + 2L"));
        assertEquals("(*:float (conv:float i) f)", tree("i * f"));
        assertEquals("(-:double (conv:double f) d)", tree("f - d"));
        assertEquals("(/:float (conv:float l) f)", tree("l / f"));
        assertEquals("(+:int i 3)", tree("i + 3"));
        assertEquals("(%:long (conv:long i) l)", tree("i % l"));
        assertEquals("(+:double (conv:double T) out)", tree("T + out"));
    }

    @Test
    void shouldTypeEveryLiteralForm() {
        assertEquals("17", tree("17"));
        assertEquals("255", tree("0xFF"));
        assertEquals("9223372036854775807L", tree("9223372036854775807L"));
        assertEquals("2147483647", tree("2147483647"));
        assertEquals("1.0", tree("1."));
        assertEquals("0.5", tree(".5"));
        assertEquals("100000.0", tree("1e5"));
        assertEquals("0.0015f", tree("1.5e-3f"));
        assertEquals("NaNf", tree("NAN"));
        assertEquals("Infinityf", tree("INFINITY"));
        assertEquals("true", tree("true"));
        assertEquals("0", tree("0"));
        assertEquals("0.0f", tree("0.0f"));
    }

    @Test
    void shouldAcceptLiteralsAtTheEdgesOfTheirTypes() {
        assertEquals("2147483647", tree("0x7FFFFFFF"));
        assertEquals("9223372036854775807L", tree("0x7fffffffffffffffl"));
        assertEquals("1.4E-45f", tree("1.4e-45f"));
        assertEquals("3.4028235E38f", tree("3.4028235e38F"));
        assertEquals("4.9E-324", tree("4.9e-324"));
        assertEquals("1.7976931348623157E308", tree("1.7976931348623157e308"));
        assertEquals("100000.0", tree("1.e5"));
        assertEquals("0.0", tree("0e99999"));
        assertEquals("(-:long 9223372036854775807L)", tree("-9223372036854775807L"));
    }

    @Test
    void shouldRoundAFloatLiteralOnceFromItsDecimalTextNotThroughDouble() {
        // just above the midpoint between 1 and the next float: 1 + 2^-23; through double it would be the midpoint,
        // which rounds to even, 1
        assertEquals("1.0000001f", tree("1.00000005960464477539062500001f"));
        assertEquals("1.0f", tree("1.00000005960464477539062499999f"));
        assertEquals("1.0000000596046448", tree("1.00000005960464477539062500001"));
        assertEquals("3.4028235E38f", tree("3.40282356e38f"), "rounds down to the largest float");
        assertEquals("1.4E-45f", tree("1e-45f"), "rounds up to the smallest subnormal");
        assertEquals("0.1f", tree("0.1f"));
    }

    @Test
    void shouldFollowCPrecedenceAndAssociativity() {
        assertEquals("(+:int (*:int i 2) 3)", tree("i * 2 + 3"));
        assertEquals("(-:int (-:int i 1) 2)", tree("i - 1 - 2"));
        assertEquals("(*:int i (+:int 2 3))", tree("i * (2 + 3)"));
        assertEquals("(||:bool (&&:bool b b) (!:bool b))", tree("b && b || !b"));
        assertEquals("(|:int i (^:int i (&:int i 1)))", tree("i | i ^ i & 1"));
        assertEquals("(==:bool (<:bool i 2) b)", tree("i < 2 == b"));
        assertEquals("(<<:int (+:int i 1) 2)", tree("i + 1 << 2"));
        assertEquals("(<:bool (<<:int i 2) 3)", tree("i << 2 < 3"));
        assertEquals("(?:int b 1 (?:int b 2 3))", tree("b ? 1 : b ? 2 : 3"));
        assertEquals("(-:int (-:int i))", tree("- -i"));
        assertEquals("i", tree("+i"));
        assertEquals("(~:long l)", tree("~l"));
    }

    @Test
    void shouldKeepTheLeftTypeOfAShiftAndTheCountAsWritten() {
        assertEquals("(<<:int i 3L)", tree("i << 3L"));
        assertEquals("(>>:long l i)", tree("l >> i"));
    }

    @Test
    void shouldCompareMixedTypesInTheirCommonType() {
        assertEquals("(<:bool (conv:float i) f)", tree("i < f"));
        assertEquals("(>=:bool (conv:double l) d)", tree("l >= d"));
        assertEquals("(==:bool (conv:long i) l)", tree("i == l"));
        assertEquals("(!=:bool b false)", tree("b != false"));
    }

    @Test
    void shouldConvertTheBranchesOfAConditionalToTheirCommonType() {
        assertEquals("(?:double (<:bool i 0) (conv:double f) d)", tree("i < 0 ? f : d"));
        assertEquals("(?:float b f (conv:float 1))", tree("b ? f : 1"));
        assertEquals("(?:bool b b false)", tree("b ? b : false"));
    }

    @Test
    void shouldMarkCastsExplicitAndDropCastsToTheSameType() {
        assertEquals("(cast:int f)", tree("(int) f"));
        assertEquals("(cast:bool i)", tree("(bool) i"));
        assertEquals("(cast:double b)", tree("(double) b"));
        assertEquals("f", tree("(float) f"));
        assertEquals("(+:float (cast:float d) f)", tree("(float) d + f"));
        assertEquals("(cast:long (+:int i 1))", tree("(long) (i + 1)"));
    }

    @Test
    void shouldTypeMathCallsByTheirWidestArgument() {
        assertEquals("(exp:float f)", tree("exp(f)"));
        assertEquals("(pow:double (conv:double f) d)", tree("pow(f, d)"));
        assertEquals("(pow:float f (conv:float i))", tree("pow(f, i)"));
        assertEquals("(isnan:bool d)", tree("isnan(d)"));
        assertEquals("(atan2:float f (conv:float l))", tree("atan2(f, l)"));
    }

    @Test
    void shouldReadIndicesAndArraysByName() {
        assertEquals("(+:long (index y 0) (index x 1))", tree("y + x"));
        assertEquals("(*:float T 2.0f)", tree("T * 2.0f"));
    }
}

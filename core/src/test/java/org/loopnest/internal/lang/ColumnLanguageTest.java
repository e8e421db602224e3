package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.data.Role;

/**
 * Column arrays in the language: {@code T[k]} reads a level, {@code gh[k] = …} writes one, {@code len(z)} is the
 * axis' extent; and the errors, each with line, column and caret.
 */
class ColumnLanguageTest {
    /** Indices t, y, x; column inputs T and p (axis z, 4 levels); column output gh; per-column output s. */
    static final KernelContext COLUMNS = new KernelContext(List.of("t", "y", "x"), List.of(
            new KernelContext.ArraySignature("T", Type.FLOAT, Role.IN, "z", 4),
            new KernelContext.ArraySignature("p", Type.FLOAT, Role.IN, "z", 4),
            new KernelContext.ArraySignature("w", Type.FLOAT, Role.IN),
            new KernelContext.ArraySignature("gh", Type.FLOAT, Role.OUT, "z", 4),
            new KernelContext.ArraySignature("s", Type.FLOAT, Role.OUT)));

    private static String error(String body) {
        return Kernels.message(COLUMNS, "", body);
    }

    @Test
    void shouldTypeALevelAsTheElementTypeWithALongIndex() {
        Program program = Kernels.check(COLUMNS, "", "s = T[1] + p[len(z) - 1];");
        Stmt.Assign assign = (Stmt.Assign) program.body().statements().get(0);
        Expr.Binary sum = (Expr.Binary) assign.value();
        Expr.Element level = assertInstanceOf(Expr.Element.class, sum.left());
        assertEquals(Type.FLOAT, level.type());
        assertEquals(Type.INT, level.index().type(), "the level keeps the type it is written in");
        assertEquals("z", level.axis());
        assertEquals(4, level.levels());
    }

    @Test
    void shouldReadLenAsTheAxisExtent() {
        Program program = Kernels.check(COLUMNS, "", "s = (float) len(z);");
        Stmt.Assign assign = (Stmt.Assign) program.body().statements().get(0);
        Expr.Convert convert = (Expr.Convert) assign.value();
        assertEquals(new Expr.Literal(Type.INT, convert.operand().at(), 4), convert.operand());
    }

    @Test
    void shouldLeaveColumnOutputsOutOfTheDefiniteAssignmentCheck() {
        Kernels.check(COLUMNS, "", "s = 0.0f;\nif (w > 0.0f) {\n    gh[0] = 1.0f;\n}\ngh[1] += gh[0];");
    }

    @Test
    void shouldRefuseASubscriptOnAnArrayWithoutAColumnAxis() {
        assertEquals("""
                kernel body 1:5: subscript on array 'w', which has no column axis (expected: w alone: it stands for \
                its element at the current iteration)
                s = w[0];
                    ^""", error("s = w[0];"));
    }

    @Test
    void shouldRefuseAColumnArrayWithoutALevel() {
        assertEquals("""
                kernel body 1:5: column array 'T' without a level (expected: T[k] with a level k from 0 to len(z) - 1)
                s = T;
                    ^""", error("s = T;"));
    }

    @Test
    void shouldRefuseANonIntegerLevel() {
        assertEquals("""
                kernel body 1:7: the level of 'T' is float (expected: an int or long level, e.g. (int) v)
                s = T[1.0f];
                      ^""", error("s = T[1.0f];"));
    }

    @Test
    void shouldRefuseAnAssignmentToALevelOfAnInput() {
        assertEquals("""
                kernel body 2:1: assignment to a level of input 'T' (expected: a level of a column output, an output \
                or a local; inputs are read-only)
                T[0] = 1.0f;
                ^""", error("s = 0.0f;\nT[0] = 1.0f;"));
    }

    @Test
    void shouldRefuseASubscriptOnALocal() {
        String message = Kernels.firstLine(error("float v = 1.0f;\ns = v[0];"));
        assertEquals("kernel body 2:5: subscript on the local 'v', which is no column array (expected: a column "
                + "array (T, p, gh))", message);
    }

    @Test
    void shouldRefuseLenOfANameThatIsNoAxis() {
        assertEquals("kernel body 1:17: 'x' is no column axis (expected: one of: z)",
                Kernels.firstLine(error("s = (float) len(x);")));
    }

    @Test
    void shouldRefuseTheAxisAsAValueAndAsALocalName() {
        assertTrue(Kernels.firstLine(error("s = (float) z;")).startsWith(
                "kernel body 1:13: 'z' is a column axis, not a value"));
        assertTrue(Kernels.firstLine(error("int z = 1;\ns = 0.0f;")).contains("'z' shadows the column axis z"));
    }

    @Test
    void shouldRefuseLevelsInAHelper() {
        String message = Kernels.firstLine(Kernels.message(COLUMNS, "float f(float v) { return T[0]; }",
                "s = f(1.0f);"));
        assertTrue(message.startsWith("helpers 1:27: subscript on 'T', which is no column array (expected: no "
                + "subscript in a helper"), message);
    }

    @Test
    void shouldStillCheckThatPerColumnOutputsAreAssignedOnEveryPath() {
        assertTrue(Kernels.firstLine(error("gh[0] = 1.0f;")).contains("output s not assigned on every path"));
    }
}

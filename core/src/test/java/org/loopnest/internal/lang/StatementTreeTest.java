package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class StatementTreeTest {
    /** The statements of {@code body} after locals i (int), l (long), f (float), d (double) are declared. */
    private static String statements(String body) {
        Program program = Kernels.check("int i = 1; long l = 2L; float f = 3.0f; double d = 4.0; r = 0.0f; " + body);
        List<Stmt> all = program.body().statements();
        return all.subList(5, all.size()).stream().map(TreePrinter::print).collect(Collectors.joining(" "));
    }

    @Test
    void shouldDesugarCompoundAssignmentAsC() {
        assertEquals("(= f (conv:float (+:double (conv:double f) d)))", statements("f += d;"));
        assertEquals("(= i (conv:int (*:double (conv:double i) 2.5)))", statements("i *= 2.5;"));
        assertEquals("(= l (+:long l (conv:long i)))", statements("l += i;"));
        assertEquals("(= i (conv:int (-:long (conv:long i) l)))", statements("i -= l;"));
        assertEquals("(= d (/:double d (conv:double f)))", statements("d /= f;"));
        assertEquals("(= i (%:int i 3))", statements("i %= 3;"));
        assertEquals("(= i (<<:int i 2L))", statements("i <<= 2L;"));
        assertEquals("(= l (>>:long l i))", statements("l >>= i;"));
        assertEquals("(= i (conv:int (&:long (conv:long i) l)))", statements("i &= l;"));
        assertEquals("(= l (|:long l (conv:long i)))", statements("l |= i;"));
        assertEquals("(= i (^:int i 5))", statements("i ^= 5;"));
    }

    @Test
    void shouldDesugarIncrementsWithAOneOfTheTargetsType() {
        assertEquals("(= i (+:int i 1))", statements("i++;"));
        assertEquals("(= l (+:long l 1L))", statements("++l;"));
        assertEquals("(= f (-:float f 1.0f))", statements("f--;"));
        assertEquals("(= d (-:double d 1.0))", statements("--d;"));
        assertEquals("(= r (+:float r 1.0f))", statements("r++;"));
    }

    @Test
    void shouldConvertAssignedAndDeclaredValuesToTheTargetsType() {
        assertEquals("(= f (conv:float d))", statements("f = d;"));
        assertEquals("(= r (conv:float n))", statements("r = n;"));
        assertEquals("(decl double z (conv:double i))", statements("double z = i;"));
        assertEquals("(const long k 5L)", statements("const long k = 5L;"));
        assertEquals("(decl bool ok (cast:bool f))", statements("bool ok = (bool) f;"));
        assertEquals("(decl int c (cast:int (<:bool (conv:double f) d)))",
                statements("int c = (int) (f < d);"));
    }

    @Test
    void shouldKeepControlFlowAsWritten() {
        assertEquals("(while (<:bool i 10) (block (if (==:bool i 3) (break) (continue))))",
                statements("while (i < 10) { if (i == 3) break; else continue; }"));
        assertEquals("(for (= i 0) (<:bool (conv:long i) l) _ (= f (conv:float (index x 1))))",
                statements("for (i = 0; i < l;) f = x;"));
        assertEquals("(for _ (>:bool d 0.0) (= d (-:double d 1.0)) (block))", statements("for (; d > 0.0; d--) {}"));
        assertEquals("(block (decl float g f) (= r g))", statements("{ float g = f; r = g; }"));
        assertEquals("(if (<:bool a b) (= r a))", statements("if (a < b) r = a;"));
    }

    @Test
    void shouldSkipCommentsAndCountPositionsWithinEachPart() {
        Program program = Kernels.check(Kernels.SMALL, "/* one */\nfloat twice(float v) { return 2.0f * v; }",
                "// first line\n  r = /* inline */ twice(a);\n");
        Stmt.Assign assign = (Stmt.Assign) program.body().statements().get(0);
        assertEquals(new Position(2, 3), assign.at());
        assertEquals(new Position(2, 20), assign.value().at());
        assertEquals(new Position(2, 1), program.helpers().get(0).at());
    }

    @Test
    void shouldListHelpersCalleesFirstWhateverTheWrittenOrder() {
        Program program = Kernels.check(Kernels.SMALL, """
                float a1(float x) { return b1(x) + c1(x); }
                float c1(float x) { return b1(x) * 2.0f; }
                float b1(float x) { return x; }
                float d1(float x) { return x; }
                """, "r = a1(a);");
        assertEquals(List.of("b1", "c1", "a1", "d1"), program.helpers().stream().map(Helper::name).toList());
    }
}

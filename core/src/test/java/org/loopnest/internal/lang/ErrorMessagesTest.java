package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.internal.lang.Kernels.error;
import static org.loopnest.internal.lang.Kernels.helperError;

import org.junit.jupiter.api.Test;
import org.loopnest.error.KernelSyntaxException;
import org.loopnest.kernel.DeviceCode;

class ErrorMessagesTest {
    private static final String CONVERT_BY_CAST = "; bool and numbers convert only by a cast such as (int) b or (bool) x";
    private static final String NEW_NAME = "a new name, not one of an array, a loop index, a helper, a math function or "
            + "a local in scope";
    private static final String MALFORMED = "a decimal or 0x integer with an optional L, or a floating literal such as "
            + "1.5, 2.0e-3 or 1.0f";

    @Test
    void shouldShowTheLineAndACaretUnderAnUnknownName() {
        assertEquals("""
                kernel body 2:5: unknown name 'tehta' (expected: a loop index (t, z, y, x), an array (T, q, p, theta, \
                ...), or a local declared before)
                    tehta = T;
                    ^""", Kernels.message(Kernels.WEATHER, "", "if (T > q) {\n    tehta = T;\n}"));
    }

    @Test
    void shouldCarryTheLineAndColumnOnTheException() {
        KernelSyntaxException e = assertThrows(KernelSyntaxException.class, () -> KernelLanguage.check(
                DeviceCode.of("r = a;\n  r = zz;"), Kernels.SMALL));
        assertEquals(2, e.line());
        assertEquals(7, e.column());
    }

    @Test
    void shouldKeepTabsInTheCaretLineSoTheCaretLinesUp() {
        assertEquals("kernel body 2:12: unknown name 'zz' (expected: a loop index (y, x), an array (a, b, n, r), or a "
                + "local declared before)\n\tfloat\tq = zz;\n\t     \t    ^", Kernels.message(Kernels.SMALL, "",
                "r = a;\n\tfloat\tq = zz;"));
    }

    @Test
    void shouldNameThePartAndCountPositionsWithinIt() {
        assertEquals("""
                helpers 2:27: unknown name 'a' (expected: a parameter or a local declared before (helpers see no \
                arrays or loop indices))
                float f(float v) { return a; }
                                          ^""", Kernels.message(Kernels.SMALL, "// arrays are not visible\n"
                + "float f(float v) { return a; }", "r = a;"));
    }

    @Test
    void shouldNameTheOutputsNotAssignedOnEveryPathAtTheBodysEnd() {
        assertEquals("""
                kernel body 1:91: outputs es, e, rh, td, thetae, lcl_p, lcl_t not assigned on every path (expected: \
                an assignment on every path through the body: in both branches of an if, and not only inside a loop)
                theta = T; if (T > q) { es = T; e = T; rh = T; td = T; thetae = T; lcl_p = T; lcl_t = T; }
                                                                                                          ^""",
                Kernels.message(Kernels.WEATHER, "", "theta = T; if (T > q) { es = T; e = T; rh = T; td = T; "
                        + "thetae = T; lcl_p = T; lcl_t = T; }"));
    }

    @Test
    void shouldRefuseUnknownNamesAndFunctions() {
        assertEquals("kernel body 1:5: unknown function 'foo' (expected: a math function such as exp, pow or fabs, "
                + "or a helper (none declared))", error("r = foo(a);"));
        assertEquals("kernel body 1:12: 'exp' is a function, not a value (expected: a call such as exp(...))",
                error("r = a; r = exp;"));
    }

    @Test
    void shouldRefuseWrongArgumentCountsAndTypes() {
        assertEquals("kernel body 1:5: wrong argument count: 'pow' given 1 (expected: 2 arguments)",
                error("r = pow(a);"));
        assertEquals("kernel body 1:5: wrong argument count: 'f' given 2 (expected: 1 argument)",
                Kernels.firstLine(Kernels.message(Kernels.SMALL, "float f(float v) { return v; }", "r = f(a, b);")));
        assertEquals("kernel body 1:9: wrong argument type: argument 1 of 'exp' is bool (expected: float or double)",
                error("r = exp(true);"));
        assertEquals("kernel body 1:5: wrong argument type: 'sqrt' of integers only (expected: at least one float or "
                + "double argument, e.g. 2.0f or (float) n)", error("r = sqrt(n);"));
        assertEquals("kernel body 1:9: wrong argument type: argument 1 of 'f' is bool (expected: float"
                + CONVERT_BY_CAST + ")", Kernels.firstLine(Kernels.message(Kernels.SMALL,
                "float f(float v) { return v; }", "r = f(a > b);")));
    }

    @Test
    void shouldRefuseAssignmentsToInputsIndicesAndConstants() {
        assertEquals("kernel body 1:1: assignment to input 'a' (expected: an output (r) or a local; inputs are "
                + "read-only)", error("a = 1.0f;"));
        assertEquals("kernel body 1:1: assignment to loop index 'x' (expected: an output (r) or a local; loop "
                + "indices are read-only)", error("x = 1;"));
        assertEquals("kernel body 1:23: assignment to const 'c' (expected: a variable declared without const)",
                error("const float c = 1.0f; c = 2.0f; r = c;"));
        assertEquals("kernel body 1:13: const 'c' without a value (expected: const float c = value;)",
                error("const float c; r = a;"));
    }

    @Test
    void shouldRefuseRecursionNamingTheCycle() {
        assertEquals("helpers 1:61: recursion: f -> g -> f (expected: helpers that do not call themselves, directly "
                + "or through other helpers; OpenCL forbids recursion)",
                helperError("float f(float v) { return g(v); } float g(float v) { return f(v); }"));
        assertEquals("helpers 1:27: recursion: f -> f (expected: helpers that do not call themselves, directly or "
                + "through other helpers; OpenCL forbids recursion)", helperError("float f(float v) { return f(v); }"));
    }

    @Test
    void shouldRefuseMisplacedReturnBreakAndContinue() {
        assertEquals("kernel body 1:8: return outside a helper (expected: the body to end without return; the outputs "
                + "are stored at its end)", error("r = a; return a;"));
        assertEquals("helpers 1:1: helper 'f' can end without returning a value (expected: return value; on every "
                + "path through it)", helperError("float f(float v) { if (v > 0.0f) { return v; } }"));
        assertEquals("kernel body 1:8: break outside a loop (expected: break inside the body of a for or while loop)",
                error("r = a; break;"));
        assertEquals("kernel body 1:8: continue outside a loop (expected: continue inside the body of a for or while "
                + "loop)", error("r = a; continue;"));
        assertEquals("kernel body 1:38: unreachable statement (expected: nothing after return, break or continue in "
                + "the same block)", error("for (int k = 0; k < 3; k++) { break; r = a; } r = a;"));
        assertEquals("helpers 1:27: the returned value is bool (expected: float" + CONVERT_BY_CAST + ")",
                helperError("float f(float v) { return true; }"));
    }

    @Test
    void shouldRefuseReservedAndRuntimeNames() {
        String reserved = " is a reserved word (expected: a name that is no keyword of C, C++, OpenCL, CUDA or Java)";
        assertEquals("kernel body 1:7: 'int'" + reserved, error("float int = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: 'kernel'" + reserved, error("float kernel = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: 'threadIdx'" + reserved, error("float threadIdx = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: 'record'" + reserved, error("float record = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: 'float4'" + reserved, error("float float4 = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: '__global__'" + reserved, error("float __global__ = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: '_'" + reserved, error("float _ = 1.0f; r = a;"));
        assertEquals("helpers 1:7: 'uint'" + reserved, helperError("float uint(float v) { return v; }"));
        assertEquals("kernel body 1:7: 'generic'" + reserved, error("float generic = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: 'float4x4'" + reserved, error("float float4x4 = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: 'ln_x' starts with ln_ (expected: a name of your own; names starting with "
                + "ln_ or LN_ belong to the runtime)", error("float ln_x = 1.0f; r = a;"));
    }

    @Test
    void shouldRefuseLiteralsThatDoNotFitTheirType() {
        assertEquals("kernel body 1:5: literal 2147483648 does not fit int (expected: at most 2147483647, or a long "
                + "literal 2147483648L)", error("r = 2147483648;"));
        assertEquals("kernel body 1:5: literal 9223372036854775808L does not fit long (expected: at most "
                + "9223372036854775807L)", error("r = 9223372036854775808L;"));
        assertEquals("kernel body 1:5: literal 0x80000000 does not fit int (expected: at most 2147483647, or a long "
                + "literal 0x80000000L)", error("r = 0x80000000;"));
        assertEquals("kernel body 1:5: literal 1e39f does not fit float (expected: at most 3.4028235e38f)",
                error("r = 1e39f;"));
        assertEquals("kernel body 1:5: literal 1e-50f underflows float to zero (expected: at least 1.4e-45f, or 0.0 "
                + "written as zero)", error("r = 1e-50f;"));
        assertEquals("kernel body 1:5: literal 1e400 does not fit double (expected: at most 1.7976931348623157e308)",
                error("r = 1e400;"));
    }

    @Test
    void shouldRefuseOctalLiteralsAndAnIntegerWithAFloatSuffix() {
        assertEquals("kernel body 1:5: octal-looking literal 017 (expected: a decimal literal without leading zeros, "
                + "or 0x for hex)", error("r = 017;"));
        assertEquals("kernel body 1:5: integer literal with a float suffix 1f (expected: 1.0f)", error("r = 1f;"));
        assertEquals("kernel body 1:5: malformed number 1.5x (expected: " + MALFORMED + ")", error("r = 1.5x;"));
        assertEquals("kernel body 1:5: malformed number 1e (expected: " + MALFORMED + ")", error("r = 1e;"));
    }

    @Test
    void shouldRefuseUnboundedLoops() {
        assertEquals("kernel body 1:8: unbounded loop: the condition is always true (expected: a condition that can "
                + "become false, such as i < n)", error("while (true) { } r = a;"));
        assertEquals("kernel body 1:17: missing loop condition (expected: a condition that ends the loop, such as "
                + "i < n)", error("for (int i = 0; ; i++) { } r = a;"));
        assertEquals("kernel body 1:10: constant loop condition (expected: a condition that reads a variable, such "
                + "as i < n)", error("while (1 < 2) { } r = a;"));
    }

    @Test
    void shouldRefuseEveryLoopConditionThatReadsNoVariable() {
        String constant = "constant loop condition (expected: a condition that reads a variable, such as i < n)";
        assertEquals("kernel body 1:8: " + constant, error("while (false) { } r = a;"));
        assertEquals("kernel body 1:17: " + constant, error("for (int k = 0; !false; k++) { } r = a;"));
        assertEquals("kernel body 1:19: " + constant, error("while ((int) 2.5f == 2) { } r = a;"));
        assertEquals("kernel body 1:19: " + constant, error("while (sqrt(4.0f) > 1.0f) { break; } r = a;"));
        assertEquals("kernel body 1:21: " + constant, Kernels.firstLine(Kernels.message(Kernels.SMALL,
                "float halved(float v) { return v * 0.5f; }", "while (halved(4.0f) > 1.0f) { break; } r = a;")));
        KernelLanguage.check(DeviceCode.of("int k = 0; while (k < 3) { k++; } r = a;"), Kernels.SMALL);
    }

    @Test
    void shouldRefuseEveryUnreachableStatement() {
        String unreachable = "unreachable statement (expected: nothing after return, break or continue in the same "
                + "block)";
        assertEquals("kernel body 1:41: " + unreachable, error("for (int k = 0; k < 3; k++) { continue; r = a; } "
                + "r = a;"));
        assertEquals("helpers 1:30: " + unreachable, helperError("float f(float v) { return v; float w = v; }"));
        assertEquals("helpers 1:68: " + unreachable, helperError("float f(float v) { if (v > 0.0f) { return v; } "
                + "else { return -v; } return 0.0f; }"));
        assertEquals("kernel body 1:72: " + unreachable, error("for (int k = 0; k < 3; k++) { if (k > 1) { break; } "
                + "else { continue; } r = a; } r = a;"));
    }

    @Test
    void shouldRefuseBoolsAsNumbersAndNumbersAsConditions() {
        assertEquals("kernel body 1:9: bool used as a number with '+' (expected: int, long, float or double; (int) b "
                + "converts a bool to 0 or 1)", error("r = a + true;"));
        assertEquals("kernel body 1:5: int used as a condition (expected: a bool, e.g. x != 0)",
                error("if (n) { } r = a;"));
        assertEquals("kernel body 1:6: float used as a condition (expected: a bool after !, e.g. !(x != 0))",
                error("r = !a;"));
        assertEquals("kernel body 1:7: '==' between float and bool (expected: two numbers or two bools)",
                error("r = a == true;"));
        assertEquals("kernel body 1:22: the branches of ?: are float and bool (expected: two numbers or two bools)",
                error("r = (a > b) ? 1.0f : true;"));
        assertEquals("kernel body 1:7: the value assigned to 'r' is bool (expected: float" + CONVERT_BY_CAST + ")",
                error("r = a > b;"));
    }

    @Test
    void shouldRefuseIntegerOperatorsOnFloatingOperands() {
        assertEquals("kernel body 1:5: '%' on float (expected: int or long operands; fmod(x, y) for floating "
                + "operands)", error("r = a % b;"));
        assertEquals("kernel body 1:5: '<<' on float (expected: int or long operands)", error("r = a << 2;"));
        assertEquals("kernel body 1:18: '~' on float (expected: int or long operands)", error("r = a; int y2 = ~a;"));
    }

    @Test
    void shouldRefuseShadowing() {
        assertEquals("kernel body 1:26: 'a2' shadows the local a2 declared at 1:7 (expected: " + NEW_NAME + ")",
                error("float a2 = 1.0f; { float a2 = 2.0f; } r = a;"));
        assertEquals("kernel body 1:7: 'a' shadows the array a (expected: " + NEW_NAME + ")",
                error("float a = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: 'exp' shadows the math function exp (expected: " + NEW_NAME + ")",
                error("float exp = 1.0f; r = a;"));
        assertEquals("kernel body 1:7: 'y' shadows the loop index y (expected: " + NEW_NAME + ")",
                error("float y = 1.0f; r = a;"));
        assertEquals("helpers 1:15: 'g' shadows the helper g (expected: " + NEW_NAME + ")",
                helperError("float g(float g) { return g; }"));
        assertEquals("helpers 1:38: helper 'f' defined twice, first at 1:7 (expected: one definition per helper name)",
                helperError("float f(float v) { return v; } float f(float w) { return w; }"));
        assertEquals("helpers 1:7: helper 'r' shadows the array r (expected: a helper name not used by a math "
                + "function, an array or a loop index)", helperError("float r(float v) { return v; }"));
        // a helper sees no array or index: its own names may be theirs (a function of its own in every target)
        assertEquals(1, KernelLanguage.check(new DeviceCode("k", "r = f(a);", "float f(float a) { float y = a; "
                + "return y; }"), Kernels.SMALL).helpers().size());
    }

    @Test
    void shouldRefuseThePreprocessorAndUnterminatedComments() {
        assertEquals("""
                kernel body 1:1: preprocessor line (expected: kernel language without #include, #define or #pragma)
                #include <math.h>
                ^""", Kernels.message(Kernels.SMALL, "", "#include <math.h>\nr = a;"));
        assertEquals("kernel body 1:8: unterminated comment (expected: */ to close the comment opened here)",
                error("r = a; /* open"));
    }

    @Test
    void shouldPlaceAMissingSemicolonAfterThePreviousToken() {
        assertEquals("""
                kernel body 1:6: missing ';' before 'r' (expected: ; at the end of the statement)
                r = a
                     ^""", Kernels.message(Kernels.SMALL, "", "r = a\nr = b;"));
    }

    @Test
    void shouldRefuseTokensOutsideTheGrammar() {
        assertEquals("kernel body 1:9: unexpected ';' (expected: a value: a number, a name, a call or ( expression ))",
                error("r = a + ;"));
        assertEquals("kernel body 1:10: unexpected character '@' (expected: names, numbers, operators and ( ) { } ; , "
                + "? : of the kernel language)", error("r = a; a @ b;"));
        assertEquals("kernel body 1:9: unexpected '(' (expected: = or a compound assignment such as += after 'r'; a "
                + "statement assigns, it is no expression)", error("r = a; r(1);"));
        assertEquals("kernel body 1:1: 'do' is not a statement of the kernel language (expected: a declaration, an "
                + "assignment, if, for, while, break, continue or return)", error("do { r = a; } while (a > b);"));
        assertEquals("kernel body 1:6: '++' inside an expression (expected: n++; as a statement of its own)",
                error("r = n++;"));
        assertEquals("kernel body 1:12: declaration as the whole body of an if, else, for or while (expected: braces "
                + "around it: { ... })", error("if (a > b) float z = 1.0f; r = a;"));
        assertEquals("kernel body 1:9: unexpected end of text (expected: } to close the block opened at 1:1)",
                error("{ r = a;  "));
    }

    @Test
    void shouldRefuseACastToAnUnknownType() {
        assertEquals("kernel body 1:6: unknown type 'LN_I64' in a cast (expected: bool, int, long, float or double)",
                error("r = (LN_I64) (x + y);"));
        assertEquals("kernel body 1:6: unknown type 'unsigned' in a cast (expected: bool, int, long, float or double)",
                error("r = (unsigned) n;"));
    }

    @Test
    void shouldRefuseHelpersWrittenTheOldWayOrWithoutAType() {
        assertEquals("helpers 1:1: unknown type 'void' (expected: the return type of a helper: bool, int, long, float "
                + "or double)", helperError("void f(float v) { }"));
        assertEquals("helpers 1:1: 'LN_FUNC' before a helper (expected: a helper written as type name(parameters) "
                + "{ ... }, without LN_FUNC)", helperError("LN_FUNC float f(float v) { return v; }"));
    }

    @Test
    void shouldRefuseExpressionsNestedTooDeepBeforeTheStackRunsOut() {
        String expected = " levels deep (expected: at most 100 levels of parentheses, operators, casts and calls; "
                + "name parts of it as local variables)";
        assertEquals("kernel body 1:105: expression nested more than 100" + expected,
                error("r = " + "(".repeat(100_000) + "a" + ")".repeat(100_000) + ";"));
        assertEquals("kernel body 1:205: expression nested more than 100" + expected,
                error("r = " + "- ".repeat(100_000) + "a;"));
        assertEquals("kernel body 1:403: expression nested more than 100" + expected,
                error("r = a" + " + a".repeat(100_000) + ";"));
        assertEquals("kernel body 1:505: expression nested more than 100" + expected,
                error("r = " + "fabs(".repeat(100_000) + "a" + ")".repeat(100_000) + ";"));
        assertTrue(error("r = " + "a > 0.0f ? 1.0f : ".repeat(100_000) + "2.0f;")
                .startsWith("kernel body 1:"), "a long ?: chain in the false branches");
        assertTrue(error("r = " + "a > 0.0f ? ".repeat(100_000) + "1.0f" + " : 2.0f".repeat(100_000) + ";")
                .contains(": expression nested more than 100" + expected), "a long ?: chain in the true branches");
    }

    @Test
    void shouldCountLinesEndedByCarriageReturnsAlone() {
        assertEquals("kernel body 2:5: unknown name 'zz' (expected: a loop index (y, x), an array (a, b, n, r), or a "
                + "local declared before)\nr = zz;\n    ^", Kernels.message(Kernels.SMALL, "", "r = a;\rr = zz;\r"));
        assertEquals("kernel body 2:5: unknown name 'zz' (expected: a loop index (y, x), an array (a, b, n, r), or a "
                + "local declared before)\nr = zz;\n    ^", Kernels.message(Kernels.SMALL, "", "r = a;\r\nr = zz;\r\n"));
    }

    @Test
    void shouldRefuseStatementsNestedTooDeepBeforeTheStackRunsOut() {
        String refused = error("r = a;\n" + "if (a > 0.0f) {\n".repeat(100_000) + "}\n".repeat(100_000));
        assertEquals("kernel body 52:1: statements nested more than 100 levels deep (expected: at most 100 levels "
                + "of blocks, if, else, for and while)", refused);
    }

    @Test
    void shouldCountTheInnermostOperandOrStatementAndEachBracedBodyAsALevel() {
        String tooDeep = "expression nested more than 100 levels deep";
        String[][] expressions = {{"(", "a", ")"}, {"- ", "a", ""}, {"fabs(", "a", ")"}};
        for (String[] e : expressions) {
            KernelLanguage.check(DeviceCode.of("r = " + e[0].repeat(99) + e[1] + e[2].repeat(99) + ";"), Kernels.SMALL);
            assertTrue(error("r = " + e[0].repeat(100) + e[1] + e[2].repeat(100) + ";").contains(tooDeep), e[0]);
        }
        KernelLanguage.check(DeviceCode.of("r = a" + " + a".repeat(99) + ";"), Kernels.SMALL);
        assertTrue(error("r = a" + " + a".repeat(100) + ";").contains(tooDeep));
        String statements = "statements nested more than 100 levels deep";
        KernelLanguage.check(DeviceCode.of("{".repeat(99) + "r = a;" + "}".repeat(99)), Kernels.SMALL);
        assertTrue(error("{".repeat(100) + "r = a;" + "}".repeat(100)).contains(statements));
        KernelLanguage.check(DeviceCode.of("r = a;" + "if (a > 0.0f) ".repeat(99) + "r = b;"), Kernels.SMALL);
        assertTrue(error("r = a;" + "if (a > 0.0f) ".repeat(100) + "r = b;").contains(statements));
        KernelLanguage.check(DeviceCode.of("r = a;" + loops(49) + "r = b;" + "}".repeat(49)), Kernels.SMALL);
        assertTrue(error("r = a;" + loops(50) + "r = b;" + "}".repeat(50)).contains(statements),
                "a braced for is two levels: the loop and its block");
        KernelLanguage.check(DeviceCode.of("if (a > 0.0f) r = a;" + " else if (a > 1.0f) r = b;".repeat(98)
                + " else r = 0.0f;"), Kernels.SMALL);
        assertTrue(error("if (a > 0.0f) r = a;" + " else if (a > 1.0f) r = b;".repeat(99) + " else r = 0.0f;")
                .contains(statements), "each else if is a level");
    }

    /** {@code count} nested braced loops, each over an index of its own, left open. */
    private static String loops(int count) {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < count; k++) {
            s.append("for (int k").append(k).append(" = 0; k").append(k).append(" < 1; k").append(k).append("++) {");
        }
        return s.toString();
    }

    @Test
    void shouldEscapeControlCharactersInTheMessageAndKeepTheCaretUnderTheColumn() {
        String language = " (expected: names, numbers, operators and ( ) { } ; , ? : of the kernel language)";
        assertEquals("kernel body 1:9: unexpected character '\\u0000'" + language + "\nr = a;\tr\\u0000 = b;\n      \t ^",
                Kernels.message(Kernels.SMALL, "", "r = a;\tr\0 = b;"));
        assertEquals("kernel body 1:5: unexpected character '\\u001b'" + language + "\nr = \\u001b[31m a;\\u0007\n    ^",
                Kernels.message(Kernels.SMALL, "", "r = \u001b[31m a;\u0007"));
        assertEquals("kernel body 1:10: unexpected character '\\u200b'" + language, error("r = a + b\u200b;"));
        String[] lines = Kernels.message(Kernels.SMALL, "", "/* \0 */ r = zz;").split("\n");
        assertEquals("kernel body 1:13: unknown name 'zz' (expected: a loop index (y, x), an array (a, b, n, r), or a "
                + "local declared before)", lines[0]);
        assertEquals("/* \\u0000 */ r = zz;", lines[1]);
        assertEquals(lines[1].indexOf("zz"), lines[2].indexOf('^'), "the caret under the column: " + lines[2]);
    }

    @Test
    void shouldAcceptNestingUpToTheLimit() {
        Program p = KernelLanguage.check(DeviceCode.of("r = a" + " + a".repeat(98) + ";\nif (a > 0.0f) { r = 1.0f; }"
                + " else if (a > 1.0f) { r = 2.0f; }".repeat(95) + "\nr = " + "(".repeat(99) + "a"
                + ")".repeat(99) + ";"), Kernels.SMALL);
        assertEquals(3, p.body().statements().size());
    }

    @Test
    void shouldRefuseAChainOfHelperCallsLongerThanTheLimit() {
        StringBuilder helpers = new StringBuilder();
        for (int k = 0; k < 20_000; k++) {
            helpers.append("float h").append(k).append("(float v) { return h").append(k + 1).append("(v); }\n");
        }
        helpers.append("float h20000(float v) { return v; }\n");
        assertEquals("helpers 100:29: helpers calling each other more than 100 deep: h0 -> ... -> h99 -> h100 "
                + "(expected: at most 100 helpers on one chain of calls)", helperError(helpers.toString()));
        Program longest = KernelLanguage.check(new DeviceCode("k", "r = h0(a);",
                helpers.substring(0, helpers.indexOf("float h99(")) + "float h99(float v) { return v; }\n"),
                Kernels.SMALL);
        assertEquals("h99", longest.helpers().get(0).name(), "callees first");
    }
}

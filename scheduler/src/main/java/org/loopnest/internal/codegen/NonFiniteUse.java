package org.loopnest.internal.codegen;

import java.util.List;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Program;

/**
 * Which non-finite literals a checked program has ({@code NAN}, {@code INFINITY}, or one the checker derived from
 * them), and the functions through which the kernel reads them: {@code ln_nan()} and {@code ln_inf()}, which
 * {@link CLiterals} prints in place of C's {@code NAN} and {@code INFINITY}. Each function reads its value through a
 * {@code volatile}, so that no compiler knows it at compile time: PoCL 3.1's {@code floor}, {@code ceil},
 * {@code exp}, {@code sinh}, {@code tanh} and {@code pow} convert their argument with an instruction that LLVM
 * treats as poison for a NaN it knows, and the optimiser then drops the kernel's stores or picks the other branch
 * of a condition (measured with PoCL 3.1 and LLVM 15); a NaN read at run time is computed correctly. A NaN the
 * compiler works out from finite constants is kept from those functions by {@link NanGuards}. CUDA gets the
 * same text. A function is printed only where it is used: nvcc refuses an unused static function under
 * {@code -Werror}.
 *
 * @param nan whether the program has a NaN literal
 * @param infinity whether it has an infinite literal (of either sign)
 */
record NonFiniteUse(boolean nan, boolean infinity) {
    private static final String NAN_FUNCTION = "LN_FUNC float ln_nan(void) { volatile float v = NAN; return v; }\n";
    private static final String INFINITY_FUNCTION =
            "LN_FUNC float ln_inf(void) { volatile float v = INFINITY; return v; }\n";

    /** {@return the non-finite literals of {@code program}, in its body or a helper} */
    static NonFiniteUse in(Program program) {
        List<Double> values = Children.expressionsUnder(program)
                .filter(e -> e instanceof Expr.Literal l && l.value() instanceof Number)
                .map(e -> ((Number) ((Expr.Literal) e).value()).doubleValue())
                .filter(v -> !Double.isFinite(v))
                .toList();
        return new NonFiniteUse(values.stream().anyMatch(v -> Double.isNaN(v)),
                values.stream().anyMatch(v -> Double.isInfinite(v)));
    }

    /** {@return the C functions the kernel needs for these literals, after the prelude's macros; empty if none} */
    String functions() {
        return (nan ? NAN_FUNCTION : "") + (infinity ? INFINITY_FUNCTION : "");
    }
}

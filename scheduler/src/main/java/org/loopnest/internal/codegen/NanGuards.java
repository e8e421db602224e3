package org.loopnest.internal.codegen;

import java.util.Comparator;
import org.loopnest.device.KernelTarget;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;

/**
 * The guards through which an OpenCL kernel calls the math functions that PoCL computes in library code: each call
 * of such a function {@code f} goes to a small {@code ln_f_f} ({@code float}) or {@code ln_f_d} ({@code double})
 * that returns C99's result itself when an argument is NaN ({@code isnan(x) ? x : floor(x)}) and calls {@code f}
 * only for the other arguments. PoCL 3.1's {@code floor}, {@code ceil}, {@code exp}, {@code sinh}, {@code tanh}
 * and {@code pow} convert their argument with an instruction that LLVM treats as poison for a NaN it knows at
 * compile time, and the optimiser then drops the kernel's stores or folds a condition wrongly (measured with PoCL
 * 3.1 and LLVM 15). Reading {@code NAN} at run time ({@link NonFiniteUse}) does not help when the compiler works the
 * NaN out itself ({@code floor(0.0f / 0.0f)}, or {@code a / a} after {@code const float a = 0.0f}); behind a guard,
 * a NaN the compiler knows folds the guard to its NaN branch and the library call is dead code.
 *
 * <p>Every function with a floating result is guarded except {@code fabs}, {@code fmin} and {@code fmax}, which
 * LLVM computes as single IEEE instructions with the NaN rules the language promises (measured correct for folded
 * NaNs): only six were measured affected, but the guard costs a compare and a select against a library call, and
 * covers the others in contexts the measurement did not try. NaN rules are C99's: NaN in, NaN out, except
 * {@code pow(1, y)} and {@code pow(x, ±0)}, which are 1 for any {@code x} and {@code y} (as on the JVM). CUDA's
 * functions are called directly (its libdevice is not affected). A guard is printed only where it is called:
 * a {@code double} one needs {@code cl_khr_fp64}. Stateless.
 */
final class NanGuards {
    private NanGuards() {
    }

    /** {@return whether {@code target}'s kernels call {@code function} through a guard} */
    static boolean guards(KernelTarget target, MathFunction function) {
        return target == KernelTarget.OPENCL && !function.isTest() && function != MathFunction.FABS
                && function != MathFunction.FMIN && function != MathFunction.FMAX;
    }

    /** {@return the name of the guard of {@code function} for arguments of type {@code floating}, e.g. ln_pow_f} */
    static String name(MathFunction function, Type floating) {
        return "ln_" + function.languageName() + (floating == Type.DOUBLE ? "_d" : "_f");
    }

    /** {@return the C definitions of the guards that {@code program} calls on {@code target}; empty if none} */
    static String functions(KernelTarget target, Program program) {
        StringBuilder s = new StringBuilder();
        Children.expressionsUnder(program)
                .filter(e -> e instanceof Expr.MathCall m && guards(target, m.function()))
                .map(e -> new Use(((Expr.MathCall) e).function(), ((Expr.MathCall) e).arguments().get(0).type()))
                .distinct()
                .sorted(Comparator.comparing(Use::function).thenComparing(Use::floating))
                .forEach(u -> s.append(definition(u.function(), u.floating())));
        return s.toString();
    }

    /** {@return the guard of {@code function} for {@code floating} arguments, one line of C} */
    static String definition(MathFunction function, Type floating) {
        String t = CExpressions.type(floating);
        String call = function.languageName();
        String head = "LN_FUNC " + t + " " + name(function, floating);
        if (function.arity() == 1) {
            return head + "(" + t + " x) { return isnan(x) ? x : " + call + "(x); }\n";
        }
        String one = floating == Type.DOUBLE ? "1.0" : "1.0f";
        String zero = floating == Type.DOUBLE ? "0.0" : "0.0f";
        String nan = function == MathFunction.POW ? "((x == " + one + " || y == " + zero + ") ? " + one + " : x + y)"
                : "x + y";
        return head + "(" + t + " x, " + t + " y) { return (isnan(x) || isnan(y)) ? " + nan + " : " + call
                + "(x, y); }\n";
    }

    private record Use(MathFunction function, Type floating) {
    }

}

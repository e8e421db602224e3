package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.Role;
import org.loopnest.error.KernelSyntaxException;
import org.loopnest.kernel.DeviceCode;

/** Kernels for the front end's tests: the weather example's context and shorthands to check or refuse a body. */
final class Kernels {
    static final List<String> WEATHER_OUTPUTS = List.of("theta", "es", "e", "rh", "td", "thetae", "lcl_p", "lcl_t");

    /** The weather example's context: indices t, z, y, x; inputs T, q, p; the eight float outputs. */
    static final KernelContext WEATHER = weather();

    /** A small context: indices y, x; float inputs a, b; int input n; float output r. */
    static final KernelContext SMALL = new KernelContext(List.of("y", "x"), List.of(
            new KernelContext.ArraySignature("a", Type.FLOAT, Role.IN),
            new KernelContext.ArraySignature("b", Type.FLOAT, Role.IN),
            new KernelContext.ArraySignature("n", Type.INT, Role.IN),
            new KernelContext.ArraySignature("r", Type.FLOAT, Role.OUT)));

    private Kernels() {
    }

    static Program check(KernelContext context, String helpers, String body) {
        Program program = KernelLanguage.check(new DeviceCode("k", body, helpers), context);
        TreeInvariants.assertHolds(program);
        return program;
    }

    static Program check(String body) {
        return check(SMALL, "", body);
    }

    static String message(KernelContext context, String helpers, String body) {
        return assertThrows(KernelSyntaxException.class,
                () -> KernelLanguage.check(new DeviceCode("k", body, helpers), context)).getMessage();
    }

    /** The first line of the message refusing {@code body} in the small context. */
    static String error(String body) {
        return firstLine(message(SMALL, "", body));
    }

    /** The first line of the message refusing {@code helpers} (with the body {@code r = 0.0f;}). */
    static String helperError(String helpers) {
        return firstLine(message(SMALL, helpers, "r = 0.0f;"));
    }

    static String firstLine(String message) {
        return message.substring(0, message.indexOf('\n'));
    }

    private static KernelContext weather() {
        List<KernelContext.ArraySignature> arrays = new ArrayList<>();
        for (String in : List.of("T", "q", "p")) {
            arrays.add(new KernelContext.ArraySignature(in, Type.FLOAT, Role.IN));
        }
        for (String out : WEATHER_OUTPUTS) {
            arrays.add(new KernelContext.ArraySignature(out, Type.FLOAT, Role.OUT));
        }
        return new KernelContext(List.of("t", "z", "y", "x"), arrays);
    }
}

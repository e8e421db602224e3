package org.loopnest.internal.lang;

import org.loopnest.error.KernelSyntaxException;
import org.loopnest.kernel.DeviceCode;

/**
 * The front end of the kernel language: parses and checks a body with its helpers.
 *
 * <p><b>Thread safety:</b> thread-safe; {@link #checkRemembered} shares one bounded memory of checked programs.
 */
public final class KernelLanguage {
    /** How many checked programs {@link #checkRemembered} keeps (least recently used go first). */
    static final int REMEMBERED = 256;

    private record Key(DeviceCode code, KernelContext context) {
    }

    private static final Remembered<Key, Program> CHECKED = new Remembered<>(REMEMBERED);

    private KernelLanguage() {
    }

    /**
     * {@link #check}, remembered: the checker is deterministic and a program immutable, so a nest run again (the same
     * text against the same indices and arrays) takes the program checked before. Each plan checks its body first,
     * and checking was a quarter of a warm plan of the weather nest, more before the JIT compiler has compiled the
     * checker (BENCHMARKS.md, run 29). A body that fails is not remembered: each call throws anew.
     *
     * @param code the body and helpers as the user wrote them
     * @param context the indices and arrays the body may name
     * @return the checked program, possibly the instance an earlier call returned
     * @throws KernelSyntaxException at the first error, with its line, column, the line and a caret
     */
    public static Program checkRemembered(DeviceCode code, KernelContext context) {
        return CHECKED.get(new Key(code, context), key -> check(key.code(), key.context()));
    }

    /**
     * Parses {@code code} and checks it against {@code context}.
     *
     * @param code the body and helpers as the user wrote them
     * @param context the indices and arrays the body may name
     * @return the checked program
     * @throws KernelSyntaxException at the first error, with its line, column, the line and a caret
     */
    public static Program check(DeviceCode code, KernelContext context) {
        return Checker.check(code, context);
    }
}

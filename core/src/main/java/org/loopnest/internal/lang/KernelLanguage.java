package org.loopnest.internal.lang;

import org.loopnest.error.KernelSyntaxException;
import org.loopnest.kernel.DeviceCode;

/** The front end of the kernel language: parses and checks a body with its helpers. Stateless. */
public final class KernelLanguage {
    private KernelLanguage() {
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

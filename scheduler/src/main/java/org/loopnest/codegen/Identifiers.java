package org.loopnest.codegen;

import java.util.Set;
import org.loopnest.kernel.DeviceCode;

/** Checks that the names a user gave can stand in C source as they are. */
final class Identifiers {
    /** Words of C, OpenCL C and CUDA C that a loop index or an array must not be called. */
    private static final Set<String> RESERVED = Set.of(
            "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
            "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
            "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
            "volatile", "while", "bool", "true", "false", "half", "uchar", "ushort", "uint", "ulong", "size_t",
            "kernel", "global", "local", "constant", "private", "class", "new", "delete", "this", "template",
            "namespace", "using", "NAN", "INFINITY", "threadIdx", "blockIdx", "blockDim", "gridDim");

    private Identifiers() {
    }

    /**
     * Checks one name.
     *
     * @param what how the message names it, e.g. {@code loop index}
     * @throws IllegalArgumentException naming it and what a valid name is
     */
    static void check(String what, String name) {
        String problem = !DeviceCode.isIdentifier(name) ? "is not a C identifier"
                : RESERVED.contains(name) ? "is a reserved word of C, OpenCL or CUDA"
                : name.startsWith("ln_") || name.startsWith("LN_") ? "starts with ln_ or LN_, which the runtime uses"
                : null;
        if (problem != null) {
            throw new IllegalArgumentException(what + " '" + name + "' " + problem + " (expected: a C identifier "
                    + "such as T or level_p, to name it in device code)");
        }
    }
}

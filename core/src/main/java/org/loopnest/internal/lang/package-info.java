/**
 * Internal: not API; may change without notice. The kernel language: one loop body, parsed and checked once into
 * a typed tree ({@link org.loopnest.internal.lang.Program}) that the emitters print as OpenCL C, CUDA C and Java.
 * The language itself is defined in {@code docs/KERNELS.md}.
 *
 * <p>The front end, behind {@link org.loopnest.internal.lang.KernelLanguage#check}: {@code Lexer} (characters to
 * tokens, literals checked by {@code Literals}) → {@code Parser} (recursive descent to the untyped {@code Syntax}
 * tree) → {@code Checker} (names through {@code Scope} and {@code ReservedWords}, types and implicit conversions by
 * {@code ExprChecker}, statements and desugaring by {@code StmtChecker}) → {@code DefiniteAssignment} and
 * {@code CallGraph}. Every error is a {@link org.loopnest.error.KernelSyntaxException} built by {@code SourceText}.
 * {@link org.loopnest.internal.lang.KernelLanguage#checkRemembered} keeps checked programs in a {@code Remembered},
 * the bounded memory that the JVM target's compiled bodies use too.
 */
package org.loopnest.internal.lang;

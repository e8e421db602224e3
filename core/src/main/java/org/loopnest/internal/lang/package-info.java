/**
 * Internal: not API; may change without notice. The kernel language: one loop body, parsed and checked once into
 * a typed tree ({@link org.loopnest.internal.lang.Program}) that the emitters print as OpenCL C, CUDA C and Java.
 * The language itself is defined in {@code docs/KERNELS.md}.
 */
package org.loopnest.internal.lang;

/**
 * Generates compiled kernels: from the nest, the split's chunk layout and the checked tree of the user's
 * {@link org.loopnest.kernel.DeviceCode} (an {@link org.loopnest.internal.lang.Program}), the complete OpenCL C and
 * CUDA C source of one kernel.
 *
 * <p>Each kernel has the signature of {@link org.loopnest.device.KernelSource}; its prologue recovers every loop
 * index from the chunk's first outer iteration and the thread number with the g maps (one thread per
 * iteration, {@code tid = o·Q + id}: outer iteration {@code e = firstOuter + o}, inner number {@code id}),
 * returns for threads at or past the chunk's count (remainder chunks), and points a typed pointer at each array's
 * element in the packed buffers. Each input is then loaded into a {@code const} local and each output is a local
 * that the body assigns on every path (the front end guarantees it) and that is stored once after the body.
 * {@link org.loopnest.internal.codegen.CEmitter} prints the body and helpers from the tree with every user name
 * prefixed {@code u_} and every operator parenthesised; a small prelude of macros per target
 * ({@link org.loopnest.internal.codegen.Dialect}) and per-target math names let one printer serve OpenCL C and
 * CUDA C. On OpenCL the library math functions are called through guards of the kernel that never pass them a NaN
 * ({@link org.loopnest.internal.codegen.NanGuards}: PoCL 3.1 miscompiles a NaN known at compile time).
 *
 * <p>Stateless and thread-safe.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists.
 */
package org.loopnest.internal.codegen;

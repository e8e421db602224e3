/**
 * Generates compiled kernels: from the nest, the split's chunk layout and the user's
 * {@link org.loopnest.kernel.DeviceCode}, the complete OpenCL C and CUDA C source of one kernel.
 *
 * <p>Each kernel has the signature of {@link org.loopnest.device.KernelSource}; its prologue recovers every loop
 * index from the chunk's first outer iteration and the thread number with the g maps (one thread per
 * iteration, {@code tid = o·Q + id}: outer iteration {@code e = firstOuter + o}, inner number {@code id}),
 * returns for threads at or past the chunk's count (remainder chunks), and points a typed pointer at each array's
 * element in the packed buffers. Arrays are then macros for that element, so the body names them as the user
 * did. A small prelude of macros per target ({@link org.loopnest.internal.codegen.Dialect}) lets one body text compile
 * as OpenCL C and as CUDA C.
 *
 * <p>Stateless and thread-safe.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists.
 */
package org.loopnest.internal.codegen;

/**
 * How the runtime runs the user's kernels: {@link org.loopnest.internal.kernel.Kernel} wraps a Java kernel of either
 * form (and its device code) and runs it over a block of iterations, {@link org.loopnest.internal.kernel.ViewTable}
 * is the {@code BoundArrays} a kernel looks its arrays up in, and {@link org.loopnest.internal.kernel.IterationFailure}
 * carries the indices of the iteration whose body threw.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists.
 */
package org.loopnest.internal.kernel;

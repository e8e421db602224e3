/**
 * The loop body {@code F}, written once in Java.
 *
 * <p>Two forms. The per-element form is the idiomatic one: an {@link org.loopnest.kernel.ElementKernel} looks up
 * its arrays by name once per block and returns an {@link org.loopnest.kernel.ElementBody} called for every
 * iteration. The per-block form, a {@link org.loopnest.kernel.BlockKernel}, returns a
 * {@link org.loopnest.kernel.BlockBody} that walks a block of iterations with its own loop.
 *
 * <pre>{@code
 * .kernel(arrays -> {
 *     FloatView t = arrays.floats("T"), theta = arrays.floats("theta");
 *     return it -> theta.set(it, t.get(it) * 2);
 * })
 * }</pre>
 *
 * <p><b>Threading:</b> {@code bind} is called once per block, on the thread that runs the block; blocks of one
 * chunk and of neighbouring chunks run concurrently, so a kernel must not share mutable state across calls.
 * An exception thrown by a body fails the run with the chunk number and the indices of the failing iteration.
 *
 * <p><b>Pitfall:</b> an output element the body does not set comes back as 0, on every device (see
 * {@code UnsetOutputs}) — not the array's old value: outputs are not updated in place.
 */
package org.loopnest.kernel;

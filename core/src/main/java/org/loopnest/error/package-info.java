/**
 * The one unchecked exception family of LoopNest: everything a run can fail with extends
 * {@link org.loopnest.error.LoopNestException}, and each subclass carries what a user needs to act — the stage,
 * the chunk, the device, the iteration's indices, what memory was needed and what was offered.
 *
 * <p>Bad arguments to the builder are {@link java.lang.IllegalArgumentException}s (and a builder used out of
 * order an {@link java.lang.IllegalStateException}) whose message names the argument and what was expected.
 */
package org.loopnest.error;

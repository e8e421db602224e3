/**
 * The paper's depth-5 nest {@code for l, m, n, k, j}: a check that every iteration runs exactly once and a
 * demonstration of the map g from the outer iteration {@code e} and the inner iteration {@code id} back to the
 * loop indices.
 *
 * <pre>
 *   split d = 2:   e  = l·M + m              l = e / M,   m = e mod M
 *                  id = (n·K + k)·J + j      n = id / (K·J),   k = (id / J) mod K,   j = id mod J
 *                  flat k = e·Q + id,  Q = N·K·J
 * </pre>
 *
 * <p>{@link org.loopnest.examples.nest5.Nest5} builds and checks the run, {@link org.loopnest.examples.nest5.Nest5Run}
 * holds the outcome, {@link org.loopnest.examples.nest5.IndexRecovery} explains the map in words.
 */
package org.loopnest.examples.nest5;

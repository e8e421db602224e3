/**
 * The index space of a loop nest and its maps between flat iteration numbers and loop indices.
 *
 * <p>{@link org.loopnest.index.IndexSpace} holds the extents {@code n_0 … n_N} (outermost first) and implements
 * the map <b>f</b>: a flat number {@code k = Σ i_j·s_j} back to the indices, {@code f_j(k) = ⌊k / s_j⌋ mod n_j}.
 * {@link org.loopnest.index.Split} cuts the nest at a depth {@code d} into {@code P = n_0·…·n_{d-1}} outer
 * iterations of {@code Q = n_d·…·n_N} inner iterations each, implements the map <b>g</b>
 * ({@code (e, id) → indices}) and groups {@code r} consecutive outer iterations into one
 * {@link org.loopnest.index.Chunk}. {@link org.loopnest.index.Iteration} is the cursor a kernel sees.
 *
 * <pre>
 *   k = e·Q + id            e ∈ [0, P)  outer (control loop, one chunk per r values of e)
 *                           id ∈ [0, Q) inner (thread number on a device)
 *   chunk c = [c·r·Q, min((c+1)·r·Q, C))
 * </pre>
 *
 * <p>All arithmetic is in {@code long}; everything here is immutable and thread-safe except
 * {@link org.loopnest.index.Iteration}, which belongs to one thread. Nothing here runs anything.
 */
package org.loopnest.index;

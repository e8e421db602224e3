/**
 * Packing chunks of the user's arrays into flat native buffers and back (DESIGN §3).
 *
 * <p>{@link org.loopnest.internal.serializer.ChunkLayout} is the one descriptor of a chunk buffer's binary layout: every
 * streamed input has a region in the input buffer, every output a region in the output buffer, every input
 * indexed only by inner loops a region in the resident buffer (sent once per run). Regions start on
 * {@value org.loopnest.internal.serializer.ChunkLayout#ALIGNMENT}-byte boundaries, elements in native byte order.
 *
 * <pre>
 *  input buffer of a chunk (r outer iterations e0 … e0+r−1, Q inner iterations each)
 *  ┌──────────────── region T ───────────────┬──── region p ────┬ …
 *  │ slab(e0) │ slab(e0+1) │ … │ slab(e0+r−1) │ 1 value per e    │
 *  └──────────────────────────────────────────┴──────────────────┴ …
 *  slab(e) = the array's elements for outer iteration e: all of its inner indices, row-major
 * </pre>
 *
 * <p>An array indexed by every loop is one contiguous run per chunk, packed with one bulk copy from a flat
 * array; jagged, strided and subset-indexed arrays are gathered row by row, merging rows that happen to be
 * adjacent. A file-backed array's runs are read from and written to its file with positional I/O straight into the
 * packed bytes ({@code FileRows}: one read or write per merged run, bytes swapped when the file's order differs; the
 * file is opened once per chunk and array). {@link org.loopnest.internal.serializer.ChunkPacker} packs and unpacks;
 * it allocates nothing per chunk but small views (and, for a file, a scratch buffer of at most 1 MiB where rows are
 * strided or bytes swapped).
 *
 * <p><b>Threading:</b> layouts are immutable; a packer may be used by several threads on different chunks and
 * buffers at once.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists.
 */
package org.loopnest.internal.serializer;

/**
 * The user's arrays and how a kernel reaches them.
 *
 * <p>A {@link org.loopnest.data.Holder} wraps what the user owns: a flat primitive array (row-major or with
 * explicit strides), a jagged Java array ({@code float[][]…}) or a {@link java.nio.ByteBuffer}.
 * An {@link org.loopnest.data.ArrayBinding} ties a holder to a name, a direction and the loop indices it is
 * indexed by (all of them or a subset, in nest order), and validates its shape.
 *
 * <p>Kernels read and write through typed views ({@link org.loopnest.data.FloatView},
 * {@link org.loopnest.data.DoubleView}, {@link org.loopnest.data.IntView}, {@link org.loopnest.data.LongView})
 * that turn the current {@link org.loopnest.index.Iteration} into an element position with an
 * {@link org.loopnest.data.Addressing}: either straight into the user's holder (host-addressable devices, no copy)
 * or into a packed chunk buffer. {@link org.loopnest.data.ElementCopier} moves runs of elements between
 * holders and buffers for the serializer.
 *
 * <p><b>Pitfalls:</b> the library never copies the holder object itself; changing an array while a run uses
 * it gives undefined results. Views are bound to one block on one thread.
 */
package org.loopnest.data;

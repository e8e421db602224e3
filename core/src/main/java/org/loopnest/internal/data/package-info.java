/**
 * How the runtime reaches the user's arrays: {@link org.loopnest.internal.data.Views} makes the typed view a kernel
 * gets (the view classes, {@code FloatViews} and its generated siblings, find each element through an
 * {@link org.loopnest.internal.data.Addressing}), {@link org.loopnest.internal.data.ElementCopier} copies and clears
 * runs of elements for the serializer, {@link org.loopnest.internal.data.UnsetOutputs} zeroes the outputs of
 * iterations a block kernel skipped, and {@link org.loopnest.internal.data.Overlap} refuses outputs that share memory.
 * What differs between element types sits in one {@code ElementOps} per type ({@code FloatOps} is the template; see
 * {@code org.loopnest.data}'s package documentation for the generation). {@link
 * org.loopnest.internal.data.HolderAccess} is the door to what the API's holders keep package-private.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists.
 */
package org.loopnest.internal.data;

/**
 * Parts of the CUDA device that are no API: {@link org.loopnest.internal.cuda.LaunchGrid} shapes each launch (one
 * thread per iteration of a chunk, the grid folded into two dimensions past the driver's limit),
 * {@link org.loopnest.internal.cuda.CudaBuffer} is device memory and {@link org.loopnest.internal.cuda.PinnedStaging}
 * page-locked host memory, both allocated in a {@link org.loopnest.internal.cuda.CudaMemoryContext} (the device's
 * context, which stays package-private in {@code org.loopnest.device.cuda}).
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.device.cuda.CudaDevice}.
 */
package org.loopnest.internal.cuda;

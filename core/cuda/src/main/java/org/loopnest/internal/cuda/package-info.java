/**
 * Parts of the CUDA device that are no API. {@link org.loopnest.internal.cuda.DriverApi} is the seam every CUDA
 * driver call of the device goes through (no JCuda type in it; failures as {@link
 * org.loopnest.internal.cuda.CudaError}): JCuda's implementation runs on a GPU, and the test-jar's
 * {@code StandInDriver} runs the device in process without one. {@link org.loopnest.internal.cuda.LaunchGrid} shapes
 * each launch (one thread per iteration of a chunk, the grid folded into two dimensions past the driver's limit),
 * {@link org.loopnest.internal.cuda.CudaBuffer} is device memory and {@link org.loopnest.internal.cuda.PinnedStaging}
 * page-locked host memory, both allocated in a {@link org.loopnest.internal.cuda.CudaMemoryContext} (the device's
 * context, which stays package-private in {@code org.loopnest.device.cuda}); {@link
 * org.loopnest.internal.cuda.CudaProperties} is what a device reports about itself.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.device.cuda.CudaDevice}.
 */
package org.loopnest.internal.cuda;

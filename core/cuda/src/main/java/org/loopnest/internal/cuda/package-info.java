/**
 * Parts of the CUDA device that are no API: {@link org.loopnest.internal.cuda.LaunchGrid} shapes each launch (one
 * thread per iteration of a chunk, the grid folded into two dimensions past the driver's limit).
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.device.cuda.CudaDevice}.
 */
package org.loopnest.internal.cuda;

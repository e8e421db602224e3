/**
 * A CUDA device for the device SPI, on the CUDA driver API through JCuda: {@link
 * org.loopnest.device.cuda.CudaDriver} finds out once whether the driver ({@code libcuda}) loads and how many GPUs
 * it sees, without throwing; {@link org.loopnest.device.cuda.CudaDevice} opens one GPU ({@code cuda:N}) in its
 * primary context, with a memory budget, three engines (a CUDA stream and a daemon thread each for copies in,
 * kernels and copies out, so that the chunks of a run overlap), device memory and page-locked host memory
 * ({@code CudaBuffer}, {@code PinnedStaging} in {@code org.loopnest.internal.cuda}); {@link
 * org.loopnest.device.cuda.PtxCompiler} turns the generated CUDA source into PTX with {@code nvcc}, NVRTC or PTX the
 * user supplies, caching it on disk; and {@code org.loopnest.internal.cuda.LaunchGrid} shapes each launch, one thread
 * per iteration, in 1-D blocks of up to 1024 threads on a 1-D grid, or a 2-D one when the blocks outnumber the
 * grid's x limit. Every driver call goes through one seam, {@code org.loopnest.internal.cuda.DriverApi}; only
 * {@code CudaDriver} and the seam's JCuda implementation in this package refer to JCuda, so its native libraries load
 * only when CUDA is asked for, and tests run the whole device over an in-process stand-in without a GPU.
 *
 * <p>The package ships as its own artifact, {@code org.loopnest:loopnest-cuda} (with JCuda's natives), so that
 * {@code loopnest-core} carries no native code; {@link org.loopnest.device.cuda.CudaProvider} offers its devices to
 * {@link org.loopnest.device.Devices} as {@code cuda:N} when the jar is on the class path.
 */
package org.loopnest.device.cuda;

/**
 * The device SPI: what the scheduler needs from anything that runs chunks — a GPU, an OpenCL device, the CPU,
 * a simulated accelerator, a remote node.
 *
 * <p>A {@link org.loopnest.device.Device} allocates {@link org.loopnest.device.DeviceBuffer}s within its memory
 * budget, copies between host buffers and device buffers, and launches a {@link org.loopnest.device.Launch} (one
 * chunk's kernel call). Copies and launches are asynchronous: each returns a
 * {@link java.util.concurrent.CompletableFuture} completed when the operation has finished (exceptionally on
 * failure), so that copies of one chunk overlap the kernel of another. {@link org.loopnest.device.DeviceInfo}
 * tells the scheduler the memory budget, the largest single allocation, the compute units, and whether the
 * device reads host memory in place (then nothing is serialized or copied).
 *
 * <p>{@link org.loopnest.device.Devices} opens a device by name ({@code cpu}, {@code sim}, {@code opencl:1},
 * {@code cuda:0}): core carries the cpu and sim devices; the OpenCL and CUDA devices are artifacts of their own
 * ({@code loopnest-opencl}, {@code loopnest-cuda}) found through the {@link org.loopnest.device.DeviceProvider} SPI
 * when their jar is on the class path, so that a CPU-only user downloads no native code.
 *
 * <p><b>Ownership:</b> whoever creates a device closes it; closing frees its threads and buffers. Buffers are
 * closed by whoever allocated them, at the latest when the device closes.
 */
package org.loopnest.device;

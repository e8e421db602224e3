/**
 * OpenCL devices through JOCL: any OpenCL platform's GPUs and CPUs (PoCL among them).
 *
 * <p>{@code org.loopnest.internal.opencl.OpenCl} (not API) finds the platforms and devices — an absent OpenCL loader or no
 * platform is an empty list with a reason, not an error — and {@link org.loopnest.device.opencl.OpenClDevice}
 * runs generated kernels on one of them: device buffers allocated once per run within
 * {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE} and a budget below global memory, host staging buffers allocated by the
 * driver ({@code CL_MEM_ALLOC_HOST_PTR}, mapped), and three in-order command queues (copy in, kernel, copy out)
 * each driven by its own thread, so that one chunk's copies overlap another's kernel. Each engine thread enqueues
 * its command and waits for it on its own queue; ordering between a chunk's copy-in, kernel and copy-out comes
 * from the pipeline (each stage starts after the previous one completed), which gives the same overlap as
 * chaining the three queues with events while keeping every wait on a thread that owns it.
 *
 * <p>JOCL's classes, and so its native library, are touched only inside this package and only when one of
 * these classes is used: a CPU-only run never loads them.
 *
 * <p>The package ships as its own artifact, {@code org.loopnest:loopnest-opencl}, so that {@code loopnest-core}
 * carries no native code; {@link org.loopnest.device.opencl.OpenClProvider} offers its devices to
 * {@link org.loopnest.device.Devices} as {@code opencl:N} when the jar is on the class path.
 */
package org.loopnest.device.opencl;

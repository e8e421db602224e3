package org.loopnest.internal.cuda;

/**
 * What {@link CudaBuffer} and {@link PinnedStaging} need of the CUDA context they allocate in: implemented by the
 * CUDA device's context ({@code org.loopnest.device.cuda}), so that the memory classes live here while the context
 * stays package-private there. Not API.
 *
 * <p><b>Threading:</b> implementations are safe from any thread.
 */
public interface CudaMemoryContext {
    /**
     * The device's name, for messages.
     *
     * @return e.g. {@code cuda:0}
     */
    String name();

    /**
     * Makes the context current on the calling thread, before a driver call.
     *
     * @throws IllegalStateException if the device is closed
     */
    void makeCurrent();

    /**
     * Checks a driver call's result.
     *
     * @param result    what the call returned
     * @param operation the call, for the message
     * @throws org.loopnest.error.DeviceException unless {@code result} is {@code CUDA_SUCCESS}
     */
    void check(int result, String operation);

    /**
     * Device memory free now.
     *
     * @return bytes, or -1 if the driver cannot say
     */
    long freeMemory();
}

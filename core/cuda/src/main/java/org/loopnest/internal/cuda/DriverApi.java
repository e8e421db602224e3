package org.loopnest.internal.cuda;

import java.nio.ByteBuffer;
import org.loopnest.device.RunSpec;

/**
 * The CUDA driver calls the CUDA device makes, and nothing else: every call of {@code CudaDevice}, its engines, its
 * modules and its memory goes through one of these methods. Handles (contexts, device pointers, streams, events,
 * modules, functions, pinned allocations) are opaque {@code long}s that only the implementation that made them
 * understands; no JCuda type appears here, so that code holding a {@code DriverApi} loads JCuda only if the
 * implementation does.
 *
 * <p>Two implementations: {@code JCudaDriverApi} ({@code org.loopnest.device.cuda}), the real driver through JCuda,
 * and {@code StandInDriver} (this module's test-jar), an in-process stand-in that runs the device without a GPU.
 *
 * <p><b>Threading:</b> implementations are safe from any thread. As with the driver, a call that works in a context
 * needs that context {@linkplain #makeCurrent current} on the calling thread; calls issued on one stream run in
 * the order issued, and asynchronous ones may still be running when the call returns.
 *
 * <p><b>Ownership:</b> whoever creates a handle destroys or frees it, once; a handle must not be used afterwards
 * (the stand-in refuses such a use, as the driver may).
 *
 * <p><b>Failure:</b> every call throws {@link CudaError} with the driver's result code when the driver refuses it;
 * callers turn that into the runtime's {@link org.loopnest.error.DeviceException}s, once.
 */
public interface DriverApi {
    /** {@return what this is, for the device's description, e.g. {@code JCuda} or {@code in-process stand-in}} */
    String description();

    /**
     * {@return the symbolic name of a driver result code, e.g. {@code CUDA_ERROR_OUT_OF_MEMORY}}
     *
     * @param code a {@code CUresult}
     */
    String errorName(int code);

    /** {@return how many CUDA devices the driver sees} */
    int deviceCount();

    /**
     * {@return what device {@code ordinal} reports about itself}
     *
     * @param ordinal the device's number, from 0
     */
    CudaProperties properties(int ordinal);

    /**
     * Retains device {@code ordinal}'s primary context.
     *
     * @param ordinal the device's number, from 0
     * @return the context, released with {@link #releaseContext}
     */
    long retainContext(int ordinal);

    /**
     * Releases a context that {@link #retainContext} returned.
     *
     * @param context the context
     */
    void releaseContext(long context);

    /**
     * Makes {@code context} current on the calling thread.
     *
     * @param context the context
     */
    void makeCurrent(long context);

    /** {@return device memory free now in the current context, in bytes ({@code cuMemGetInfo})} */
    long freeMemory();

    /**
     * Allocates device memory ({@code cuMemAlloc}).
     *
     * @param bytes at least 1
     * @return the device pointer, freed with {@link #free}
     * @throws CudaError with {@code CUDA_ERROR_OUT_OF_MEMORY} when the device has too little free
     */
    long allocate(long bytes);

    /**
     * Frees device memory ({@code cuMemFree}).
     *
     * @param pointer what {@link #allocate} returned
     */
    void free(long pointer);

    /**
     * Allocates page-locked host memory, portable to every context ({@code cuMemHostAlloc}).
     *
     * @param bytes 1 to {@link Integer#MAX_VALUE}
     * @return the allocation, freed with {@link #freeHost}
     */
    Pinned allocateHost(long bytes);

    /**
     * Frees page-locked host memory ({@code cuMemFreeHost}); its buffer must not be touched afterwards.
     *
     * @param handle the allocation's {@link Pinned#handle()}
     */
    void freeHost(long handle);

    /** {@return a new stream that does not synchronize with the legacy default stream} */
    long createStream();

    /**
     * Waits for everything issued on {@code stream} ({@code cuStreamSynchronize}).
     *
     * @param stream the stream
     * @throws CudaError for an earlier asynchronous failure on the stream, too
     */
    void synchronize(long stream);

    /**
     * Destroys a stream.
     *
     * @param stream the stream
     */
    void destroyStream(long stream);

    /** {@return a new event with timing} */
    long createEvent();

    /**
     * Records {@code event} on {@code stream}: it completes when the work issued before it has.
     *
     * @param event  the event
     * @param stream the stream
     */
    void record(long event, long stream);

    /**
     * {@return the milliseconds between two completed events, by the device's clock}
     *
     * @param start the earlier event
     * @param end   the later event
     */
    float elapsedMillis(long start, long end);

    /**
     * Destroys an event.
     *
     * @param event the event
     */
    void destroyEvent(long event);

    /**
     * Issues a copy of {@code bytes} bytes from {@code host[0…]} to {@code device} on {@code stream}
     * ({@code cuMemcpyHtoDAsync}).
     *
     * @param device the device pointer
     * @param host   a direct buffer of at least {@code bytes} bytes, which must stay untouched until the stream
     *               has finished the copy
     * @param bytes  at least 1
     * @param stream the stream
     */
    void copyToDevice(long device, ByteBuffer host, long bytes, long stream);

    /**
     * Issues a copy of {@code bytes} bytes from {@code device} into {@code host[0…]} on {@code stream}
     * ({@code cuMemcpyDtoHAsync}).
     *
     * @param host   a direct buffer of at least {@code bytes} bytes
     * @param device the device pointer
     * @param bytes  at least 1
     * @param stream the stream
     */
    void copyToHost(ByteBuffer host, long device, long bytes, long stream);

    /**
     * Loads a module from PTX text ({@code cuModuleLoadData}).
     *
     * @param ptx the PTX
     * @return the module, unloaded with {@link #unloadModule}
     */
    long loadModule(String ptx);

    /**
     * Unloads a module; its functions must not be launched afterwards.
     *
     * @param module the module
     */
    void unloadModule(long module);

    /**
     * {@return the function {@code entryPoint} of {@code module}}
     *
     * @param module     the module
     * @param entryPoint the function's name
     * @throws CudaError with {@code CUDA_ERROR_NOT_FOUND} if the module has no such function
     */
    long function(long module, String entryPoint);

    /**
     * {@return the most threads per block {@code function} can be launched with}
     *
     * @param function the function
     */
    int maxThreadsPerBlock(long function);

    /**
     * Issues a launch of {@code function} on {@code stream} ({@code cuLaunchKernel}) with the parameters every
     * generated kernel takes.
     *
     * @param function  the function
     * @param grid      the launch's shape, not empty
     * @param stream    the stream
     * @param arguments the kernel's parameters
     */
    void launch(long function, LaunchGrid grid, long stream, KernelArguments arguments);

    /**
     * Says what the kernel whose PTX is {@code ptx} computes: the run it was generated for. The real driver needs no
     * such thing and ignores it (the default); a stand-in that cannot run PTX runs this run's kernel-language body
     * instead when a function of that module is launched. Called by the device each time it is given a run.
     *
     * @param ptx the PTX, as later passed to {@link #loadModule}
     * @param run the run whose generated kernel the PTX was compiled from
     */
    default void describeKernel(String ptx, RunSpec run) {
    }

    /**
     * Page-locked host memory.
     *
     * @param handle what {@link #freeHost} takes
     * @param buffer the memory: direct, capacity the size asked for
     */
    record Pinned(long handle, ByteBuffer buffer) {
    }

    /**
     * The parameters of every generated kernel, in its order (see {@link org.loopnest.device.KernelSource}).
     *
     * @param input      device pointer of the chunk's inputs
     * @param output     device pointer of the chunk's outputs
     * @param resident   device pointer of the resident inputs
     * @param firstOuter the chunk's first outer iteration
     * @param count      the chunk's iterations
     */
    record KernelArguments(long input, long output, long resident, long firstOuter, long count) {
    }
}

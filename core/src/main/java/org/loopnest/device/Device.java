package org.loopnest.device;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.concurrent.CompletableFuture;

/**
 * Something that runs chunks: allocates memory, copies data in and out, launches kernels.
 *
 * <p><b>Threading:</b> all methods may be called from several threads at once (one per pipeline stage).
 * Operations issued from one thread complete in the order issued; operations from different threads may
 * overlap. <b>Failure:</b> an operation that fails completes its future exceptionally; {@link #allocate} throws.
 */
public interface Device extends AutoCloseable {
    /** {@return what the device offers} */
    DeviceInfo info();

    /**
     * Allocates {@code bytes} of device memory.
     *
     * @param bytes how many bytes
     * @return the buffer, which the caller closes before closing the device
     * @throws org.loopnest.error.DeviceMemoryException if the budget or the largest single allocation is exceeded
     */
    DeviceBuffer allocate(long bytes);

    /**
     * Copies {@code bytes} bytes from {@code host[0…]} into {@code target[0…]}, asynchronously.
     *
     * @param host the host buffer read, from byte 0; not touched by the caller until the copy completes
     * @param target the device buffer written, from byte 0
     * @param bytes how many bytes
     * @return completed when the copy has finished, exceptionally on failure
     */
    CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes);

    /**
     * Copies {@code bytes} bytes from {@code source[0…]} into {@code host[0…]}, asynchronously.
     *
     * @param source the device buffer read, from byte 0
     * @param host the host buffer written, from byte 0; not read by the caller until the copy completes
     * @param bytes how many bytes
     * @return completed when the copy has finished, exceptionally on failure
     */
    CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes);

    /**
     * Host memory to pack chunks into and copy from; devices that copy faster from page-locked memory hand out
     * such memory. The caller closes it before closing the device. Default: ordinary direct memory.
     *
     * @param bytes how many bytes
     * @return the staging memory
     */
    default HostStaging allocateStaging(long bytes) {
        return HostStaging.direct(bytes);
    }

    /**
     * {@return whether the device runs compiled kernels ({@link KernelSource}) rather than Java bodies} Such a device
     * needs a kernel with {@link org.loopnest.kernel.DeviceCode} and is {@link #prepare prepared} before each run.
     */
    default boolean runsCompiledKernels() {
        return false;
    }

    /**
     * Compiles {@code kernel} ahead of the launches that carry it (or finds it compiled already), so that a compile
     * error surfaces before any chunk moves. Called once per run, before any chunk, on a device that
     * {@link #runsCompiledKernels() runs compiled kernels}; a no-op elsewhere. Compiled kernels are cached per
     * device and kept until it closes: concurrent runs with different kernels may share it.
     *
     * @param kernel the generated kernel
     * @throws org.loopnest.error.KernelCompileException with the compiler's log and the numbered source
     */
    default void prepare(KernelSource kernel) {
    }

    /**
     * Called once per run, before any chunk and before the run's buffers are allocated: a compiled device compiles
     * the kernel ({@link #prepare}, the default), a remote device sends the run's description to its node.
     *
     * @param run the run's description: split, arrays, kernel
     * @throws org.loopnest.error.KernelCompileException if the kernel does not compile
     */
    default void beginRun(RunSpec run) {
        if (runsCompiledKernels()) {
            prepare(run.kernelSource());
        }
    }

    /**
     * {@return how this device runs {@code run}'s kernel, for the run's report ({@code kernel path: …}): on a device
     * that runs Java ({@link #runsCompiledKernels()} false), {@code Java body}, or how the kernel-language body runs
     * on this JVM ({@code vector (FloatVector 512-bit, 16 lanes)}, or {@code scalar: } and why); empty on a device
     * that runs compiled kernels} A remote device answers what its node last said (when the run began, then with each
     * chunk it ran). Called after {@link #beginRun} with the same {@code run}, when the run's report is made (after
     * the chunks ran: a body compiles for a layout on first use, and that may decide the path).
     *
     * @param run the run's description, as given to {@link #beginRun}
     */
    default Optional<String> kernelPath(RunSpec run) {
        return runsCompiledKernels() ? Optional.empty() : Optional.of(run.kernel().javaPathReport());
    }

    /**
     * {@return whether this device, for the run opened by {@link #beginRun}, takes its chunks with the arrays in
     * place, as a host-addressable device does, although it has memory of its own: a worker node that reads and writes
     * the run's files itself on storage it shares with the coordinator} The run then launches each chunk with no
     * serialization and no copies ({@link Launch#input()} {@code null}); the device runs it where the files are. Asked
     * after {@link #beginRun}; the default, {@code false}, ships every chunk.
     */
    default boolean runsInPlace() {
        return false;
    }

    /**
     * Tells the device that the run opened by {@link #beginRun} has ended on it, after the run freed whatever buffers
     * it allocated here: a device that keeps a run open without buffers (a worker node doing its own I/O) closes it
     * now. Called once per run that {@link #beginRun} accepted, from the run's thread. The default does nothing.
     *
     * @param run the run's description, as given to {@link #beginRun}: a device whose next run has begun meanwhile
     *     leaves that one alone
     */
    default void endRun(RunSpec run) {
    }

    /**
     * {@return what this device has to say about {@code run}, for the run's report: for a worker node, whether it did
     * its own I/O and why not, and the bytes its connection carried} Asked when the report is made. The default says
     * nothing; so does a device asked of a run other than its last.
     *
     * @param run the run's description, as given to {@link #beginRun}
     */
    default java.util.List<String> runNotes(RunSpec run) {
        return java.util.List.of();
    }

    /**
     * Runs the kernel over every iteration of {@code launch}'s chunk, asynchronously.
     *
     * @param launch the chunk's launch, which carries the buffers and the kernel
     * @return completed when the kernel has run, exceptionally on failure
     */
    CompletableFuture<Void> launch(Launch launch);

    /**
     * What one chunk costs this device, for the planner's cost model ({@link DeviceCosts}): per-chunk fixed cost,
     * copy bandwidth each way and, if known, the kernel's rate. Called on the planning thread before a run; a
     * device that measures its costs does so once and caches the result. The default describes nothing, and the
     * planner then keeps its fixed rule (about 16 chunks).
     *
     * @return the costs, or empty if this device does not describe them
     */
    default Optional<DeviceCosts> costs() {
        return Optional.empty();
    }

    /**
     * {@return what the device's own clock measured for its copies and kernels since it was opened (CUDA events, OpenCL
     * profiling), or empty for a device that does not measure (the default)} A run reports the difference between
     * its end and its start; runs sharing the device at once see each other's work in it. Thread-safe.
     */
    default Optional<DeviceTimes> measuredTimes() {
        return Optional.empty();
    }

    /**
     * Keeps a resource for as long as this device is open: the first call for {@code type} makes it with
     * {@code maker}, later calls return the same one, and {@link #close()} closes it before the device stops its own
     * threads. The scheduler keeps a device's pipeline here (its stage threads), so that the threads start before
     * the first run and serve every run until the device closes.
     *
     * <p>The default keeps nothing and returns empty: the caller then owns what it makes and closes it itself (the
     * scheduler then starts a pipeline for each run). <b>Threading:</b> thread-safe; {@code maker} must not call
     * {@code keep} on this device.
     *
     * @param type  the resource's type, its key
     * @param maker makes the resource, at most once
     * @param <T>   the type
     * @return the kept resource, or empty if this device keeps none
     * @throws IllegalStateException if this device is closed
     */
    default <T extends AutoCloseable> Optional<T> keep(Class<T> type, Supplier<? extends T> maker) {
        return Optional.empty();
    }

    /**
     * {@return whether {@link #close()} has been called: a closed device runs nothing more, and a run given it fails
     * before it starts with a {@link org.loopnest.error.DeviceException} naming it} Thread-safe. Default: {@code
     * false}, for a device that cannot tell (its operations then fail in the run instead).
     */
    default boolean isClosed() {
        return false;
    }

    /** Stops the device's threads and frees its memory. Idempotent. Operations in flight fail. */
    @Override
    void close();
}

package org.loopnest.internal.data;

/**
 * Faults in memory-mapped file windows ({@link FileWindow}). A read or write of a mapped page that the file system
 * cannot back — the disk filled up under a sparse output file, or the file was cut short — raises SIGBUS, which
 * HotSpot turns into an {@link InternalError} ("a fault occurred in a recent unsafe memory access operation"). It is
 * thrown not at the access but at the thread's next call into native code: on a kernel thread that may be inside the
 * thread pool's own code after the task, where it is lost or kills the thread. {@link #surface} makes such a call at
 * a point of the caller's choosing, inside its error handling, so that the fault is reported with the files it
 * concerns. Stateless.
 */
public final class MappedFaults {
    private MappedFaults() {
    }

    /**
     * Throws, here, a fault left pending by an earlier access to mapped memory on this thread; does nothing otherwise.
     * Costs one call into the JVM.
     *
     * @param any any object (its lock is only asked about)
     * @throws InternalError the pending fault, if there is one
     */
    public static void surface(Object any) {
        Thread.holdsLock(any); // a native call: on its return HotSpot throws the fault it holds for this thread
    }

    /**
     * {@return whether {@code thrown} is HotSpot's report of a fault in mapped memory (or any other memory reached
     * through {@code Unsafe})}
     *
     * @param thrown what a task threw
     */
    public static boolean isFault(Throwable thrown) {
        return thrown instanceof InternalError && thrown.getMessage() != null
                && thrown.getMessage().contains("unsafe memory access");
    }
}

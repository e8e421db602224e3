package org.loopnest.scheduler;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.loopnest.device.Device;

/**
 * The runs that {@link DirectDispatch} is feeding to one host-addressable device, kept by the device
 * ({@link Device#keep}) so that closing the device fails them at once, as closing a device's {@link PackedPipeline}
 * fails the runs it serves: each stops with a {@link org.loopnest.error.DeviceException} saying that the device was
 * closed during the run, launches nothing more and skips its blocks not yet started, before the device stops its
 * threads. A run leaves when it ends.
 *
 * <p><b>Threading:</b> thread-safe.
 */
final class DirectRuns implements AutoCloseable {
    private final String device;
    private final Set<DeviceRun> going = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private DirectRuns(String device) {
        this.device = device;
    }

    /**
     * The runs {@code device} keeps, made now if it has none yet.
     *
     * @return them, or empty if the device keeps nothing (closing it then fails its runs through their launches)
     * @throws IllegalStateException if the device is closed
     */
    static Optional<DirectRuns> of(Device device) {
        return device.keep(DirectRuns.class, () -> new DirectRuns(device.info().name()));
    }

    /** Adds {@code run} until it ends; a run added after {@link #close()} fails at once. */
    void add(DeviceRun run) {
        going.add(run);
        run.control().finished().whenComplete((v, t) -> going.remove(run));
        if (closed) {
            closeDuring(run);
        }
    }

    private void closeDuring(DeviceRun run) {
        run.control().abortIfRunning(JoinCheck.closedDuringRun(device));
    }

    /** Fails every run still going: the device is closing under them. Idempotent. */
    @Override
    public void close() {
        closed = true;
        for (DeviceRun run : going) {
            closeDuring(run);
        }
    }
}

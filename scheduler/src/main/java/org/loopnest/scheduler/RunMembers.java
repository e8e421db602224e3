package org.loopnest.scheduler;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceTimes;

/**
 * Who takes part in one run: its devices, those it started with first and then those that joined, in the order they
 * joined; the run's part on each ({@link DeviceRun}); and the pipelines serving them. Devices join while the run goes
 * ({@link Execution#join}), so this is guarded by a lock of its own, not the execution's monitor, which
 * {@link Execution#await()} holds while it waits for the run. <b>Lock order:</b> the execution's monitor, then this
 * object's; never the reverse. Nothing waits while holding the lock: no device operation, no listener.
 *
 * <p>Once {@link #close()}d (the run is being cleaned up), no device is admitted: a device is either in before the
 * cleanup reads the members, so that the cleanup waits for it and frees its buffers, or refused.
 *
 * <p><b>Threading:</b> thread-safe. <b>Ownership:</b> owns the pipelines it made for devices that keep none
 * ({@link #close()} hands them to the cleanup); the {@link DeviceRun}s are freed by the cleanup.
 */
final class RunMembers {
    private final List<Device> devices;
    private final List<DeviceRun> runs = new ArrayList<>();
    private final List<PackedPipeline> ownPipelines = new ArrayList<>();
    private final Map<DeviceRun, PackedPipeline> servedBy = new IdentityHashMap<>();
    private final Map<Device, DeviceTimes> measuredAtStart = new LinkedHashMap<>();
    /** For each device that joined: the chunks written when it joined. */
    private final Map<Device, Long> joinedAfter = new IdentityHashMap<>();
    private boolean closed;

    /** The members of a run that starts on {@code devices}. */
    RunMembers(List<Device> devices) {
        this.devices = new ArrayList<>(devices);
    }

    /** What the cleanup frees and stops, read once the members are closed. */
    record Closed(List<DeviceRun> runs, Map<DeviceRun, PackedPipeline> servedBy, List<PackedPipeline> ownPipelines) {
    }

    /** Adds the run's part on one of the devices it started with. */
    synchronized void add(DeviceRun run) {
        runs.add(run);
    }

    /** Records what {@code device}'s own clock read when the run (or its part on the device) started. */
    synchronized void measuredAtStart(Device device, DeviceTimes times) {
        measuredAtStart.put(device, times);
    }

    /**
     * Checks that {@code device} may join: it is not part of the run yet, and no device of the run has its name.
     *
     * @throws IllegalArgumentException naming the device if it is
     */
    synchronized void checkNew(Device device) {
        String name = device.info().name();
        for (Device member : devices) {
            if (member == device) {
                throw new IllegalArgumentException("device " + name + " is already part of the run (expected: a "
                        + "device the run does not use yet)");
            }
            if (member.info().name().equals(name)) {
                throw new IllegalArgumentException("device " + name + " is named like a device of the run "
                        + "(expected: distinct names, which the report and the threads use)");
            }
        }
    }

    /**
     * Admits {@code run}'s device to the run unless the members are closed or {@code counted} refuses it (the run has
     * ended), and takes a hold on {@code run} (the joiner's, released by the caller once the device is set up and
     * served, or has left): the cleanup waits for it.
     *
     * @param doneSoFar the chunks written when the device joined, for the report
     * @param atStart   what the device's own clock read, or {@code null}
     * @param counted   counts the device in the run; called under this lock
     * @return whether the device is in
     * @throws IllegalArgumentException if the device is already part of the run, or one of the run has its name
     */
    synchronized boolean admit(DeviceRun run, long doneSoFar, DeviceTimes atStart, BooleanSupplier counted) {
        checkNew(run.device());
        if (closed || !counted.getAsBoolean()) {
            return false;
        }
        devices.add(run.device());
        runs.add(run);
        joinedAfter.put(run.device(), doneSoFar);
        if (atStart != null) {
            measuredAtStart.put(run.device(), atStart);
        }
        run.hold();
        return true;
    }

    /** Takes out {@code run}, whose device joined but could not be set up: the report does not list it. */
    synchronized void remove(DeviceRun run) {
        runs.remove(run);
        devices.remove(run.device());
        joinedAfter.remove(run.device());
        measuredAtStart.remove(run.device());
    }

    /**
     * Starts feeding {@code run}'s chunks to its device (allocated): on a host-addressable device a
     * {@link DirectDispatch}, else the device's pipeline (made now, and owned here, if the device keeps none). The
     * caller holds {@code run} ({@link DeviceRun#hold}) or no cleanup can run meanwhile, so that a cleanup that closes
     * the members between the decision and the dispatch's start waits for it.
     *
     * @param atStart whether the run is being started (else the device joins it): only a run being started on one of
     *     the cpu's own threads runs there ({@link DirectDispatch})
     * @return {@code false} if the members are closed: nothing started
     * @throws IllegalStateException if the device's pipeline is closed (the device was closed)
     */
    boolean serve(DeviceRun run, boolean atStart) {
        synchronized (this) {
            if (closed) {
                return false;
            }
            if (!run.direct()) {
                PackedPipeline pipeline = PackedPipeline.of(run.device()).orElseGet(() -> {
                    PackedPipeline own = new PackedPipeline(run.deviceName());
                    ownPipelines.add(own);
                    return own;
                });
                pipeline.submit(run);
                servedBy.put(run, pipeline);
                return true;
            }
        }
        // outside the lock: a launch that completes at once tells the progress listener, which may call join
        new DirectDispatch(run, atStart).start();
        return true;
    }

    /**
     * Closes the run to joins, for good, and returns what the cleanup stops and frees. Idempotent: later calls
     * return the members as they are then.
     */
    synchronized Closed close() {
        closed = true;
        return new Closed(List.copyOf(runs), new IdentityHashMap<>(servedBy), List.copyOf(ownPipelines));
    }

    /** {@return the devices, in the order they took part: those the run started with, then those that joined} */
    synchronized List<Device> devices() {
        return List.copyOf(devices);
    }

    /** {@return the run's part on {@code device}, or {@code null} if it has none (an empty nest)} */
    synchronized DeviceRun runOf(Device device) {
        for (DeviceRun run : runs) {
            if (run.device() == device) {
                return run;
            }
        }
        return null;
    }

    /** {@return the runs' parts, in the order they were added} */
    synchronized List<DeviceRun> runs() {
        return List.copyOf(runs);
    }

    /** {@return the chunks written when {@code device} joined, or {@code null} if it was there from the start} */
    synchronized Long joinedAfter(Device device) {
        return joinedAfter.get(device);
    }

    /** {@return what each measuring device's clock read when it started on the run, in the order they did} */
    synchronized Map<Device, DeviceTimes> measuredAtStart() {
        return new LinkedHashMap<>(measuredAtStart);
    }
}

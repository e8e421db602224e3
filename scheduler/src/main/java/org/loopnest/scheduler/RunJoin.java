package org.loopnest.scheduler;

import java.util.function.Function;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceTimes;
import org.loopnest.error.LoopNestException;

/**
 * Adds a device to a run that is going ({@link Execution#join}), in three steps: <i>admit</i> it (checks, then under
 * the members' lock: counted in the run, listed, held), <i>set it up</i> without any lock (the kernel, the buffers,
 * the resident data: device calls that may take a while), then <i>serve</i> it (its pipeline or dispatch starts
 * taking chunks from the run's queue) unless the run is being cleaned up.
 *
 * <p><b>All or nothing.</b> From its admission until it is served or has left, the joining device holds its
 * {@link DeviceRun}, so a cleanup racing with the join waits for it and then frees its buffers with the others'.
 * A device that cannot be set up leaves: its buffers are freed here, at once, it is no longer counted and the report
 * does not list it. A run that ends during the setup keeps the device as a member that ran nothing.
 *
 * <p><b>Threading:</b> thread-safe; joins of different devices may run at once.
 */
final class RunJoin {
    private final RunPlan plan;
    private final RunControl control;
    private final RunMembers members;
    private final Function<Device, DeviceRun> newRun;

    /**
     * @param newRun makes the run's part on a device (not yet allocated)
     */
    RunJoin(RunPlan plan, RunControl control, RunMembers members, Function<Device, DeviceRun> newRun) {
        this.plan = plan;
        this.control = control;
        this.members = members;
        this.newRun = newRun;
    }

    /** See {@link Execution#join}. */
    boolean join(Device device) {
        if (device == null) {
            throw new IllegalArgumentException("device is null (expected: a Device)");
        }
        members.checkNew(device);
        if (control.finished().isDone()) {
            return false;
        }
        JoinCheck.check(device, plan);
        DeviceTimes atStart = device.measuredTimes().orElse(null);
        DeviceRun run = newRun.apply(device);
        if (!members.admit(run, control.done(), atStart, control::deviceJoined)) {
            return false;
        }
        try {
            setUp(run);
            if (!serve(run)) {
                return true; // the run is being cleaned up: a member that ran nothing, freed by the cleanup
            }
        } finally {
            run.release();
        }
        return true;
    }

    /** Allocates {@code run}; a device that cannot be set up leaves the run, and its failure is thrown. */
    private void setUp(DeviceRun run) {
        try {
            if (!run.allocate()) { // lost meanwhile: already counted out of the run
                leave(run, false, run.lostCause());
            }
        } catch (RunControl.Aborted stopped) {
            // the run ended while the resident data was copied: the cleanup waits for the copy, then frees
        } catch (RuntimeException | Error e) {
            leave(run, true, e);
        }
    }

    /** Starts serving {@code run}; {@code false} if the run is being cleaned up. */
    private boolean serve(DeviceRun run) {
        try {
            return members.serve(run, false);
        } catch (IllegalStateException closedMeanwhile) { // the device's pipeline: the device was closed
            leave(run, true, JoinCheck.closed(run.device()));
            return false; // not reached
        }
    }

    /**
     * Takes {@code run} out of the run (freeing what it allocated, counting it out unless it was lost) and throws
     * {@code why} as a {@link LoopNestException}, or as itself if it is an {@link Error}.
     */
    private void leave(DeviceRun run, boolean counted, Throwable why) {
        try {
            run.close();
        } catch (RuntimeException notFreed) {
            why.addSuppressed(notFreed);
        }
        members.remove(run);
        if (counted) {
            control.deviceLeft();
        }
        if (why instanceof Error error) {
            throw error;
        }
        throw why instanceof LoopNestException known ? known : new LoopNestException("device " + run.deviceName()
                + " could not join the run: setting it up failed: " + why, why);
    }
}

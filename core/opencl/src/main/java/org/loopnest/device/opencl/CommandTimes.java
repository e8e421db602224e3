package org.loopnest.device.opencl;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_event;
import org.loopnest.internal.device.DeviceClock;
import org.loopnest.report.Stage;

/**
 * Reads the profiling counters of finished commands ({@code CL_PROFILING_COMMAND_START} to {@code _END}, on a queue
 * made with {@code CL_QUEUE_PROFILING_ENABLE}) into a {@link DeviceClock}. Thread-safe.
 */
final class CommandTimes {
    private final DeviceClock clock = new DeviceClock();
    private final boolean enabled;

    /** Times commands when {@code enabled} (the queues profile), else does nothing. */
    CommandTimes(boolean enabled) {
        this.enabled = enabled;
    }

    /** Whether commands are timed. */
    boolean enabled() {
        return enabled;
    }

    /** A fresh event to pass to an enqueue call, or {@code null} when commands are not timed. */
    cl_event event() {
        return enabled ? new cl_event() : null;
    }

    /**
     * Adds the finished command's device time to {@code stage} and releases its event; does nothing for a
     * {@code null} event. A counter the driver cannot give is skipped: timing never fails a command.
     */
    void record(cl_event event, Stage stage) {
        if (event == null) {
            return;
        }
        try {
            long[] start = new long[1];
            long[] end = new long[1];
            int a = CL.clGetEventProfilingInfo(event, CL.CL_PROFILING_COMMAND_START, Sizeof.cl_ulong,
                    Pointer.to(start), null);
            int b = CL.clGetEventProfilingInfo(event, CL.CL_PROFILING_COMMAND_END, Sizeof.cl_ulong,
                    Pointer.to(end), null);
            if (a == CL.CL_SUCCESS && b == CL.CL_SUCCESS && end[0] >= start[0]) {
                clock.record(stage, end[0] - start[0]);
            }
        } finally {
            CL.clReleaseEvent(event);
        }
    }

    /** The sums so far. */
    DeviceClock clock() {
        return clock;
    }
}

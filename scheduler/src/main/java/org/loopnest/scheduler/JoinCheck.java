package org.loopnest.scheduler;

import org.loopnest.device.Device;
import org.loopnest.device.DeviceInfo;
import org.loopnest.error.DeviceException;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.index.Split;
import org.loopnest.internal.scheduler.BufferCounts;
import org.loopnest.internal.serializer.ChunkLayout;

/**
 * Whether a device can take part in a run of a plan, judged from what it offers before anything is asked of it: it is
 * open, it runs the plan's kind of kernel, and, with memory of its own, that memory holds the run's buffers at the
 * run's split (chosen for the devices the run started with, so a device that joins later may be too small). Stateless.
 */
final class JoinCheck {
    private JoinCheck() {
    }

    /**
     * Checks {@code device} against {@code plan}.
     *
     * @throws DeviceException       naming the device if it is closed, or runs compiled kernels and the plan has none
     * @throws DeviceMemoryException naming the device, the bytes the run's buffers need and its memory, if they do
     *     not fit
     */
    static void check(Device device, RunPlan plan) {
        if (device.isClosed()) {
            throw closed(device);
        }
        DeviceInfo info = device.info();
        if (device.runsCompiledKernels() && plan.kernelSource() == null) {
            throw new DeviceException(info.name(), "device " + info.name() + " runs compiled kernels, and the nest "
                    + "has no device code (expected: a device that runs the nest's Java body, or a nest with "
                    + "deviceCode(...))");
        }
        if (!info.hostAddressable()) {
            checkMemory(info, plan.layout(), plan.bufferCounts());
        }
    }

    /** {@return the failure of a run given a closed {@code device}, naming it} */
    static DeviceException closed(Device device) {
        String name = device.info().name();
        return new DeviceException(name, "device " + name + " is closed (expected: an open device; close a device "
                + "only after the runs that use it)");
    }

    /** {@return the failure of a run whose {@code device} was closed under it, naming it} */
    static DeviceException closedDuringRun(String device) {
        return new DeviceException(device, "device " + device + " was closed during the run (expected: close a device "
                + "only after the runs that use it have ended)");
    }

    private static void checkMemory(DeviceInfo info, ChunkLayout layout, BufferCounts buffers) {
        long largest = Math.min(info.maxAllocationBytes(), Integer.MAX_VALUE);
        long largestBuffer = Math.max(layout.residentBytes(), Math.max(layout.inputBytes(), layout.outputBytes()));
        long needed = buffers.bytes(layout);
        if (needed <= info.memoryBytes() && largestBuffer <= largest) {
            return;
        }
        Split split = layout.split();
        throw new DeviceMemoryException("device " + info.name() + " cannot join the run: its buffers at the run's "
                + "split (d=" + split.depth() + ", r=" + split.group() + ") need " + buffers.describe(layout)
                + " (largest buffer " + largestBuffer + " bytes), but " + info.name() + " offers " + info.memoryBytes()
                + " bytes of memory (largest single allocation " + largest + " bytes) (expected: a device that holds "
                + "them; the chunk size was chosen for the devices the run started with)", needed,
                info.memoryBytes());
    }
}

package org.loopnest.internal.device;

import org.loopnest.device.HostBuffer;
import org.loopnest.error.DeviceMemoryException;

/** Counts the bytes a device has handed out against its budget and its largest single allocation. Thread-safe. */
public final class MemoryBudget {
    private final String device;
    private final long limit;
    private final long maxAllocation;
    private long used;

    /**
     * A budget of {@code limit} bytes, no single allocation above {@code maxAllocation}.
     *
     * @param device the device's name, for messages
     * @param limit the budget in bytes
     * @param maxAllocation the largest single allocation in bytes
     */
    public MemoryBudget(String device, long limit, long maxAllocation) {
        this.device = device;
        this.limit = limit;
        this.maxAllocation = maxAllocation;
    }

    /**
     * Takes {@code bytes} from the budget.
     *
     * @param bytes how many bytes
     * @throws DeviceMemoryException naming the device, the request and what is left
     */
    public synchronized void reserve(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("device " + device + ": allocation of " + bytes + " bytes "
                    + "(expected: 0 or more)");
        }
        if (bytes > maxAllocation) {
            throw new DeviceMemoryException("device " + device + ": an allocation of " + bytes
                    + " bytes exceeds its largest single allocation of " + maxAllocation + " bytes", bytes, maxAllocation);
        }
        if (bytes > limit - used) {
            throw new DeviceMemoryException("device " + device + ": an allocation of " + bytes + " bytes exceeds the "
                    + (limit - used) + " bytes left of its " + limit + "-byte budget", bytes, limit - used);
        }
        used += bytes;
    }

    /**
     * Takes {@code bytes} from the budget and returns them as a direct host buffer that gives them back when
     * closed (device memory that is host memory: the CPU's, the simulator's).
     *
     * @param bytes how many bytes
     * @return the buffer, which the caller closes
     * @throws DeviceMemoryException as {@link #reserve}
     */
    public HostBuffer allocateHost(long bytes) {
        reserve(bytes);
        try {
            return new HostBuffer(bytes, this::release);
        } catch (RuntimeException | OutOfMemoryError e) {
            release(bytes);
            throw e;
        }
    }

    /**
     * Gives {@code bytes} back.
     *
     * @param bytes how many bytes, as reserved before
     */
    public synchronized void release(long bytes) {
        used -= bytes;
    }

    /** {@return bytes currently handed out} */
    public synchronized long used() {
        return used;
    }
}

package org.loopnest.device;

/**
 * What a device offers the scheduler.
 *
 * @param name               unique name, e.g. {@code cpu} or {@code sim}
 * @param memoryBytes        device memory the runtime may use for chunk buffers and resident data
 * @param maxAllocationBytes the largest single buffer
 * @param computeUnits       parallel units (cores, SMs, compute units)
 * @param hostAddressable    whether kernels read and write the user's arrays in place, so that chunks need no
 *                           serialization and no copies
 * @param description        one line for listings: model, memory, link
 */
public record DeviceInfo(String name, long memoryBytes, long maxAllocationBytes, int computeUnits,
                         boolean hostAddressable, String description) {
}

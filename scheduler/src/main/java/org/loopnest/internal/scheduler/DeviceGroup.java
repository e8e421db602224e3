package org.loopnest.internal.scheduler;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;

/**
 * What the split of a run must respect when several devices share its chunks: one chunk layout serves them all,
 * so a chunk must fit the smallest memory and the smallest single allocation of the devices that hold chunks in
 * memory of their own, and should fill all their compute units together. Stateless.
 */
public final class DeviceGroup {
    private DeviceGroup() {
    }

    /**
     * {@return the limits of {@code devices} as one device: itself when there is one; otherwise named {@code a+b+…},
     * with the smallest memory and largest allocation among the devices that are not host-addressable
     * (host-addressable only if all are), and the sum of the compute units}
     *
     * @param devices the run's devices, at least one
     */
    public static DeviceInfo limits(List<Device> devices) {
        if (devices.size() == 1) {
            return devices.get(0).info();
        }
        List<DeviceInfo> infos = devices.stream().map(Device::info).collect(Collectors.toList());
        List<DeviceInfo> packed = infos.stream().filter(i -> !i.hostAddressable()).collect(Collectors.toList());
        List<DeviceInfo> bounding = packed.isEmpty() ? infos : packed;
        return new DeviceInfo(infos.stream().map(DeviceInfo::name).collect(Collectors.joining("+")),
                bounding.stream().mapToLong(DeviceInfo::memoryBytes).min().orElseThrow(),
                bounding.stream().mapToLong(DeviceInfo::maxAllocationBytes).min().orElseThrow(),
                infos.stream().mapToInt(DeviceInfo::computeUnits).sum(), packed.isEmpty(),
                infos.size() + " devices sharing the chunks");
    }

    /**
     * {@return the costs the planner's cost model uses for {@code devices}: the device's own when there is one,
     * empty when several share the chunks (the model describes one pipeline; the fixed rule serves groups)}
     *
     * @param devices the run's devices, at least one
     */
    public static Optional<DeviceCosts> costs(List<Device> devices) {
        return devices.size() == 1 ? devices.get(0).costs() : Optional.empty();
    }
}

package org.loopnest.internal.scheduler;

import java.util.List;
import java.util.Objects;
import org.loopnest.scheduler.RunPlan;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceInfo;

/**
 * The devices every run of a {@link RunPlan} uses: the user's, or the process's shared cpu device for a nest given
 * none. No run opens or closes a device: each lives longer than the runs on it, with its threads.
 *
 * <p>For {@code LoopNest}, <b>not API</b>: it may change in any release. <b>Threading:</b> immutable.
 */
public final class DeviceSource {
    private final List<Device> given;

    private DeviceSource(List<Device> given) {
        this.given = given;
    }

    /**
     * The devices every run uses and none closes.
     *
     * @param devices one device, or several that share the chunks
     * @return the source
     * @throws NullPointerException     if {@code devices} or one of them is null
     * @throws IllegalArgumentException if {@code devices} is empty
     */
    public static DeviceSource given(List<Device> devices) {
        List<Device> copy = List.copyOf(Objects.requireNonNull(devices, "devices"));
        if (copy.isEmpty()) {
            throw new IllegalArgumentException("devices = [] (expected: at least one Device)");
        }
        return new DeviceSource(copy);
    }

    /**
     * The limits a split must respect on these devices ({@link DeviceGroup#limits}).
     *
     * @return the devices' limits as one device
     */
    public DeviceInfo limits() {
        return DeviceGroup.limits(given);
    }

    /**
     * The devices for a run.
     *
     * @return the devices, at least one
     */
    public List<Device> open() {
        return given;
    }
}

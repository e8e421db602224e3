package org.loopnest.internal.scheduler;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.loopnest.scheduler.RunPlan;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceInfo;

/**
 * Where each run of a {@link RunPlan} gets its devices: either the devices the user gave, shared by every run and
 * never closed by one, or devices the runtime makes afresh for each run and closes when that run ends (the default
 * {@code CpuDevice} of a nest given no device), so that a plan can be started again, and concurrently.
 *
 * <p>For {@code LoopNest}, <b>not API</b>: it may change in any release. <b>Threading:</b> immutable; a maker must be
 * safe to call from any thread.
 */
public final class DeviceSource {
    private final List<Device> given;
    private final Supplier<? extends Device> maker;

    private DeviceSource(List<Device> given, Supplier<? extends Device> maker) {
        this.given = given;
        this.maker = maker;
    }

    /**
     * The user's devices: every run uses these and none closes them.
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
        return new DeviceSource(copy, null);
    }

    /**
     * A device made afresh for each run, which the run closes when it ends.
     *
     * @param maker makes the device, e.g. {@code CpuDevice::new}; called once per run, and once per plan to read
     *              the device's limits
     * @return the source
     * @throws NullPointerException if {@code maker} is null
     */
    public static DeviceSource fresh(Supplier<? extends Device> maker) {
        return new DeviceSource(null, Objects.requireNonNull(maker, "maker"));
    }

    /**
     * Whether each run makes its own devices and must close them.
     *
     * @return {@code true} for {@link #fresh}, {@code false} for {@link #given}
     */
    public boolean makesDevices() {
        return given == null;
    }

    /**
     * The limits a split must respect on these devices ({@link DeviceGroup#limits}); a fresh source makes its
     * devices to read them and closes them before it returns.
     *
     * @return the devices' limits as one device
     */
    public DeviceInfo limits() {
        if (given != null) {
            return DeviceGroup.limits(given);
        }
        try (Device made = make()) {
            return made.info();
        }
    }

    /**
     * The devices for one run: the given ones, or new ones the caller must close ({@link #makesDevices()}).
     *
     * @return the devices, at least one
     */
    public List<Device> open() {
        if (given != null) {
            return given;
        }
        return List.of(make());
    }

    private Device make() {
        return Objects.requireNonNull(maker.get(), "device made for the run");
    }
}

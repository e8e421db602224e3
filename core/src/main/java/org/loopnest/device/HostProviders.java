package org.loopnest.device;

import java.util.List;
import java.util.function.LongFunction;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** The providers of the devices core carries itself, {@code cpu} and {@code sim}: always one device each. */
final class HostProviders {
    private static final DeviceProvider.Availability ONE = new DeviceProvider.Availability(1, null);

    private HostProviders() {
    }

    /** {@code cpu} then {@code sim}. */
    static List<DeviceProvider> all() {
        return List.of(new Host("cpu", HostProviders::cpu), new Host("sim", HostProviders::sim));
    }

    /** The host's cores; it reads the arrays in place, so it has no memory budget to cap. */
    private static Device cpu(long memoryLimitBytes) {
        if (memoryLimitBytes != Long.MAX_VALUE) {
            throw new IllegalArgumentException("cpu memory limit = " + memoryLimitBytes + " bytes (expected: "
                    + "none; the cpu device reads the arrays in place)");
        }
        return new CpuDevice();
    }

    /** A simulated accelerator with the default settings, its memory capped when a limit is given. */
    private static Device sim(long memoryLimitBytes) {
        SimConfig.Builder config = SimConfig.builder().name("sim");
        return new SimDevice(memoryLimitBytes == Long.MAX_VALUE ? config.build()
                : config.memory(memoryLimitBytes).build());
    }

    /** A provider of one device, {@code name} or {@code name:0}, made by {@code maker} from the memory limit. */
    private record Host(String name, LongFunction<Device> maker) implements DeviceProvider {
        @Override
        public Availability availability() {
            return ONE;
        }

        @Override
        public Device open(int index, long memoryLimitBytes) {
            if (index != 0) {
                throw new IllegalArgumentException(name + ":" + index + ": no such device (expected: " + name + " or "
                        + name + ":0)");
            }
            return maker.apply(memoryLimitBytes);
        }
    }
}

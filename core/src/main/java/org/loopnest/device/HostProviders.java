package org.loopnest.device;

import java.util.List;
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
        return List.of(new Cpu(), new Sim());
    }

    private static void requireFirst(String name, int index) {
        if (index != 0) {
            throw new IllegalArgumentException(name + ":" + index + ": no such device (expected: " + name + " or "
                    + name + ":0)");
        }
    }

    /** The host's cores; it reads the arrays in place, so it has no memory budget to cap. */
    private static final class Cpu implements DeviceProvider {
        @Override
        public String name() {
            return "cpu";
        }

        @Override
        public Availability availability() {
            return ONE;
        }

        @Override
        public Device open(int index, long memoryLimitBytes) {
            requireFirst("cpu", index);
            if (memoryLimitBytes != Long.MAX_VALUE) {
                throw new IllegalArgumentException("cpu memory limit = " + memoryLimitBytes + " bytes (expected: "
                        + "none; the cpu device reads the arrays in place)");
            }
            return new CpuDevice();
        }
    }

    /** A simulated accelerator with the default settings, its memory capped when a limit is given. */
    private static final class Sim implements DeviceProvider {
        @Override
        public String name() {
            return "sim";
        }

        @Override
        public Availability availability() {
            return ONE;
        }

        @Override
        public Device open(int index, long memoryLimitBytes) {
            requireFirst("sim", index);
            SimConfig.Builder config = SimConfig.builder().name("sim");
            return new SimDevice(memoryLimitBytes == Long.MAX_VALUE ? config.build()
                    : config.memory(memoryLimitBytes).build());
        }
    }
}

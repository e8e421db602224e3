package org.loopnest.device;

import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * A backend found through {@code META-INF/services} in core's test resources: {@code fake:0} and {@code fake:1},
 * simulated devices named after the spec, their memory the limit given (64 MiB without one).
 */
public final class FakeProvider implements DeviceProvider {
    /** Called by {@link java.util.ServiceLoader}. */
    public FakeProvider() {
    }

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Availability availability() {
        return new Availability(2, null);
    }

    @Override
    public Device open(int index, long memoryLimitBytes) {
        if (index > 1) {
            throw new IllegalArgumentException("fake:" + index + ": no such device (expected: fake:0 or fake:1)");
        }
        SimConfig.Builder config = SimConfig.builder().name("fake:" + index);
        return new SimDevice(memoryLimitBytes == Long.MAX_VALUE ? config.build() : config.memory(memoryLimitBytes)
                .build());
    }
}

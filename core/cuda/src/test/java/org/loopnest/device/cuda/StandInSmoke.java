package org.loopnest.device.cuda;

import java.nio.ByteBuffer;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;
import org.loopnest.internal.cuda.StandInDriver;

/**
 * A program for {@link StandInIsolationTest}'s fresh JVM: opens {@code cuda:0} over the stand-in, copies through
 * pinned staging both ways, closes, and prints {@code stand-in smoke: ok} with what was left allocated.
 */
final class StandInSmoke {
    private StandInSmoke() {
    }

    /**
     * @param args none
     */
    public static void main(String[] args) {
        StandInDriver driver = new StandInDriver();
        try (CudaDevice device = StandInCuda.open(driver); HostStaging staging = device.allocateStaging(64);
             DeviceBuffer buffer = device.allocate(64)) {
            staging.buffer().put(0, (byte) 42);
            device.copyIn(staging.buffer(), buffer, 64).join();
            ByteBuffer back = ByteBuffer.allocateDirect(64);
            device.copyOut(buffer, back, 64).join();
            if (back.get(0) != 42) {
                throw new AssertionError("copied back " + back.get(0) + " (expected: 42)");
            }
        }
        System.out.println("stand-in smoke: ok, left: " + driver.live());
    }
}

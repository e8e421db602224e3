package org.loopnest.device;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * Whether a test that needs hardware runs: skipped with the reason where the hardware is absent, failed instead
 * where an environment variable says it must be there (so that CI, or a GPU check, never passes by skipping).
 */
public final class HardwareTests {
    private HardwareTests() {
    }

    /**
     * Skips the calling test unless {@code available}, or fails it if {@code requireVariable} is set to {@code 1}.
     *
     * @param what            the hardware, e.g. {@code OpenCL device}
     * @param available       whether it is there
     * @param reason          why not, when it is not
     * @param requireVariable the environment variable that makes it required, e.g. {@code LOOPNEST_REQUIRE_OPENCL}
     */
    public static void assumeOrRequire(String what, boolean available, String reason, String requireVariable) {
        if (!available && "1".equals(System.getenv(requireVariable))) {
            fail(requireVariable + "=1 but no " + what + ": " + reason);
        }
        Assumptions.assumeTrue(available, () -> "no " + what + ": " + reason);
    }
}

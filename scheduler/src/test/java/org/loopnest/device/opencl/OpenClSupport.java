package org.loopnest.device.opencl;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * Decides whether OpenCL tests run: they are skipped with the reason when this machine has no OpenCL device,
 * and fail instead when the environment says one must be there ({@code LOOPNEST_REQUIRE_OPENCL=1}, which
 * {@code .ci/run} sets after installing PoCL), so that CI never skips them silently.
 */
public final class OpenClSupport {
    private OpenClSupport() {
    }

    /** Skips (or fails, where OpenCL is required) the calling test unless an OpenCL device exists. */
    public static void assumeOpenCl() {
        OpenCl.Discovery found = OpenCl.discover();
        if (!found.available() && "1".equals(System.getenv("LOOPNEST_REQUIRE_OPENCL"))) {
            fail("LOOPNEST_REQUIRE_OPENCL=1 but no OpenCL device: " + found.reason());
        }
        Assumptions.assumeTrue(found.available(), () -> "no OpenCL device: " + found.reason());
    }
}

package org.loopnest.device.opencl;

import org.loopnest.internal.opencl.OpenCl;

import org.loopnest.device.HardwareTests;

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
        HardwareTests.assumeOrRequire("OpenCL device", found.available(), found.reason(), "LOOPNEST_REQUIRE_OPENCL");
    }
}

package org.loopnest.device.cuda;

import org.loopnest.device.HardwareTests;

/**
 * Decides whether CUDA tests run: they are skipped with the reason when this machine has no CUDA driver or GPU,
 * and fail instead when the environment says one must be there ({@code LOOPNEST_REQUIRE_CUDA=1}, which
 * {@code .ci/gpu-check} sets), so that a GPU run never passes by skipping everything.
 */
public final class CudaSupport {
    private CudaSupport() {
    }

    /** Skips (or fails, where CUDA is required) the calling test unless a CUDA device exists. */
    public static void assumeCuda() {
        CudaDriver.Availability cuda = CudaDriver.availability();
        HardwareTests.assumeOrRequire("CUDA device", cuda.available(), cuda.reason(), "LOOPNEST_REQUIRE_CUDA");
    }
}

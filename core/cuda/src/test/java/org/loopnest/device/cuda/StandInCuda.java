package org.loopnest.device.cuda;

import org.loopnest.internal.cuda.StandInDriver;

/**
 * Opens the CUDA device over a {@link StandInDriver}, for tests that run it without a GPU (this module's and, through
 * its test-jar, the scheduler's): device {@code cuda:0}, PTX from {@link StandInPtx}, so that no {@code nvcc} is
 * needed either. Loads no JCuda class.
 */
public final class StandInCuda {
    private StandInCuda() {
    }

    /**
     * {@return {@code cuda:0} over a new stand-in with the default properties}
     */
    public static CudaDevice open() {
        return open(new StandInDriver());
    }

    /**
     * {@return {@code cuda:0} over {@code driver}, which the test may arm with faults and ask for leaks}
     *
     * @param driver the stand-in
     */
    public static CudaDevice open(StandInDriver driver) {
        return open(driver, Long.MAX_VALUE);
    }

    /**
     * {@return {@code cuda:0} over {@code driver}, its memory budget capped at {@code memoryLimitBytes}}
     *
     * @param driver the stand-in
     * @param memoryLimitBytes the cap on the budget
     */
    public static CudaDevice open(StandInDriver driver, long memoryLimitBytes) {
        return CudaDevice.open(driver, 0, PtxCompiler.of(new StandInPtx()), memoryLimitBytes);
    }

    /**
     * {@return {@code cuda:0} over {@code driver}, with PTX from {@code compiler} (e.g. {@code nvcc}, whose PTX the
     * stand-in loads as the driver would, running the described run's body for it)}
     *
     * @param driver the stand-in
     * @param compiler what makes the PTX
     */
    public static CudaDevice open(StandInDriver driver, PtxCompiler compiler) {
        return CudaDevice.open(driver, 0, compiler, Long.MAX_VALUE);
    }
}

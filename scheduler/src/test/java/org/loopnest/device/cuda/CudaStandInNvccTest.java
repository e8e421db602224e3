package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.internal.cuda.StandInDriver;

/**
 * The stand-in loads what {@code nvcc} makes of the generated kernel, as the driver would (its entry point found in
 * the PTX), and runs the described run's body for it: the seam carries the real compiler's output, not only the
 * stand-in's. Needs {@code nvcc} on {@code PATH} (no GPU).
 */
class CudaStandInNvccTest {
    @TempDir
    Path cache;

    @Test
    void shouldLoadNvccsPtxOfTheGeneratedKernelAndRunItsBody() {
        Optional<Path> nvcc = NvccBackend.find(System.getenv("PATH"));
        assumeTrue(nvcc.isPresent(), "nvcc is not on PATH: this test loads nvcc's PTX into the stand-in");
        PtxCompiler compiler = PtxCompiler.nvcc(nvcc.get(), cache, PtxCompiler.DEFAULT_TIMEOUT);
        StandInDriver driver = new StandInDriver();
        int[] a = {1, 2, 3, 4, 5, 6};
        int[] r = new int[6];
        try (CudaDevice device = StandInCuda.open(driver, compiler)) {
            LoopNest.of(2, 3).names("t", "x").in("a", a).out("r", r).deviceCode("r = a * 10 + t;").splitAt(1)
                    .on(device).run();
            assertTrue(device.info().description().contains("PTX by nvcc"), device.info().description());
        }
        assertArrayEquals(new int[] {10, 20, 30, 41, 51, 61}, r);
        assertEquals(1, compiler.compilations(), "one kernel, compiled once by nvcc");
        assertEquals(2, driver.launches());
        assertEquals(StandInDriver.nothingLive(), driver.live());
    }
}

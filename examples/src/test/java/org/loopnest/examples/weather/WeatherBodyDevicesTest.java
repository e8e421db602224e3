package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.internal.codegen.Nvcc;
import org.loopnest.device.cuda.CudaDevice;
import org.loopnest.device.cuda.CudaSupport;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;

/**
 * The weather loop's one body on the compiled devices: its CUDA source compiles with nvcc, and on OpenCL and CUDA it matches the sequential Java loop
 * within tolerance.
 */
class WeatherBodyDevicesTest {

    @Test
    void shouldCompileToPtxAtEverySplitWhenNvccIsInstalled(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Nvcc.onPath(), "nvcc is not on the PATH: CUDA code generation is not compiled here");
        WeatherFields fields = WeatherFields.synthetic(2, 7, 5, 6, 3);
        for (int d = 0; d < 4; d++) {
            List<Path> files = WeatherNest.nest(fields).splitAt(d).dumpKernels(dir.resolve("d" + d));
            assertEquals(dir.resolve("d" + d + "/weather.cu"), files.get(1));
            Nvcc.assertCompiles(files.get(1));
        }
    }

    @Tag("opencl")
    @Test
    void shouldMatchTheSequentialLoopWithinToleranceOnOpenClAtEverySplit() {
        OpenClSupport.assumeOpenCl();
        try (OpenClDevice opencl = OpenClDevice.open(0)) {
            for (int d = 0; d < 4; d++) {
                WeatherFields fields = WeatherFields.synthetic(3, 7, 9, 11, 5 + d);
                WeatherNest.nest(fields).on(opencl).splitAt(d).run();
                Verification check = WeatherNest.verify(fields);
                assertTrue(check.passed(), "d=" + d + ": " + check);
            }
        }
    }

    @Tag("gpu")
    @Test
    void shouldMatchTheSequentialLoopWithinToleranceOnCudaAtEverySplit() {
        CudaSupport.assumeCuda();
        try (CudaDevice gpu = CudaDevice.open(0)) {
            for (int d = 0; d < 4; d++) {
                WeatherFields fields = WeatherFields.synthetic(3, 7, 9, 11, 5 + d);
                WeatherNest.nest(fields).on(gpu).splitAt(d).run();
                Verification check = WeatherNest.verify(fields);
                assertTrue(check.passed(), "d=" + d + ": " + check);
            }
            assertEquals(0, gpu.usedBytes());
        }
    }
}

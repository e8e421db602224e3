package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.device.KernelSource;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;

/**
 * Every kernel of the {@link KernelCorpus} compiles with the targets' own compilers: all CUDA sources in one file
 * through {@code nvcc -ptx} (one run: nvcc is slow to start), and each OpenCL source on {@code opencl:0}.
 */
class CorpusCompileTest {

    @Test
    void shouldGiveEveryCorpusKernelANameOfItsOwn() {
        List<KernelSource> all = KernelCorpus.all();
        assertEquals(all.size(), new HashSet<>(all.stream().map(KernelSource::entryPoint).toList()).size());
        assertTrue(all.size() > 100, "kernels: " + all.size());
    }

    @Test
    void shouldCompileEveryCorpusKernelWithNvccInOneRun(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Nvcc.onPath(), "nvcc is not on the PATH: CUDA code generation is not compiled here");
        Path cu = dir.resolve("corpus.cu");
        Files.writeString(cu, KernelCorpus.oneCudaFile(KernelCorpus.all()));
        Nvcc.assertCompiles(cu);
    }

    @Test
    @Tag("opencl")
    void shouldCompileEveryCorpusKernelOnOpenCl() {
        OpenClSupport.assumeOpenCl();
        try (OpenClDevice opencl = OpenClDevice.open(0)) {
            for (KernelSource kernel : KernelCorpus.all()) {
                opencl.prepare(kernel); // throws KernelCompileException with the log and the source
            }
        }
    }
}

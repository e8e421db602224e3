package org.loopnest.device.cuda;

import org.loopnest.internal.cuda.CudaBuffer;
import org.loopnest.internal.cuda.PinnedStaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.device.Launch;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.error.KernelCompileException;
import org.loopnest.index.Chunk;

/**
 * Needs an NVIDIA GPU with its driver, and nvcc or NVRTC: run with {@code -Dloopnest.excludedGroups=none} (the build
 * excludes the {@code gpu} tag by default), or {@code .ci/gpu-check} on a GPU machine.
 */
@Tag("gpu")
class CudaDeviceGpuTest {
    @TempDir
    Path cache;
    private CudaDevice device;

    @BeforeEach
    void open() {
        CudaSupport.assumeCuda();
        device = CudaDevice.open(0, PtxCompiler.detect(cache));
    }

    @AfterEach
    void close() {
        if (device != null) {
            device.close();
        }
    }

    private static KernelSource kernel(String entryPoint, String cuda) {
        Map<KernelTarget, String> sources = new EnumMap<>(KernelTarget.class);
        sources.put(KernelTarget.CUDA, cuda);
        sources.put(KernelTarget.OPENCL, "// not used by the CUDA device\n");
        return new KernelSource(entryPoint, sources, false);
    }

    private static Launch launch(KernelSource kernel, Chunk chunk, DeviceBuffer in, DeviceBuffer out,
                                 DeviceBuffer res) {
        return new Launch() {
            @Override
            public KernelSource kernelSource() {
                return kernel;
            }

            @Override
            public Chunk chunk() {
                return chunk;
            }

            @Override
            public void run(long from, long to) {
                throw new UnsupportedOperationException("a compiled device runs no Java body");
            }

            @Override
            public boolean cancelled() {
                return false;
            }

            @Override
            public DeviceBuffer input() {
                return in;
            }

            @Override
            public DeviceBuffer output() {
                return out;
            }

            @Override
            public DeviceBuffer resident() {
                return res;
            }
        };
    }

    @Test
    void shouldDescribeTheGpu() {
        assertEquals("cuda:0", device.info().name());
        assertTrue(device.info().memoryBytes() > 0);
        assertEquals(device.info().memoryBytes(), device.info().maxAllocationBytes());
        assertTrue(device.info().computeUnits() > 0);
        assertFalse(device.info().hostAddressable());
        assertTrue(device.runsCompiledKernels());
        assertTrue(device.architecture().startsWith("compute_"), device.architecture());
    }

    @Test
    void shouldCopyBytesBothWaysThroughPinnedAndOrdinaryMemory() {
        int n = 1 << 20;
        try (HostStaging pinned = device.allocateStaging(n); DeviceBuffer buffer = device.allocate(n)) {
            assertInstanceOf(PinnedStaging.class, pinned);
            ByteBuffer host = pinned.buffer();
            for (int i = 0; i < n; i++) {
                host.put(i, (byte) (i * 31));
            }
            device.copyIn(host, buffer, n).join();
            ByteBuffer back = ByteBuffer.allocateDirect(n);
            device.copyOut(buffer, back, n).join();
            assertEquals(host.duplicate().clear(), back.duplicate().clear());
        }
        assertEquals(0, device.usedBytes());
    }

    @Test
    void shouldRunAPreparedKernelOverChunksWithOverlappingEngines() {
        KernelSource add = kernel("ln_test_add", PtxCompilerTest.ADD_KERNEL);
        device.prepare(add);
        int n = 10_000;
        int chunks = 4;
        List<CompletableFuture<Void>> done = new ArrayList<>();
        List<ByteBuffer> results = new ArrayList<>();
        List<AutoCloseable> open = new ArrayList<>();
        try (HostStaging resHost = device.allocateStaging(1); DeviceBuffer res = device.allocate(1)) {
            resHost.buffer().put(0, (byte) 5);
            device.copyIn(resHost.buffer(), res, 1).join();
            for (int c = 0; c < chunks; c++) {
                HostStaging inHost = device.allocateStaging(n);
                HostStaging outHost = device.allocateStaging(n);
                DeviceBuffer in = device.allocate(n);
                DeviceBuffer out = device.allocate(n);
                open.addAll(List.of(in, out, inHost, outHost));
                for (int i = 0; i < n; i++) {
                    inHost.buffer().put(i, (byte) i);
                }
                Chunk chunk = new Chunk(c, 100L * c, 1, (long) n * c, n);
                done.add(device.copyIn(inHost.buffer(), in, n)
                        .thenCompose(x -> device.launch(launch(add, chunk, in, out, res)))
                        .thenCompose(x -> device.copyOut(out, outHost.buffer(), n)));
                results.add(outHost.buffer());
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).join();
            org.loopnest.device.DeviceTimes measured = device.measuredTimes().orElseThrow();
            assertTrue(measured.copyIn().toNanos() > 0 && measured.kernel().toNanos() > 0
                    && measured.copyOut().toNanos() > 0, "CUDA events timed every stage: " + measured);
            for (int c = 0; c < chunks; c++) {
                for (int i = 0; i < n; i++) {
                    assertEquals((byte) (i + 5 + 100 * c), results.get(c).get(i), "chunk " + c + ", byte " + i);
                }
            }
        } finally {
            for (AutoCloseable c : open) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    @Test
    void shouldPassAPlaceholderForAMissingResidentBuffer() {
        KernelSource copy = kernel("ln_test_copy", COPY_KERNEL);
        try (HostStaging host = device.allocateStaging(3000); DeviceBuffer in = device.allocate(3000);
             DeviceBuffer out = device.allocate(3000)) {
            for (int i = 0; i < 3000; i++) {
                host.buffer().put(i, (byte) (i % 7));
            }
            device.copyIn(host.buffer(), in, 3000).join();
            device.launch(launch(copy, new Chunk(0, 0, 1, 0, 3000), in, out, null)).join();
            ByteBuffer back = ByteBuffer.allocateDirect(3000);
            device.copyOut(out, back, 3000).join();
            assertEquals(host.buffer().duplicate().clear(), back);
        }
    }

    @Test
    void shouldRunTheKernelEachLaunchCarriesWhenTwoKernelsInterleave() {
        KernelSource copy = kernel("ln_test_copy", COPY_KERNEL);
        KernelSource add = kernel("ln_test_add", PtxCompilerTest.ADD_KERNEL);
        int n = 4096;
        try (HostStaging host = device.allocateStaging(n); DeviceBuffer in = device.allocate(n);
             DeviceBuffer copied = device.allocate(n); DeviceBuffer added = device.allocate(n);
             HostStaging resHost = device.allocateStaging(1); DeviceBuffer res = device.allocate(1)) {
            for (int i = 0; i < n; i++) {
                host.buffer().put(i, (byte) i);
            }
            resHost.buffer().put(0, (byte) 3);
            device.copyIn(resHost.buffer(), res, 1).join();
            device.copyIn(host.buffer(), in, n).join();
            Chunk chunk = new Chunk(0, 0, 1, 0, n);
            CompletableFuture<Void> first = device.launch(launch(copy, chunk, in, copied, res));
            CompletableFuture<Void> second = device.launch(launch(add, chunk, in, added, res));
            CompletableFuture.allOf(first, second).join();
            ByteBuffer back = ByteBuffer.allocateDirect(n);
            device.copyOut(copied, back, n).join();
            ByteBuffer sum = ByteBuffer.allocateDirect(n);
            device.copyOut(added, sum, n).join();
            for (int i = 0; i < n; i++) {
                assertEquals((byte) i, back.get(i), "copy kernel, byte " + i);
                assertEquals((byte) (i + 3), sum.get(i), "add kernel, byte " + i);
            }
        }
    }

    private static final String COPY_KERNEL = """
                extern "C" __global__ void ln_test_copy(const unsigned char* ln_in, unsigned char* ln_out,
                        const unsigned char* ln_res, long long ln_first_outer, long long ln_count)
                {
                    long long t = (((long long) blockIdx.y * gridDim.x) + blockIdx.x) * blockDim.x + threadIdx.x;
                    if (t < ln_count) {
                        ln_out[t] = ln_in[t];
                    }
                }
                """;

    @Test
    void shouldReportCompileErrorsWithTheNumberedSource() {
        KernelCompileException e = assertThrows(KernelCompileException.class,
                () -> device.prepare(kernel("ln_broken", "extern \"C\" __global__ void ln_broken( {\n")));
        assertEquals("cuda:0", e.device());
        assertFalse(e.log().isBlank());
        assertTrue(e.getMessage().contains("1| extern"), e.getMessage());
    }

    @Test
    void shouldRefuseAllocationsBeyondTheBudget() {
        DeviceMemoryException e = assertThrows(DeviceMemoryException.class,
                () -> device.allocate(device.info().memoryBytes() + 1));
        assertEquals(device.info().memoryBytes() + 1, e.neededBytes());
        assertEquals(0, device.usedBytes());
    }

    @Test
    void shouldFailLaunchesWithoutAKernelAndOperationsAfterClose() {
        try (DeviceBuffer in = device.allocate(16); DeviceBuffer out = device.allocate(16)) {
            CompletionException early = assertThrows(CompletionException.class,
                    () -> device.launch(launch(null, new Chunk(0, 0, 1, 0, 16), in, out, null)).join());
            assertInstanceOf(IllegalArgumentException.class, early.getCause());
            assertTrue(early.getCause().getMessage().contains("launch.kernelSource() = null on cuda:0"),
                    early.getCause().getMessage());
        }
        DeviceBuffer left = device.allocate(64);
        device.close();
        device.close();
        assertTrue(((CudaBuffer) left).isClosed(), "the device frees buffers left open");
        left.close();
        assertThrows(IllegalStateException.class, () -> device.allocate(1));
        CompletionException late = assertThrows(CompletionException.class,
                () -> device.copyIn(ByteBuffer.allocateDirect(64), left, 64).join());
        assertInstanceOf(IllegalStateException.class, late.getCause());
    }
}

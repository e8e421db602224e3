package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.error.KernelCompileException;

class PtxCompilerTest {
    /** A kernel of the generated kernels' shape: bytes in, bytes out, resident bytes, first outer, count. */
    static final String ADD_KERNEL = """
            #define LN_KERNEL extern "C" __global__
            #define LN_I64 long long
            #define LN_THREAD_ID ((((LN_I64) blockIdx.y * gridDim.x) + blockIdx.x) * blockDim.x + threadIdx.x)

            LN_KERNEL void ln_test_add(const unsigned char* ln_in, unsigned char* ln_out, const unsigned char* ln_res,
                    const LN_I64 ln_first_outer, const LN_I64 ln_count)
            {
                const LN_I64 ln_tid = LN_THREAD_ID;
                if (ln_tid >= ln_count) {
                    return;
                }
                ln_out[ln_tid] = (unsigned char) (ln_in[ln_tid] + ln_res[0] + ln_first_outer);
            }
            """;

    private static final String BROKEN_KERNEL = """
            extern "C" __global__ void ln_broken(const unsigned char* ln_in, unsigned char* ln_out)
            {
                ln_out[0] = ln_in[0] +
            }
            """;

    private static Path nvccOnPath() {
        var nvcc = NvccBackend.find(System.getenv("PATH"));
        assumeTrue(nvcc.isPresent(), "nvcc is not on PATH: the nvcc compilation tests need the CUDA toolkit");
        return nvcc.get();
    }

    private static List<Path> ptxFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".ptx")).sorted().toList();
        }
    }

    @Test
    void shouldCompileWithNvccToPtxWithTheEntryPoint(@TempDir Path cache) throws IOException {
        PtxCompiler compiler = PtxCompiler.nvcc(nvccOnPath(), cache, PtxCompiler.DEFAULT_TIMEOUT);
        String ptx = compiler.compile("cuda:test", ADD_KERNEL, null);
        assertTrue(ptx.contains(".entry ln_test_add("), ptx);
        assertEquals(1, compiler.compilations());
        assertEquals(1, ptxFiles(cache).size());
    }

    @Test
    void shouldFindCompiledPtxInTheCacheTheSecondTime(@TempDir Path cache) throws IOException {
        PtxCompiler compiler = PtxCompiler.nvcc(nvccOnPath(), cache, PtxCompiler.DEFAULT_TIMEOUT);
        String first = compiler.compile("cuda:test", ADD_KERNEL, "compute_75");
        Path file = ptxFiles(cache).get(0);
        FileTime written = Files.getLastModifiedTime(file);

        assertEquals(first, compiler.compile("cuda:test", ADD_KERNEL, "compute_75"));
        assertEquals(1, compiler.compilations());
        assertEquals(List.of(file), ptxFiles(cache));
        assertEquals(written, Files.getLastModifiedTime(file));

        PtxCompiler later = PtxCompiler.nvcc(nvccOnPath(), cache, PtxCompiler.DEFAULT_TIMEOUT);
        assertEquals(first, later.compile("cuda:test", ADD_KERNEL, "compute_75"));
        assertEquals(0, later.compilations(), "a new compiler on the same directory finds the PTX on disk");
    }

    @Test
    void shouldCompileAgainForAnotherArchitecture(@TempDir Path cache) throws IOException {
        PtxCompiler compiler = PtxCompiler.nvcc(nvccOnPath(), cache, PtxCompiler.DEFAULT_TIMEOUT);
        compiler.compile("cuda:test", ADD_KERNEL, "compute_75");
        String ptx = compiler.compile("cuda:test", ADD_KERNEL, "compute_80");
        assertTrue(ptx.contains(".target sm_80"), ptx);
        assertEquals(2, compiler.compilations());
        assertEquals(2, ptxFiles(cache).size());
    }

    @Test
    void shouldReportASyntaxErrorWithTheLogAndTheNumberedSource(@TempDir Path cache) throws IOException {
        PtxCompiler compiler = PtxCompiler.nvcc(nvccOnPath(), cache, PtxCompiler.DEFAULT_TIMEOUT);
        KernelCompileException e = assertThrows(KernelCompileException.class,
                () -> compiler.compile("cuda:test", BROKEN_KERNEL, null));
        assertFalse(e.log().isBlank());
        assertTrue(e.log().contains("kernel.cu(4): error"), e.log());
        assertEquals("cuda:test", e.device());
        assertEquals(BROKEN_KERNEL, e.source());
        assertTrue(e.getMessage().contains("kernel did not compile on device cuda:test (nvcc -ptx)"), e.getMessage());
        assertTrue(e.getMessage().contains("3|     ln_out[0] = ln_in[0] +"), e.getMessage());
        assertEquals(List.of(), ptxFiles(cache), "failures are not cached");
    }

    @Test
    void shouldRunTheGivenNvccWithPtxArchAndOutputOptions(@TempDir Path dir) throws IOException {
        Path nvcc = script(dir, """
                #!/bin/sh
                echo "$@" > args.txt
                out=""
                while [ $# -gt 0 ]; do
                  if [ "$1" = "-o" ]; then out="$2"; shift; fi
                  shift
                done
                printf '// args: %s\\n.visible .entry fake()\\n' "$(cat args.txt)" > "$out"
                """);
        PtxCompiler compiler = PtxCompiler.nvcc(nvcc, null, Duration.ofMinutes(1));
        String ptx = compiler.compile("cuda:test", "// anything\n", "compute_90");
        assertEquals("// args: -ptx -arch=compute_90 -o kernel.ptx kernel.cu\n.visible .entry fake()\n", ptx);
        assertEquals(1, compiler.compilations());
        assertTrue(compiler.cacheDir().isEmpty());
    }

    @Test
    void shouldReportNvccsExitStatusAndOutput(@TempDir Path dir) throws IOException {
        Path nvcc = script(dir, """
                #!/bin/sh
                echo "nvcc fatal   : something is wrong" >&2
                exit 3
                """);
        KernelCompileException e = assertThrows(KernelCompileException.class,
                () -> PtxCompiler.nvcc(nvcc, dir.resolve("cache"), Duration.ofMinutes(1))
                        .compile("cuda:test", "int x;\n", "compute_80"));
        assertEquals("nvcc fatal   : something is wrong\nnvcc exited with status 3", e.log());
        assertTrue(e.getMessage().contains("(nvcc -ptx -arch=compute_80)"), e.getMessage());
        assertTrue(e.getMessage().contains("1| int x;"), e.getMessage());
    }

    @Test
    void shouldKillNvccAfterTheTimeout(@TempDir Path dir) throws IOException {
        Path nvcc = script(dir, """
                #!/bin/sh
                exec sleep 600
                """);
        KernelCompileException e = assertThrows(KernelCompileException.class,
                () -> PtxCompiler.nvcc(nvcc, null, Duration.ofMillis(200)).compile("cuda:test", "int x;\n", null));
        assertTrue(e.log().startsWith("nvcc did not finish within PT0.2S and was killed"), e.log());
    }

    @Test
    void shouldSayWhatIsMissingWhenNeitherNvccNorNvrtcIsAvailable(@TempDir Path cache) {
        assumeFalse(NvrtcBackend.availability().available(), "NVRTC loads here, so a compiler is available");
        PtxCompiler compiler = PtxCompiler.detect("", cache);
        assertEquals("NVRTC", compiler.description());
        KernelCompileException e = assertThrows(KernelCompileException.class,
                () -> compiler.compile("cuda:test", ADD_KERNEL, "compute_75"));
        assertTrue(e.log().startsWith("neither nvcc nor NVRTC is available: nvcc was not found on PATH or in the"
                + " CUDA install directories, and NVRTC could not be loaded: "), e.log());
        assertTrue(e.log().endsWith("Expected: nvcc on PATH, libnvrtc on the library path, or PTX supplied with"
                + " PtxCompiler.ofPtx"), e.log());
        assertTrue(e.getMessage().contains("(no CUDA compiler)"), e.getMessage());
    }

    @Test
    void shouldReportNvrtcAvailabilityWithoutThrowing() {
        CudaDriver.Availability nvrtc = NvrtcBackend.availability();
        assertFalse(nvrtc.reason().isBlank());
        assertTrue(nvrtc.reason().contains("NVRTC"), nvrtc.reason());
    }

    @Test
    void shouldPreferNvccOnThePath(@TempDir Path dir) throws IOException {
        Path nvcc = script(dir, "#!/bin/sh\nexit 0\n");
        assertEquals("nvcc " + nvcc.toAbsolutePath(), PtxCompiler.detect(dir + ":/nonexistent", null).description());
    }

    @Test
    void shouldNotHandOutPtxCachedByAnotherNvccVersionAtTheSamePath(@TempDir Path dir, @TempDir Path cache)
            throws IOException {
        Path nvcc = script(dir, fakeNvcc("13.0"));
        PtxCompiler older = PtxCompiler.nvcc(nvcc, cache, Duration.ofMinutes(1));
        assertEquals("// ptx by 13.0\n", older.compile("cuda:test", ADD_KERNEL, "compute_90"));
        PtxCompiler same = PtxCompiler.nvcc(nvcc, cache, Duration.ofMinutes(1));
        assertEquals("// ptx by 13.0\n", same.compile("cuda:test", ADD_KERNEL, "compute_90"));
        assertEquals(0, same.compilations(), "same version: from the cache");
        script(dir, fakeNvcc("13.1"));
        PtxCompiler newer = PtxCompiler.nvcc(nvcc, cache, Duration.ofMinutes(1));
        assertEquals("// ptx by 13.1\n", newer.compile("cuda:test", ADD_KERNEL, "compute_90"));
        assertEquals(1, newer.compilations(), "a toolkit upgraded in place compiles afresh");
    }

    private static String fakeNvcc(String version) {
        return "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'Cuda compilation tools, release " + version
                + "'; exit 0; fi\necho '// ptx by " + version + "' > kernel.ptx\n";
    }

    @Test
    void shouldHandOutSuppliedPtxForAnySource() {
        PtxCompiler compiler = PtxCompiler.ofPtx(".visible .entry supplied()\n");
        assertEquals(".visible .entry supplied()\n", compiler.compile("cuda:test", "whatever", "compute_90"));
        assertEquals(".visible .entry supplied()\n", compiler.compile("cuda:test", "anything else", null));
        assertEquals(0, compiler.compilations());
        assertEquals("user-supplied PTX", compiler.description());
    }

    @Test
    void shouldRejectBadArgumentsNamingThem(@TempDir Path dir) {
        Path missing = dir.resolve("no-nvcc");
        assertEquals("nvcc = " + missing + " (expected: an executable file)", assertThrows(
                IllegalArgumentException.class, () -> PtxCompiler.nvcc(missing, dir, Duration.ofMinutes(1)))
                .getMessage());
        assertEquals("ptx is blank (expected: PTX text with the kernel's .entry)",
                assertThrows(IllegalArgumentException.class, () -> PtxCompiler.ofPtx(" \n")).getMessage());
        assertEquals("arch = sm-90 (expected: compute_XY, e.g. compute_90, or null)",
                assertThrows(IllegalArgumentException.class,
                        () -> PtxCompiler.ofPtx("x").compile("cuda:test", "y", "sm-90")).getMessage());
    }

    @Test
    void shouldCacheUnderTheUsersCacheDirectoryByDefault() {
        Path dir = PtxCompiler.defaultCacheDir();
        assertTrue(dir.isAbsolute(), dir.toString());
        assertTrue(dir.endsWith(Path.of("loopnest", "ptx")), dir.toString());
    }

    private static Path script(Path dir, String text) throws IOException {
        Path nvcc = dir.resolve("nvcc");
        Files.writeString(nvcc, text);
        Files.setPosixFilePermissions(nvcc, PosixFilePermissions.fromString("rwxr-xr-x"));
        return nvcc;
    }
}

package org.loopnest.device.cuda;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.device.RunSpec;
import org.loopnest.error.DeviceException;
import org.loopnest.internal.cuda.CudaError;
import org.loopnest.internal.cuda.DriverApi;

/**
 * The kernels loaded on one device: compiles each kernel's CUDA source to PTX once ({@link PtxCompiler}), loads it
 * as a module ({@code cuModuleLoadData}) and finds its entry point ({@code cuModuleGetFunction}). Keyed by the
 * {@link KernelSource} (entry point and sources), so that a kernel prepared or launched again is found at once.
 *
 * <p><b>Threading:</b> {@link #load} is thread-safe; {@link #unloadAll()} must not run concurrently with it.
 * <b>Failure:</b> see {@link #load}.
 */
final class CudaModules {
    /**
     * A kernel ready to launch.
     *
     * @param entryPoint         the function's name
     * @param function           the function
     * @param maxThreadsPerBlock the most threads per block it can be launched with (registers permitting)
     */
    record Kernel(String entryPoint, long function, int maxThreadsPerBlock) {
    }

    private record Loaded(long module, String ptx, Kernel kernel) {
    }

    private final CudaContext context;
    private final PtxCompiler compiler;
    private final String arch;
    private final DriverApi driver;
    private final Map<KernelSource, Loaded> loaded = new ConcurrentHashMap<>();

    /** Kernels for {@code context}, compiled by {@code compiler} for {@code arch} (e.g. {@code compute_90}). */
    CudaModules(CudaContext context, PtxCompiler compiler, String arch) {
        this.context = context;
        this.compiler = compiler;
        this.arch = arch;
        this.driver = context.driver();
    }

    /**
     * The kernel of {@code source}, compiled and loaded on first use.
     *
     * @throws org.loopnest.error.KernelCompileException if the CUDA source does not compile
     * @throws DeviceException if the driver rejects the PTX or it lacks the entry point
     */
    Kernel load(KernelSource source) {
        return loaded(source).kernel();
    }

    /**
     * Loads {@code run}'s kernel as {@link #load} does, and tells the driver what its PTX computes
     * ({@link DriverApi#describeKernel}; the real driver ignores it).
     *
     * @throws org.loopnest.error.KernelCompileException as {@link #load}
     * @throws DeviceException as {@link #load}
     */
    void load(RunSpec run) {
        Loaded l = loaded(run.kernelSource());
        driver.describeKernel(l.ptx(), run);
    }

    private Loaded loaded(KernelSource source) {
        Loaded known = loaded.get(source); // every launch asks: no compile, no lock, no string built
        if (known != null) {
            return known;
        }
        return loaded.computeIfAbsent(source, k -> compileAndLoad(k.entryPoint(), k.source(KernelTarget.CUDA)));
    }

    private Loaded compileAndLoad(String entryPoint, String cuda) {
        String ptx = compiler.compile(context.name(), cuda, arch);
        context.makeCurrent();
        long module;
        try {
            module = driver.loadModule(ptx);
        } catch (CudaError e) {
            throw context.failure("cuModuleLoadData of kernel " + entryPoint + hint(e.code()), e);
        }
        try {
            long function = context.handle("cuModuleGetFunction(" + entryPoint + ")",
                    () -> driver.function(module, entryPoint));
            int maxThreads = context.get("cuFuncGetAttribute(MAX_THREADS_PER_BLOCK) of " + entryPoint,
                    () -> driver.maxThreadsPerBlock(function));
            return new Loaded(module, ptx, new Kernel(entryPoint, function, maxThreads));
        } catch (RuntimeException e) {
            try {
                driver.unloadModule(module);
            } catch (CudaError suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private String hint(int result) {
        if (result == CudaError.UNSUPPORTED_PTX_VERSION) {
            return " (PTX from " + compiler.description() + " is newer than this driver accepts: use a compiler no"
                    + " newer than the driver, or update the driver)";
        }
        if (result == CudaError.INVALID_PTX || result == CudaError.NO_BINARY_FOR_GPU) {
            return " (PTX from " + compiler.description() + " does not suit " + arch + ")";
        }
        return "";
    }

    /**
     * Unloads every module, forgetting them all; with the context current.
     *
     * @throws DeviceException for the first module that would not unload (the rest are unloaded all the same)
     */
    void unloadAll() {
        DeviceException first = null;
        for (Loaded l : loaded.values()) {
            try {
                driver.unloadModule(l.module());
            } catch (CudaError e) {
                if (first == null) {
                    first = context.failure("cuModuleUnload of kernel " + l.kernel().entryPoint(), e);
                }
            }
        }
        loaded.clear();
        if (first != null) {
            throw first;
        }
    }
}

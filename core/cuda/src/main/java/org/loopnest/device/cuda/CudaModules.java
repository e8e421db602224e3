package org.loopnest.device.cuda;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.error.DeviceException;

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
    record Kernel(String entryPoint, CUfunction function, int maxThreadsPerBlock) {
    }

    private record Loaded(CUmodule module, Kernel kernel) {
    }

    private final CudaContext context;
    private final PtxCompiler compiler;
    private final String arch;
    private final Map<KernelSource, Loaded> loaded = new ConcurrentHashMap<>();

    /** Kernels for {@code context}, compiled by {@code compiler} for {@code arch} (e.g. {@code compute_90}). */
    CudaModules(CudaContext context, PtxCompiler compiler, String arch) {
        this.context = context;
        this.compiler = compiler;
        this.arch = arch;
    }

    /**
     * The kernel of {@code source}, compiled and loaded on first use.
     *
     * @throws org.loopnest.error.KernelCompileException if the CUDA source does not compile
     * @throws DeviceException if the driver rejects the PTX or it lacks the entry point
     */
    Kernel load(KernelSource source) {
        Loaded known = loaded.get(source); // every launch asks: no compile, no lock, no string built
        if (known != null) {
            return known.kernel();
        }
        return loaded.computeIfAbsent(source, k -> compileAndLoad(k.entryPoint(), k.source(KernelTarget.CUDA)))
                .kernel();
    }

    private Loaded compileAndLoad(String entryPoint, String cuda) {
        String ptx = compiler.compile(context.name(), cuda, arch);
        byte[] text = ptx.getBytes(StandardCharsets.UTF_8);
        byte[] image = Arrays.copyOf(text, text.length + 1);
        context.makeCurrent();
        CUmodule module = new CUmodule();
        int result = JCudaDriver.cuModuleLoadData(module, image);
        if (result != CUresult.CUDA_SUCCESS) {
            throw new DeviceException(context.name(), "cuModuleLoadData of kernel " + entryPoint + hint(result),
                    result, CudaDriver.errorName(result), null);
        }
        try {
            CUfunction function = new CUfunction();
            context.check(JCudaDriver.cuModuleGetFunction(function, module, entryPoint),
                    "cuModuleGetFunction(" + entryPoint + ")");
            int[] maxThreads = new int[1];
            context.check(JCudaDriver.cuFuncGetAttribute(maxThreads,
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function),
                    "cuFuncGetAttribute(MAX_THREADS_PER_BLOCK) of " + entryPoint);
            return new Loaded(module, new Kernel(entryPoint, function, maxThreads[0]));
        } catch (RuntimeException e) {
            JCudaDriver.cuModuleUnload(module);
            throw e;
        }
    }

    private String hint(int result) {
        if (result == CUresult.CUDA_ERROR_UNSUPPORTED_PTX_VERSION) {
            return " (PTX from " + compiler.description() + " is newer than this driver accepts: use a compiler no"
                    + " newer than the driver, or update the driver)";
        }
        if (result == CUresult.CUDA_ERROR_INVALID_PTX || result == CUresult.CUDA_ERROR_NO_BINARY_FOR_GPU) {
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
            int result = JCudaDriver.cuModuleUnload(l.module());
            if (result != CUresult.CUDA_SUCCESS && first == null) {
                first = new DeviceException(context.name(), "cuModuleUnload of kernel " + l.kernel().entryPoint(),
                        result, CudaDriver.errorName(result), null);
            }
        }
        loaded.clear();
        if (first != null) {
            throw first;
        }
    }
}

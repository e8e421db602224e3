package org.loopnest.internal.cuda;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.loopnest.device.RunSpec;

/**
 * The modules and functions of the {@link StandInDriver}. A module is loaded from PTX text, whose {@code .entry}
 * directives name its functions; what a function computes is the {@link JvmKernel} of the run that the device
 * {@linkplain DriverApi#describeKernel described} for that PTX. Refuses what the driver would: text that is not PTX,
 * a function the module lacks, a function of a module unloaded since.
 *
 * <p><b>Threading:</b> thread-safe.
 */
final class StandInModules {
    private static final Pattern ENTRY = Pattern.compile("\\.entry\\s+([A-Za-z_$][\\w$]*)");

    /** A loaded module: its PTX and entry points; unloaded once. */
    private static final class Module {
        final String ptx;
        final Set<String> entries;
        volatile boolean unloaded;

        Module(String ptx, Set<String> entries) {
            this.ptx = ptx;
            this.entries = entries;
        }
    }

    /** A function: its module and name. */
    private record Function(Module module, String entryPoint) {
    }

    private final Map<Long, Module> modules = new ConcurrentHashMap<>();
    private final Map<Long, Function> functions = new ConcurrentHashMap<>();
    private final Map<String, RunSpec> described = new ConcurrentHashMap<>();
    private final Map<String, JvmKernel> kernels = new ConcurrentHashMap<>();

    /**
     * Loads {@code ptx} as module {@code handle}.
     *
     * @throws CudaError {@code CUDA_ERROR_INVALID_PTX} if it has no {@code .version} or no {@code .entry}
     */
    void load(long handle, String ptx) {
        Set<String> entries = new LinkedHashSet<>();
        Matcher m = ENTRY.matcher(ptx);
        while (m.find()) {
            entries.add(m.group(1));
        }
        if (!ptx.contains(".version") || entries.isEmpty()) {
            throw StandInDriver.error(CudaError.INVALID_PTX, "the image is not PTX with an .entry");
        }
        modules.put(handle, new Module(ptx, entries));
    }

    /**
     * Unloads module {@code handle}.
     *
     * @throws CudaError {@code CUDA_ERROR_INVALID_HANDLE} if it is not loaded
     */
    void unload(long handle) {
        Module m = modules.remove(handle);
        if (m == null) {
            throw StandInDriver.error(CudaError.INVALID_HANDLE, "module " + handle + " is not loaded");
        }
        m.unloaded = true;
    }

    /**
     * Finds {@code entryPoint} in module {@code module} as function {@code handle}.
     *
     * @throws CudaError {@code CUDA_ERROR_INVALID_HANDLE} for a module not loaded, {@code CUDA_ERROR_NOT_FOUND} for
     *     a name it lacks
     */
    void function(long handle, long module, String entryPoint) {
        Module m = modules.get(module);
        if (m == null) {
            throw StandInDriver.error(CudaError.INVALID_HANDLE, "module " + module + " is not loaded");
        }
        if (!m.entries.contains(entryPoint)) {
            throw StandInDriver.error(CudaError.NOT_FOUND, "module " + module + " has no entry " + entryPoint
                    + " (it has " + m.entries + ")");
        }
        functions.put(handle, new Function(m, entryPoint));
    }

    /**
     * Remembers what {@code ptx} computes.
     *
     * @param ptx the PTX
     * @param run the run it was generated for
     */
    void describe(String ptx, RunSpec run) {
        described.putIfAbsent(ptx, run);
    }

    /**
     * {@return what function {@code handle} computes}
     *
     * @throws CudaError {@code CUDA_ERROR_INVALID_HANDLE} for an unknown function or one whose module was unloaded,
     *     {@code CUDA_ERROR_LAUNCH_FAILED} if no run was described for its PTX
     */
    JvmKernel kernel(long handle) {
        Function f = functions.get(handle);
        if (f == null) {
            throw StandInDriver.error(CudaError.INVALID_HANDLE, "function " + handle + " is unknown");
        }
        if (f.module().unloaded) {
            throw StandInDriver.error(CudaError.INVALID_HANDLE, "function " + handle + " (" + f.entryPoint()
                    + ") belongs to a module that was unloaded");
        }
        RunSpec run = described.get(f.module().ptx);
        if (run == null) {
            throw StandInDriver.error(CudaError.LAUNCH_FAILED, "the stand-in cannot run PTX: no run was described"
                    + " for the module of " + f.entryPoint() + " (DriverApi.describeKernel)");
        }
        return kernels.computeIfAbsent(f.module().ptx, p -> new JvmKernel(run));
    }

    /** {@return modules loaded and not unloaded} */
    int live() {
        return modules.size();
    }
}

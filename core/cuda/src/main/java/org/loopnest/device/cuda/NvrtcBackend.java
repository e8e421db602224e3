package org.loopnest.device.cuda;

import jcuda.nvrtc.JNvrtc;
import jcuda.nvrtc.nvrtcProgram;
import jcuda.nvrtc.nvrtcResult;
import org.loopnest.error.KernelCompileException;

/**
 * Compiles with NVRTC, CUDA's runtime compiler, through JCuda's binding (which needs {@code libnvrtc}). Whether
 * the binding loads is found out once, on the first compilation; if it does not, every compilation fails with
 * a message saying that neither {@code nvcc} nor NVRTC is available. Thread-safe: each compilation has its own
 * NVRTC program.
 */
final class NvrtcBackend implements PtxBackend {
    private static final String COMPILER = "NVRTC";

    private final String nvccNote;

    /**
     * A backend that, when NVRTC is missing too, explains what happened to {@code nvcc} with {@code nvccNote}
     * (e.g. {@code nvcc was not found on PATH}).
     */
    NvrtcBackend(String nvccNote) {
        this.nvccNote = nvccNote;
    }

    /** Whether JCuda's NVRTC binding loads, and its version or why not. Loads it on the first call; never throws. */
    static CudaDriver.Availability availability() {
        return Probe.RESULT;
    }

    @Override
    public String description() {
        return COMPILER;
    }

    @Override
    public String compile(String device, String source, String arch) {
        CudaDriver.Availability nvrtc = availability();
        if (!nvrtc.available()) {
            throw new KernelCompileException(device, "no CUDA compiler", "neither nvcc nor NVRTC is available: "
                    + nvccNote + ", and " + nvrtc.reason() + ". Expected: nvcc on PATH, libnvrtc on the library"
                    + " path, or PTX supplied with PtxCompiler.ofPtx", source);
        }
        String[] options = arch == null ? new String[0] : new String[] {"--gpu-architecture=" + arch};
        nvrtcProgram program = new nvrtcProgram();
        check(device, source, "nvrtcCreateProgram",
                JNvrtc.nvrtcCreateProgram(program, source, "kernel.cu", 0, null, null));
        try {
            int compiled = JNvrtc.nvrtcCompileProgram(program, options.length, options);
            if (compiled != nvrtcResult.NVRTC_SUCCESS) {
                String[] log = new String[1];
                int got = JNvrtc.nvrtcGetProgramLog(program, log);
                String text = got == nvrtcResult.NVRTC_SUCCESS && log[0] != null ? log[0].strip() + "\n" : "";
                throw new KernelCompileException(device, compiler(arch),
                        text + "nvrtcCompileProgram failed with " + nvrtcResult.stringFor(compiled), source);
            }
            String[] ptx = new String[1];
            check(device, source, "nvrtcGetPTX", JNvrtc.nvrtcGetPTX(program, ptx));
            return stripNul(ptx[0]);
        } finally {
            JNvrtc.nvrtcDestroyProgram(program);
        }
    }

    private static String compiler(String arch) {
        return arch == null ? COMPILER : COMPILER + " --gpu-architecture=" + arch;
    }

    private static void check(String device, String source, String call, int result) {
        if (result != nvrtcResult.NVRTC_SUCCESS) {
            throw new KernelCompileException(device, COMPILER, call + " failed with " + nvrtcResult.stringFor(result),
                    source);
        }
    }

    private static String stripNul(String ptx) {
        int end = ptx.length();
        while (end > 0 && ptx.charAt(end - 1) == '\0') {
            end--;
        }
        return ptx.substring(0, end);
    }

    /** Lazy holder: the binding is loaded once, thread-safely, when first asked for. */
    private static final class Probe {
        static final CudaDriver.Availability RESULT = probe();

        private static CudaDriver.Availability probe() {
            try {
                int[] major = new int[1];
                int[] minor = new int[1];
                int result = JNvrtc.nvrtcVersion(major, minor);
                if (result != nvrtcResult.NVRTC_SUCCESS) {
                    return new CudaDriver.Availability(false, "NVRTC failed: nvrtcVersion returned "
                            + nvrtcResult.stringFor(result));
                }
                return new CudaDriver.Availability(true, "NVRTC " + major[0] + "." + minor[0]);
            } catch (LinkageError e) {
                return new CudaDriver.Availability(false, "NVRTC could not be loaded: " + CudaDriver.describe(e));
            } catch (RuntimeException e) {
                return new CudaDriver.Availability(false, "NVRTC failed: " + e);
            }
        }
    }
}

package org.loopnest.internal.opencl;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * Finds the OpenCL devices of every platform, once per process. No OpenCL loader, no platform or no device is
 * not an error: the list is empty and {@link Discovery#reason()} says why. Thread-safe.
 */
public final class OpenCl {
    private static Discovery found;

    private OpenCl() {
    }

    /**
     * What discovery found.
     *
     * @param devices every device of every platform, in platform order
     * @param reason  why the list is empty, or {@code null} when it is not
     */
    public record Discovery(List<OpenClDeviceId> devices, String reason) {
        /**
         * Copies the list.
         *
         * @param devices every device of every platform, in platform order
         * @param reason why the list is empty, or {@code null} when it is not
         */
        public Discovery {
            devices = List.copyOf(devices);
        }

        /** {@return whether at least one device was found} */
        public boolean available() {
            return !devices.isEmpty();
        }
    }

    /**
     * {@return the devices, found on the first call (which loads JOCL's native library and the platforms' drivers)}
     *
     * <p><b>Pitfall:</b> drivers built on LLVM (PoCL among them) replace the JVM's {@code SIGSEGV} handler when
     * their devices are listed, and the JVM, which takes safepoints through that signal, may then crash at any
     * later moment. Start the JVM with {@code LD_PRELOAD=$JAVA_HOME/lib/libjsig.so} (signal chaining; the
     * {@code ./loopnest} launcher and the project's tests do); without it, a warning is logged once.
     */
    public static synchronized Discovery discover() {
        if (found == null) {
            found = scan();
            if (found.available() && SignalChaining.missing()) {
                System.getLogger(OpenCl.class.getName()).log(System.Logger.Level.WARNING, SignalChaining.WARNING
                        + (SignalChaining.judgedFromPreload() ? SignalChaining.FALLBACK : ""));
            }
        }
        return found;
    }

    /**
     * {@return the device {@code opencl:index}}
     *
     * @param index the device's number across all platforms, from 0
     * @throws IllegalArgumentException if there is no such device, saying which there are or why there are none
     */
    public static OpenClDeviceId device(int index) {
        Discovery d = discover();
        if (!d.available()) {
            throw new IllegalArgumentException("opencl:" + index + ": no OpenCL device (" + d.reason() + ")");
        }
        if (index < 0 || index >= d.devices().size()) {
            throw new IllegalArgumentException("opencl:" + index + ": no such device (expected: opencl:0 to opencl:"
                    + (d.devices().size() - 1) + ")");
        }
        return d.devices().get(index);
    }

    private static Discovery scan() {
        try {
            int[] count = new int[1];
            int code = CL.clGetPlatformIDs(0, null, count);
            if (code != CL.CL_SUCCESS || count[0] == 0) {
                return new Discovery(List.of(), "no OpenCL platform is installed (clGetPlatformIDs: "
                        + CL.stringFor_errorCode(code) + "); on Debian: apt-get install pocl-opencl-icd");
            }
            cl_platform_id[] platforms = new cl_platform_id[count[0]];
            ClCalls.check("opencl", "clGetPlatformIDs", CL.clGetPlatformIDs(platforms.length, platforms, null));
            List<OpenClDeviceId> devices = new ArrayList<>();
            for (cl_platform_id platform : platforms) {
                addDevices(platform, devices);
            }
            return new Discovery(devices, devices.isEmpty() ? "the OpenCL platforms have no devices" : null);
        } catch (LinkageError e) {
            return new Discovery(List.of(), "the OpenCL library could not be loaded (" + e + "); on Debian: "
                    + "apt-get install ocl-icd-libopencl1 pocl-opencl-icd");
        }
    }

    private static void addDevices(cl_platform_id platform, List<OpenClDeviceId> into) {
        int[] count = new int[1];
        if (CL.clGetDeviceIDs(platform, CL.CL_DEVICE_TYPE_ALL, 0, null, count) != CL.CL_SUCCESS || count[0] == 0) {
            return;
        }
        cl_device_id[] ids = new cl_device_id[count[0]];
        ClCalls.check("opencl", "clGetDeviceIDs", CL.clGetDeviceIDs(platform, CL.CL_DEVICE_TYPE_ALL, ids.length,
                ids, null));
        String platformName = platformString(platform, CL.CL_PLATFORM_NAME);
        for (cl_device_id id : ids) {
            into.add(new OpenClDeviceId(into.size(), platform, id, platformName,
                    deviceString(id, CL.CL_DEVICE_NAME), type(deviceLong(id, CL.CL_DEVICE_TYPE)),
                    deviceLong(id, CL.CL_DEVICE_GLOBAL_MEM_SIZE), deviceLong(id, CL.CL_DEVICE_MAX_MEM_ALLOC_SIZE),
                    deviceInt(id, CL.CL_DEVICE_MAX_COMPUTE_UNITS),
                    deviceString(id, CL.CL_DEVICE_EXTENSIONS).contains("cl_khr_fp64")));
        }
    }

    private static String type(long bits) {
        if ((bits & CL.CL_DEVICE_TYPE_GPU) != 0) {
            return "GPU";
        }
        if ((bits & CL.CL_DEVICE_TYPE_CPU) != 0) {
            return "CPU";
        }
        return (bits & CL.CL_DEVICE_TYPE_ACCELERATOR) != 0 ? "ACCELERATOR" : "OTHER";
    }

    static long deviceLong(cl_device_id id, int param) {
        long[] value = new long[1];
        ClCalls.check("opencl", "clGetDeviceInfo", CL.clGetDeviceInfo(id, param, Sizeof.cl_long, Pointer.to(value),
                null));
        return value[0];
    }

    static int deviceInt(cl_device_id id, int param) {
        int[] value = new int[1];
        ClCalls.check("opencl", "clGetDeviceInfo", CL.clGetDeviceInfo(id, param, Sizeof.cl_int, Pointer.to(value),
                null));
        return value[0];
    }

    static String deviceString(cl_device_id id, int param) {
        long[] size = new long[1];
        ClCalls.check("opencl", "clGetDeviceInfo", CL.clGetDeviceInfo(id, param, 0, null, size));
        byte[] bytes = new byte[(int) size[0]];
        ClCalls.check("opencl", "clGetDeviceInfo", CL.clGetDeviceInfo(id, param, bytes.length, Pointer.to(bytes),
                null));
        return cString(bytes);
    }

    private static String platformString(cl_platform_id id, int param) {
        long[] size = new long[1];
        ClCalls.check("opencl", "clGetPlatformInfo", CL.clGetPlatformInfo(id, param, 0, null, size));
        byte[] bytes = new byte[(int) size[0]];
        ClCalls.check("opencl", "clGetPlatformInfo", CL.clGetPlatformInfo(id, param, bytes.length,
                Pointer.to(bytes), null));
        return cString(bytes);
    }

    /**
     * A C string's text: the bytes up to the first NUL (or all of them), as UTF-8.
     *
     * @param bytes what an info call wrote
     * @return the text
     */
    public static String cString(byte[] bytes) {
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }
}

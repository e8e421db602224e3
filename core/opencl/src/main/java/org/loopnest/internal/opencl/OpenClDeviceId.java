package org.loopnest.internal.opencl;

import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * One OpenCL device as discovery found it.
 *
 * @param index              its place in the list of all devices of all platforms ({@code opencl:index})
 * @param platform           the platform
 * @param device             the device
 * @param platformName       the platform's name
 * @param name               the device's name
 * @param type               {@code GPU}, {@code CPU}, {@code ACCELERATOR} or {@code OTHER}
 * @param globalMemoryBytes  {@code CL_DEVICE_GLOBAL_MEM_SIZE}
 * @param maxAllocationBytes {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}
 * @param computeUnits       {@code CL_DEVICE_MAX_COMPUTE_UNITS}
 * @param fp64               whether it computes in {@code double} ({@code cl_khr_fp64})
 */
public record OpenClDeviceId(int index, cl_platform_id platform, cl_device_id device, String platformName,
                             String name, String type, long globalMemoryBytes, long maxAllocationBytes,
                             int computeUnits, boolean fp64) {

    /** {@return the name a run uses: {@code opencl:N}} */
    public String deviceName() {
        return "opencl:" + index;
    }

    /** {@return one line for listings} */
    public String description() {
        return type + " " + name.strip() + " (" + platformName.strip() + "), " + computeUnits + " compute units, "
                + (globalMemoryBytes >> 20) + " MiB, largest allocation " + (maxAllocationBytes >> 20) + " MiB"
                + (fp64 ? ", fp64" : "");
    }
}

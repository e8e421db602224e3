package org.loopnest.internal.opencl;

import org.jocl.CL;
import org.loopnest.error.DeviceException;
import org.loopnest.error.DeviceMemoryException;

/** Turns OpenCL error codes into exceptions that name the device, the call and the code. */
public final class ClCalls {
    private ClCalls() {
    }

    /**
     * Checks a call's result. {@code CL_OUT_OF_RESOURCES} from a kernel or a copy is a {@link DeviceException}
     * (drivers report faults such as an out-of-bounds access with it), not a lack of memory.
     *
     * @param device    the device's name, for the message
     * @param operation the call, e.g. {@code clCreateContext}
     * @param code      what the call returned
     * @throws DeviceMemoryException for the codes that mean the device ran out of memory
     * @throws DeviceException for any other code but {@code CL_SUCCESS}
     */
    public static void check(String device, String operation, int code) {
        check(device, operation, code, false);
    }

    /**
     * {@link #check}, for an allocation: there {@code CL_OUT_OF_RESOURCES} means out of memory too.
     *
     * @param device    the device's name, for the message
     * @param operation the call, e.g. {@code clCreateBuffer(4096 bytes)}
     * @param code      what the call returned
     */
    public static void checkAllocation(String device, String operation, int code) {
        check(device, operation, code, true);
    }

    private static void check(String device, String operation, int code, boolean allocation) {
        if (code == CL.CL_SUCCESS) {
            return;
        }
        if (code == CL.CL_MEM_OBJECT_ALLOCATION_FAILURE || (allocation && code == CL.CL_OUT_OF_RESOURCES)
                || code == CL.CL_OUT_OF_HOST_MEMORY || code == CL.CL_INVALID_BUFFER_SIZE) {
            throw new DeviceMemoryException("device " + device + ": " + operation + " failed with "
                    + CL.stringFor_errorCode(code) + " (" + code + ")", -1, -1);
        }
        throw new DeviceException(device, operation, code, CL.stringFor_errorCode(code), null);
    }
}

package org.loopnest.device.opencl;

import org.jocl.CL;
import org.loopnest.error.DeviceException;
import org.loopnest.error.DeviceMemoryException;

/** Turns OpenCL error codes into exceptions that name the device, the call and the code. */
final class ClCalls {
    private ClCalls() {
    }

    /**
     * Checks a call's result.
     *
     * @throws DeviceMemoryException for the codes that mean the device ran out of memory
     * @throws DeviceException for any other code but {@code CL_SUCCESS}
     */
    static void check(String device, String operation, int code) {
        if (code == CL.CL_SUCCESS) {
            return;
        }
        if (code == CL.CL_MEM_OBJECT_ALLOCATION_FAILURE || code == CL.CL_OUT_OF_RESOURCES
                || code == CL.CL_OUT_OF_HOST_MEMORY || code == CL.CL_INVALID_BUFFER_SIZE) {
            throw new DeviceMemoryException("device " + device + ": " + operation + " failed with "
                    + CL.stringFor_errorCode(code) + " (" + code + ")", -1, -1);
        }
        throw new DeviceException(device, operation, code, CL.stringFor_errorCode(code), null);
    }
}

package org.loopnest.error;

/**
 * A device operation failed in its native API: carries the device's name, the operation and the API's error
 * code and name (e.g. {@code CL_OUT_OF_RESOURCES}, {@code CUDA_ERROR_LAUNCH_FAILED}). Also what a run on a device
 * that cannot run anything fails with before it starts, such as a closed device.
 */
public class DeviceException extends LoopNestException {
    /** The device's name. */
    private final String device;
    /** The native error code. */
    private final int errorCode;

    /**
     * @param device    the device's name
     * @param operation what was being done, e.g. {@code clEnqueueWriteBuffer}
     * @param errorCode the native error code
     * @param errorName the code's symbolic name
     * @param cause     the native binding's exception, or {@code null}
     */
    public DeviceException(String device, String operation, int errorCode, String errorName, Throwable cause) {
        super("device " + device + ": " + operation + " failed with " + errorName + " (" + errorCode + ")", cause);
        this.device = device;
        this.errorCode = errorCode;
    }

    /**
     * A failure of {@code device} that is no native call's, such as a run on a closed device; its
     * {@link #errorCode()} is 0.
     *
     * @param device  the device's name
     * @param message the whole message, which names the device
     */
    public DeviceException(String device, String message) {
        super(message);
        this.device = device;
        this.errorCode = 0;
    }

    /** {@return the device's name} */
    public String device() {
        return device;
    }

    /** {@return the native error code, or 0 if the failure was not a native call's} */
    public int errorCode() {
        return errorCode;
    }
}

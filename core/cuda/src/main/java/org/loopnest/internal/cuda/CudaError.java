package org.loopnest.internal.cuda;

/**
 * A driver call that returned a result other than {@code CUDA_SUCCESS}, as {@link DriverApi} reports it: the code
 * and its symbolic name. The device turns it into a {@link org.loopnest.error.DeviceException} naming itself and the
 * operation (or a {@link org.loopnest.error.DeviceMemoryException} for {@link #OUT_OF_MEMORY}); it never reaches a
 * user as it is. Immutable.
 */
public final class CudaError extends RuntimeException {
    /** {@code CUDA_ERROR_INVALID_VALUE}. */
    public static final int INVALID_VALUE = 1;
    /** {@code CUDA_ERROR_OUT_OF_MEMORY}. */
    public static final int OUT_OF_MEMORY = 2;
    /** {@code CUDA_ERROR_NO_BINARY_FOR_GPU}. */
    public static final int NO_BINARY_FOR_GPU = 209;
    /** {@code CUDA_ERROR_INVALID_PTX}. */
    public static final int INVALID_PTX = 218;
    /** {@code CUDA_ERROR_UNSUPPORTED_PTX_VERSION}. */
    public static final int UNSUPPORTED_PTX_VERSION = 222;
    /** {@code CUDA_ERROR_INVALID_HANDLE}. */
    public static final int INVALID_HANDLE = 400;
    /** {@code CUDA_ERROR_NOT_FOUND}. */
    public static final int NOT_FOUND = 500;
    /** {@code CUDA_ERROR_NOT_READY}. */
    public static final int NOT_READY = 600;
    /** {@code CUDA_ERROR_ILLEGAL_ADDRESS}. */
    public static final int ILLEGAL_ADDRESS = 700;
    /** {@code CUDA_ERROR_LAUNCH_FAILED}. */
    public static final int LAUNCH_FAILED = 719;

    private static final long serialVersionUID = 1L;

    private final int code;
    private final String codeName;

    /**
     * @param code     the {@code CUresult}
     * @param codeName its symbolic name, e.g. {@code CUDA_ERROR_LAUNCH_FAILED}
     * @param detail   what went wrong, where the driver (or stand-in) can say more than the code; may be empty
     */
    public CudaError(int code, String codeName, String detail) {
        super(codeName + " (" + code + ")" + (detail == null || detail.isEmpty() ? "" : ": " + detail));
        this.code = code;
        this.codeName = codeName;
    }

    /** {@return the driver's result code} */
    public int code() {
        return code;
    }

    /** {@return the code's symbolic name} */
    public String codeName() {
        return codeName;
    }
}

package org.loopnest.format.netcdf;

/**
 * The six external types of classic NetCDF ({@code nc_type} codes 1 to 6), all big-endian in the file.
 *
 * <p>Immutable; safe to share between threads.
 */
public enum NetcdfType {
    /** {@code NC_BYTE}: signed 8-bit integer. */
    BYTE(1, 1),
    /** {@code NC_CHAR}: 8-bit character; attributes of this type are text. */
    CHAR(2, 1),
    /** {@code NC_SHORT}: signed 16-bit integer. */
    SHORT(3, 2),
    /** {@code NC_INT}: signed 32-bit integer. */
    INT(4, 4),
    /** {@code NC_FLOAT}: 32-bit IEEE float. */
    FLOAT(5, 4),
    /** {@code NC_DOUBLE}: 64-bit IEEE float. */
    DOUBLE(6, 8);

    private final int code;
    private final int size;

    NetcdfType(int code, int size) {
        this.code = code;
        this.size = size;
    }

    /**
     * The type's code in the file.
     *
     * @return 1 to 6
     */
    public int code() {
        return code;
    }

    /**
     * Bytes per value.
     *
     * @return 1, 2, 4 or 8
     */
    public int size() {
        return size;
    }

    /**
     * The type with a code, if classic NetCDF has one.
     *
     * @param code the {@code nc_type} read from a file
     * @return the type, or {@code null} for any other code (CDF-5's unsigned and 64-bit types included)
     */
    static NetcdfType ofCode(int code) {
        for (NetcdfType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }
}

package org.loopnest.format.netcdf4;

/**
 * The element type of a NetCDF-4 variable, as its HDF5 datatype says: the netCDF-4 atomic number types, and
 * {@link #OTHER} for the rest (text {@code char} and {@code string}, compound, enum, variable-length, half floats).
 *
 * <p>Immutable; safe to share between threads.
 */
public enum Netcdf4Type {
    /** {@code byte}: signed 8-bit integer. */
    BYTE(1),
    /** {@code ubyte}: unsigned 8-bit integer. */
    UBYTE(1),
    /** {@code short}: signed 16-bit integer (ERA5's packed values). */
    SHORT(2),
    /** {@code ushort}: unsigned 16-bit integer. */
    USHORT(2),
    /** {@code int}: signed 32-bit integer. */
    INT(4),
    /** {@code uint}: unsigned 32-bit integer. */
    UINT(4),
    /** {@code int64}: signed 64-bit integer. */
    INT64(8),
    /** {@code uint64}: unsigned 64-bit integer. */
    UINT64(8),
    /** {@code float}: 32-bit IEEE float, the one type read in place ({@link Netcdf4Variable#contiguousOffset}). */
    FLOAT(4),
    /** {@code double}: 64-bit IEEE float. */
    DOUBLE(8),
    /** Anything else: not numbers, so neither read in place nor unpacked. */
    OTHER(0);

    private final int size;

    Netcdf4Type(int size) {
        this.size = size;
    }

    /**
     * Bytes per element in the file.
     *
     * @return 1, 2, 4 or 8; 0 for {@link #OTHER}
     */
    public int size() {
        return size;
    }

    /**
     * Whether its values are numbers that {@link Netcdf4File#unpackTo} and {@link Netcdf4File#readValues} read.
     *
     * @return true for every type but {@link #OTHER}
     */
    public boolean isNumber() {
        return this != OTHER;
    }

    /** The type of an HDF5 integer of a size and signedness; OTHER for sizes netCDF does not use. */
    static Netcdf4Type integer(int size, boolean signed) {
        return switch (size) {
            case 1 -> signed ? BYTE : UBYTE;
            case 2 -> signed ? SHORT : USHORT;
            case 4 -> signed ? INT : UINT;
            case 8 -> signed ? INT64 : UINT64;
            default -> OTHER;
        };
    }

    /** The type of an HDF5 float of a size; OTHER for half floats and others. */
    static Netcdf4Type floating(int size) {
        return size == 4 ? FLOAT : size == 8 ? DOUBLE : OTHER;
    }
}

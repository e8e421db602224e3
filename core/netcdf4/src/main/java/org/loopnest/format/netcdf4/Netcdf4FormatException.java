package org.loopnest.format.netcdf4;

import java.nio.file.Path;

/**
 * A file that is not a NetCDF-4/HDF5 file LoopNest can read, or a request the file cannot answer; the message names
 * the file, the variable where one applies, and what was expected, for example
 * {@code t.nc: a classic NetCDF file (magic CDF\1): read it with org.loopnest.format.netcdf.NetcdfFile (expected: an
 * HDF5/NetCDF-4 file)}.
 *
 * <p>It is an {@link IllegalArgumentException}: the file is bad input, found before any work starts where it can be
 * (a chunk that cannot be read is found only when it is read). A failure inside jHDF is wrapped once, as the cause.
 */
public final class Netcdf4FormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The file's name, without its directory. */
    private final String file;

    Netcdf4FormatException(Path file, String message) {
        this(file, message, null);
    }

    Netcdf4FormatException(Path file, String message, Throwable cause) {
        super(name(file) + ": " + message, cause);
        this.file = name(file);
    }

    /**
     * The file the fault is in.
     *
     * @return the file's name, without its directory
     */
    public String file() {
        return file;
    }

    static String name(Path file) {
        Path name = file.getFileName();
        return name == null ? file.toString() : name.toString();
    }
}

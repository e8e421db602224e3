package org.loopnest.format.netcdf;

import java.nio.file.Path;

/**
 * A file that is not a classic NetCDF file LoopNest can read, or a request the file cannot answer; the message names
 * the file, the byte offset or field where one applies, and what was expected, for example
 * {@code x.nc: not a classic NetCDF file (magic 89 48 44 46: an HDF5/NetCDF-4 file; expected: CDF\1 or CDF\2)}.
 *
 * <p>It is an {@link IllegalArgumentException}: the file is bad input, found before any work starts.
 */
public final class NetcdfFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The file's name, without its directory. */
    private final String file;

    NetcdfFormatException(Path file, String message) {
        super(name(file) + ": " + message);
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

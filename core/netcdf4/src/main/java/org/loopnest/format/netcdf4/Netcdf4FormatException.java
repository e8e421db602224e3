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
        super(printable(name(file) + ": " + message), cause);
        this.file = name(file);
    }

    /**
     * The most characters of a message: a damaged file's names and texts (quoted by jHDF, or as variable names) are
     * cut to fit, and control characters escaped as a backslash, {@code u} and four hex digits, so that a message is
     * one readable line of bounded length.
     */
    static final int MAX_MESSAGE = 1000;

    static String printable(String message) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < message.length() && s.length() <= MAX_MESSAGE; i++) {
            char c = message.charAt(i);
            s.append(c < 0x20 || c == 0x7F ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        if (s.length() > MAX_MESSAGE) {
            String more = "… (cut at " + (MAX_MESSAGE - 40) + " characters)";
            s.setLength(MAX_MESSAGE - 40);
            s.append(more);
        }
        return s.toString();
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

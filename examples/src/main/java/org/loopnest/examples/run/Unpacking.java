package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.file.Path;

/**
 * How an input that cannot be read in place (packed, of a type the body has no arrays of, chunked or compressed) is
 * turned into a raw little-endian float file, row-major over its dimensions, before the run: {@link DatasetUnpacking}
 * for NetCDF files, classic or 4, one or several. Missing values become NaN.
 *
 * <p>Implementations are immutable; {@link #into} may run on any thread and streams in bounded memory.
 */
public interface Unpacking {
    /** {@return the bytes of the unpacked file} */
    long bytes();

    /** {@return what is done, for the command's output, e.g. {@code short, scale and offset applied}} */
    String what();

    /**
     * Writes the unpacked values into {@code file}, an existing file the caller owns, from byte 0.
     *
     * @param file the file to write
     * @throws IOException if reading the input or writing the file fails
     */
    void into(Path file) throws IOException;
}

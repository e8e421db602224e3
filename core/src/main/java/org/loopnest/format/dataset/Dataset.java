package org.loopnest.format.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;

/**
 * One variable of one or more files read as one array, whatever the format: the files in time order, the variable's
 * dimension names and joined shape, its time values, and how a run reaches it — in place ({@link #holder()}) or
 * unpacked first into one float32 file ({@link #unpackTo}). Implemented by the classic NetCDF reader
 * ({@code org.loopnest.format.netcdf.NetcdfDataset}) and the NetCDF-4 one
 * ({@code org.loopnest.format.netcdf4.Netcdf4Dataset}); the files are joined by the rules of {@link DatasetJoin}.
 *
 * <p>Implementations are immutable once opened and hold no file open; {@link #unpackTo} opens them again.
 */
public interface Dataset {
    /** {@return the variable's name} */
    String variable();

    /** {@return the files, in the order they are joined (by time)} */
    List<Path> files();

    /** {@return the variable's dimension names, outermost first} */
    List<String> dimensionNames();

    /** {@return the joined shape: the first dimension summed over the files, a copy} */
    long[] shape();

    /** {@return how many entries of the first dimension each file holds, in order} */
    long[] counts();

    /** {@return the joined values of the first dimension's coordinate, if every file has one} */
    Optional<double[]> time();

    /** {@return what a run should say about the dataset: files joined, the order used} */
    List<String> notes();

    /** {@return whether a run reads the values in place, from the files as stored} */
    boolean readsInPlace();

    /** {@return the element type read in place} */
    ElementType elementType();

    /**
     * {@return a file-backed input over the files in place, its indices in {@link #dimensionNames()} order}
     *
     * @throws IllegalStateException if the values cannot be read in place ({@link #readsInPlace()})
     */
    FileHolder holder();

    /** {@return the bytes {@link #unpackTo} writes: 4 per element} */
    long unpackedBytes();

    /**
     * Writes every element, the files one after the other, as little-endian float32, row-major over {@link #shape()}:
     * packing applied, missing values NaN; in bounded memory.
     *
     * @param out the file to write (an existing one is replaced from byte 0)
     * @throws IOException if a file cannot be read or written
     */
    void unpackTo(Path out) throws IOException;

    /** {@return how the values are stored, for messages: e.g. {@code short} or {@code NetCDF-4 float, chunked}} */
    String storage();
}

package org.loopnest.format.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfCoordinate;

/**
 * One variable of one or more files read as one array, whatever the format: the files in time order, the variable's
 * dimension names and joined shape, its time values, and how a run reaches it — in place ({@link #holder()}) or
 * unpacked first into one float32 file ({@link #unpackTo}). Implemented by the classic NetCDF reader
 * ({@code org.loopnest.format.netcdf.NetcdfDataset}), the NetCDF-4 one
 * ({@code org.loopnest.format.netcdf4.Netcdf4Dataset}) and the GrADS one
 * ({@code org.loopnest.format.grads.GradsDataset}, whose template joins its files); NetCDF files are joined by the
 * rules of {@link DatasetJoin}. {@link Datasets#open} picks the reader by the first file's signature.
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

    /** {@return the bytes {@link #unpackTo} writes: 4 per element of {@link #shape()}} */
    default long unpackedBytes() {
        long n = Float.BYTES;
        for (long e : shape()) {
            n = Math.multiplyExact(n, e);
        }
        return n;
    }

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

    /**
     * {@return the coordinate variable of {@code dimension} to copy into an output (type, attributes, values; joined
     * over the files for the first dimension), if the files have one}
     *
     * @param dimension one of {@link #dimensionNames()}
     * @throws IOException if a file cannot be read
     * @throws IllegalArgumentException naming both files if two of them store it differently
     */
    Optional<NetcdfCoordinate> copyOf(String dimension) throws IOException;

    /**
     * {@return the global attributes of the first file (in time order), to copy into an output}
     *
     * @throws IOException if the file cannot be read
     */
    List<NetcdfAttribute> globalAttributes() throws IOException;
}

package org.loopnest.format.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A file format that the dataset layer reads: it recognises its files by their first bytes, describes a file
 * ({@link #catalog}) and opens a variable of one or more files as one {@link Dataset}. Classic NetCDF and GrADS are
 * built into core; other formats (NetCDF-4 in {@code loopnest-netcdf4}) are found through
 * {@link java.util.ServiceLoader}: a jar
 * that lists its implementation in {@code META-INF/services/org.loopnest.format.dataset.DatasetFormat} adds it, and
 * {@link Datasets} picks the one that recognises a file.
 *
 * <p>Implementations are stateless and thread-safe, with a public no-argument constructor.
 */
public interface DatasetFormat {
    /** {@return the format's name, for messages: {@code NetCDF}, {@code NetCDF-4}, {@code GrADS}} */
    String name();

    /**
     * {@return whether {@code file} is one of this format's (by its signature; reads only its first bytes)}
     *
     * @param file a regular file
     * @throws IOException if it cannot be read
     */
    boolean recognizes(Path file) throws IOException;

    /**
     * {@return what {@code file} holds}
     *
     * @param file one of this format's files
     * @throws IllegalArgumentException naming the file if it is malformed
     * @throws IOException if reading fails
     */
    DatasetCatalog catalog(Path file) throws IOException;

    /**
     * {@return variable {@code variable} of {@code files} as one array, joined along its first (time) dimension by the
     * rules of {@link DatasetJoin}}
     *
     * @param files one or more of this format's files, in any order
     * @param variable the variable's name
     * @throws IllegalArgumentException naming the files if the variable is missing or the files disagree
     * @throws IOException if reading fails
     */
    Dataset open(List<Path> files, String variable) throws IOException;
}

package org.loopnest.format.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfLevels;

/**
 * What one file of a dataset holds, whatever its format: its variables and their attributes, its global attributes,
 * the values of its coordinate variables and its vertical coordinate. This is what a program reads to decide which
 * variables to run before it opens them as a {@link Dataset} ({@link DatasetFormat#open}); made by
 * {@link Datasets#catalog} or a format's {@link DatasetFormat#catalog}.
 *
 * <p><b>Ownership:</b> an implementation may hold its file open until {@link #close()}; use it in a
 * try-with-resources. <b>Threading:</b> confine an instance to one thread at a time.
 */
public interface DatasetCatalog extends AutoCloseable {
    /** {@return the file described} */
    Path file();

    /** {@return the format's name, for messages: {@code NetCDF}, {@code NetCDF-4}, {@code GrADS}} */
    String format();

    /** {@return every variable of the file, in file order} */
    List<DatasetVariable> variables();

    /**
     * {@return the variable of that name, if the file has one}
     *
     * @param name the variable's name
     */
    default Optional<DatasetVariable> findVariable(String name) {
        return variables().stream().filter(v -> v.name().equals(name)).findFirst();
    }

    /** {@return the file's global attributes, in file order} */
    List<NetcdfAttribute> globalAttributes();

    /**
     * {@return the global attribute of that name, if the file has one}
     *
     * @param name the attribute's name
     */
    default Optional<NetcdfAttribute> globalAttribute(String name) {
        return globalAttributes().stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /**
     * Finds and reads the vertical (pressure) coordinate.
     *
     * @param name the coordinate variable's name, or {@code null} for the first of {@link NetcdfLevels#NAMES} (or the
     *     format's own vertical axis)
     * @return its levels in hPa (Pa divided by 100; packing applied)
     * @throws IllegalArgumentException naming the file if there is none, it is not one-dimensional or its units are
     *     neither Pa nor hPa
     * @throws IOException if reading fails
     */
    NetcdfLevels levels(String name) throws IOException;

    /**
     * {@return the physical values (packing applied) of the coordinate variable of {@code dimension} in this file: a
     * numeric variable of that name along that one dimension; empty if the file has none}
     *
     * @param dimension a dimension's name
     * @throws IOException if reading fails
     */
    Optional<double[]> coordinate(String dimension) throws IOException;

    /** Releases what the catalog holds open; idempotent. This default holds nothing. */
    @Override
    default void close() throws IOException {
    }
}

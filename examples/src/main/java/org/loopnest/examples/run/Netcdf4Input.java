package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.format.netcdf4.Netcdf4Dataset;
import org.loopnest.format.netcdf4.Netcdf4File;
import org.loopnest.format.netcdf4.Netcdf4Variable;
import org.loopnest.internal.format.Quoted;

/**
 * A variable of a NetCDF-4 (HDF5) file, or of several joined by time ({@link Netcdf4Dataset}), as an input array:
 * its dimensions' names become loop indices (or the names the option gives), their lengths the extents. An unpacked
 * {@code float} variable stored contiguously (in every file) is read in place at
 * {@link Netcdf4Variable#contiguousOffset()}, in its own byte order; any other (chunked, compressed, packed, another
 * number type) is unpacked to a temporary float file before the run ({@link Netcdf4Unpacking}).
 *
 * <p><b>Threading:</b> stateless. <b>Failure:</b> {@link IllegalArgumentException} naming the option: an unreadable
 * file, an unknown variable (listing those there are), a variable that is not numbers, a scalar.
 */
final class Netcdf4Input {
    private Netcdf4Input() {
    }

    static FileArray describe(InputOption input, List<Path> files) {
        String option = input.option();
        try {
            if (input.variable() == null) {
                try (Netcdf4File file = Netcdf4File.open(files.get(0))) {
                    throw new IllegalArgumentException(option + ": no variable given (expected: FILE.nc:VAR, VAR one "
                            + "of: " + Quoted.names(file.variables().stream().map(Netcdf4Variable::name).toList())
                            + ")");
                }
            }
            Netcdf4Dataset dataset = Netcdf4Dataset.open(files, input.variable());
            Netcdf4Variable variable = dataset.declared();
            List<String> indices = InputFiles.renamed(input, variable.dimensionNames(), "dimensions");
            long[] shape = dataset.shape();
            if (!dataset.readsInPlace()) {
                return new FileArray(input, files.get(0), indices, shape, null, ElementType.FLOAT,
                        ByteOrder.LITTLE_ENDIAN, 0, false, new Netcdf4Unpacking(dataset), null);
            }
            FileHolder holder = dataset.holder();
            return new FileArray(input, holder.path(), indices, shape, null, ElementType.FLOAT, holder.byteOrder(),
                    holder.offsetBytes(), false, null, holder.spansFiles() ? holder.parts() : null);
        } catch (IOException | IllegalArgumentException e) {
            throw e instanceof IllegalArgumentException && e.getMessage().startsWith(option) ? (RuntimeException) e
                    : new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }
}

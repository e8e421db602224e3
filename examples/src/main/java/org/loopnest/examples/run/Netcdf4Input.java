package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.format.netcdf4.Netcdf4File;
import org.loopnest.format.netcdf4.Netcdf4Type;
import org.loopnest.format.netcdf4.Netcdf4Variable;
import org.loopnest.internal.format.Quoted;

/**
 * A variable of a NetCDF-4 (HDF5) file as an input array: its dimensions' names become loop indices (or the names the
 * option gives), their lengths the extents. An unpacked {@code float} variable stored contiguously is read in place at
 * {@link Netcdf4Variable#contiguousOffset()}, in its own byte order; any other (chunked, compressed, packed, another
 * number type) is unpacked to a temporary float file before the run ({@link Netcdf4Unpacking}).
 *
 * <p><b>Threading:</b> stateless. <b>Failure:</b> {@link IllegalArgumentException} naming the option: an unreadable
 * file, an unknown variable (listing those there are), a variable that is not numbers, a scalar.
 */
final class Netcdf4Input {
    private Netcdf4Input() {
    }

    static FileArray describe(InputOption input) {
        String option = input.option();
        try (Netcdf4File file = Netcdf4File.open(input.file())) {
            String names = Quoted.names(file.variables().stream().map(Netcdf4Variable::name).toList());
            if (input.variable() == null) {
                throw new IllegalArgumentException(option + ": no variable given (expected: FILE.nc:VAR, VAR one of: "
                        + names + ")");
            }
            Netcdf4Variable variable = file.findVariable(input.variable()).orElseThrow(() ->
                    new IllegalArgumentException(option + ": no variable '" + input.variable() + "' in "
                            + input.file().getFileName() + " (expected one of: " + names + ")"));
            if (variable.type() == Netcdf4Type.OTHER || variable.shape().length == 0) {
                throw new IllegalArgumentException(option + ": variable '" + variable.name() + "' is "
                        + (variable.shape().length == 0 ? "a scalar" : "not numbers") + " (expected: a numeric "
                        + "variable with dimensions)");
            }
            List<String> indices = InputFiles.renamed(input, variable.dimensionNames(), "dimensions");
            long[] shape = variable.shape();
            boolean packed = variable.attribute("scale_factor").isPresent()
                    || variable.attribute("add_offset").isPresent();
            if (variable.contiguousOffset().isPresent() && !packed) {
                return new FileArray(input, input.file(), indices, shape, null, ElementType.FLOAT,
                        variable.byteOrder().orElseThrow(), variable.contiguousOffset().getAsLong(), false, null, null);
            }
            return new FileArray(input, input.file(), indices, shape, null, ElementType.FLOAT,
                    ByteOrder.LITTLE_ENDIAN, 0, false, new Netcdf4Unpacking(input.file(), variable.name(),
                            variable.type(), variable.elements(), variable.storage().name()), null);
        } catch (IOException | IllegalArgumentException e) {
            throw e instanceof IllegalArgumentException && e.getMessage().startsWith(option) ? (RuntimeException) e
                    : new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }
}

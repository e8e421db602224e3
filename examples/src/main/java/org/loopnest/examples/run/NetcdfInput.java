package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.data.FilePart;
import org.loopnest.format.netcdf.NetcdfDataset;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.format.netcdf.NetcdfVariable;
import org.loopnest.format.netcdf4.Netcdf4File;
import org.loopnest.internal.format.Quoted;

/**
 * A variable of a classic NetCDF file as an input array, in place: its dimensions' names become loop indices (or the
 * names the option gives, one per dimension), their lengths the extents; elements big-endian from the variable's
 * {@code begin}, a record variable's records {@code recordSize} bytes apart.
 *
 * <p>{@code float}, {@code double} and {@code int} variables are read in place, as stored (a {@code _FillValue} reaches
 * the body as a value). Packed variables ({@code scale_factor}, {@code add_offset}) and {@code byte} and {@code short}
 * ones are unpacked to a temporary float file before the run ({@link DatasetUnpacking}: missing values become NaN).
 * Several files (a glob or a list) are one {@link NetcdfDataset}, joined by time: read in place from each file
 * ({@link org.loopnest.data.Holder#files}), or unpacked into one temporary file.
 * A NetCDF-4/HDF5 file goes to {@link Netcdf4Input}. Refused, saying so: {@code char} variables, scalars.
 *
 * <p><b>Threading:</b> stateless. <b>Failure:</b> {@link IllegalArgumentException} naming the option.
 */
final class NetcdfInput {
    private NetcdfInput() {
    }

    static FileArray describe(InputOption input, List<Path> files) {
        String option = input.option();
        if (isHdf5(input, files.get(0))) {
            return Netcdf4Input.describe(input, files);
        }
        if (input.variable() == null) {
            NetcdfHeader header = header(option, files.get(0));
            throw new IllegalArgumentException(option + ": no variable given (expected: FILE.nc:VAR, VAR one of: "
                    + names(header) + ")");
        }
        NetcdfDataset dataset;
        try {
            dataset = NetcdfDataset.open(files, input.variable());
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
        NetcdfVariable variable = dataset.declared();
        List<String> indices = InputFiles.renamed(input, variable.dimensionNames(), "dimensions");
        long[] shape = dataset.shape();
        if (needsUnpacking(option, variable) || !dataset.readsInPlace()) {
            return new FileArray(input, files.get(0), indices, shape, null, ElementType.FLOAT,
                    ByteOrder.LITTLE_ENDIAN, 0, false, new DatasetUnpacking(dataset), null);
        }
        ElementType type = checkType(option, variable);
        List<FilePart> parts = new ArrayList<>();
        long[] counts = dataset.counts();
        for (int k = 0; k < counts.length; k++) {
            parts.add(new FilePart(dataset.files().get(k), dataset.headers().get(k).variable(variable.name()).begin(),
                    counts[k]));
        }
        return new FileArray(input, dataset.files().get(0), indices, shape, dataset.strides(), type,
                ByteOrder.BIG_ENDIAN, parts.get(0).offsetBytes(), false, null, parts.size() > 1 ? parts : null);
    }

    private static NetcdfHeader header(String option, Path file) {
        try {
            return NetcdfFile.open(file);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }

    private static boolean isHdf5(InputOption input, Path file) {
        try {
            return Netcdf4File.isHdf5(file);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(input.option() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether the variable is packed or of a type the body has no arrays of, and is unpacked to floats first; checks
     * its attributes (a text {@code scale_factor} is an error) and that it has dimensions.
     */
    private static boolean needsUnpacking(String option, NetcdfVariable variable) {
        if (variable.dimensions().isEmpty()) {
            throw new IllegalArgumentException(option + ": variable '" + variable.name() + "' is a scalar (expected: "
                    + "a variable with dimensions)");
        }
        if (variable.type() == NetcdfType.CHAR) {
            throw new IllegalArgumentException(option + ": variable '" + variable.name() + "' holds characters "
                    + "(expected: a numeric variable)");
        }
        try {
            NetcdfPacking.of(variable);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
        return variable.attribute("scale_factor").isPresent() || variable.attribute("add_offset").isPresent()
                || variable.type() == NetcdfType.BYTE || variable.type() == NetcdfType.SHORT;
    }

    private static ElementType checkType(String option, NetcdfVariable variable) {
        return switch (variable.type()) {
            case FLOAT -> ElementType.FLOAT;
            case DOUBLE -> ElementType.DOUBLE;
            case INT -> ElementType.INT;
            default -> throw new IllegalArgumentException(option + ": variable '" + variable.name() + "' holds "
                    + variable.type().name().toLowerCase(java.util.Locale.ROOT) + " values, not supported by run yet "
                    + "(expected: float, double or int)");
        };
    }

    private static String names(NetcdfHeader header) {
        return Quoted.names(header.variables().stream().map(NetcdfVariable::name).toList());
    }
}

package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetVariable;
import org.loopnest.format.dataset.Datasets;
import org.loopnest.internal.format.Quoted;

/**
 * A variable of one data file or several as an input array, through the dataset layer ({@link Datasets}: the format
 * by the first file's signature, classic NetCDF or NetCDF-4; several files joined by time): its dimensions' names
 * become loop indices (or the names the option gives), the joined lengths the extents. Read in place when the dataset
 * says so ({@link Dataset#holder()}: {@code float}, {@code double} and {@code int} classic variables, records
 * included, and contiguous NetCDF-4 floats, from each file), else unpacked to a temporary float file before the run
 * ({@link DatasetUnpacking}: packed, {@code byte}/{@code short}, chunked or compressed).
 *
 * <p><b>Threading:</b> stateless. <b>Failure:</b> {@link IllegalArgumentException} naming the option: no variable
 * given or none of that name (listing those there are), files that disagree, an unreadable file.
 */
final class DatasetInput {
    private DatasetInput() {
    }

    static FileArray describe(InputOption input, List<Path> files) {
        String option = input.option();
        try {
            if (input.variable() == null) {
                try (DatasetCatalog first = Datasets.catalog(files.get(0))) {
                    throw new IllegalArgumentException(option + ": no variable given (expected: FILE:VAR, VAR one of: "
                            + Quoted.names(first.variables().stream().map(DatasetVariable::name).toList()) + ")");
                }
            }
            Dataset dataset = Datasets.open(files, input.variable());
            List<String> indices = InputFiles.renamed(input, dataset.dimensionNames(), "dimensions");
            long[] shape = dataset.shape();
            if (!dataset.readsInPlace()) {
                return new FileArray(input, files.get(0), indices, shape, null, ElementType.FLOAT,
                        ByteOrder.LITTLE_ENDIAN, 0, false, new DatasetUnpacking(dataset), null);
            }
            FileHolder holder = dataset.holder();
            return new FileArray(input, holder.path(), indices, shape, holder.strides(shape), dataset.elementType(),
                    holder.byteOrder(), holder.offsetBytes(), false, null, holder.spansFiles() ? holder.parts() : null);
        } catch (IOException | IllegalArgumentException e) {
            throw e instanceof IllegalArgumentException && e.getMessage().startsWith(option) ? (RuntimeException) e
                    : new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }
}

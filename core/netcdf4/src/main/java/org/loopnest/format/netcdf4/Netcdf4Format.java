package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetFormat;

/**
 * NetCDF-4 in the dataset layer: a file with the HDF5 signature ({@link Netcdf4File#isHdf5}), described by a
 * {@link Netcdf4File} kept open until the catalogue is closed, its variables opened as a {@link Netcdf4Dataset}.
 * Registered in this module's {@code META-INF/services}, so {@link org.loopnest.format.dataset.Datasets} reads
 * NetCDF-4 wherever this jar is on the class path.
 *
 * <p>Stateless; thread-safe.
 */
public final class Netcdf4Format implements DatasetFormat {
    /** Called by {@link java.util.ServiceLoader}; the format holds nothing. */
    public Netcdf4Format() {
    }

    /** {@return {@code NetCDF-4}} */
    @Override
    public String name() {
        return "NetCDF-4";
    }

    /** {@return whether the file has the HDF5 signature} */
    @Override
    public boolean recognizes(Path file) throws IOException {
        return Netcdf4File.isHdf5(file);
    }

    /** {@return the open file as a catalogue, which the caller closes} */
    @Override
    public DatasetCatalog catalog(Path file) throws IOException {
        return new Netcdf4Catalog(Netcdf4File.open(file));
    }

    /** {@return the variable of the files, {@link Netcdf4Dataset#open}} */
    @Override
    public Dataset open(List<Path> files, String variable) throws IOException {
        return Netcdf4Dataset.open(files, variable);
    }
}

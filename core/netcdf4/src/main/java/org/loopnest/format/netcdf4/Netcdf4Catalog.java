package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetVariable;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfLevels;

/**
 * An open NetCDF-4 file as a {@link DatasetCatalog}: the root group's variables (those of no number type not
 * numeric; none marked as record: the reader does not tell unlimited dimensions), global attributes, the vertical
 * coordinate ({@link Netcdf4File#levels}) and coordinate values, read when asked.
 *
 * <p><b>Ownership:</b> owns the open file until {@link #close()}. <b>Threading:</b> as {@link Netcdf4File}, one
 * thread at a time.
 */
final class Netcdf4Catalog implements DatasetCatalog {
    private final Netcdf4File file;
    private final List<DatasetVariable> variables;

    Netcdf4Catalog(Netcdf4File file) {
        this.file = file;
        this.variables = file.variables().stream().map(v -> new DatasetVariable(v.name(), v.dimensionNames(),
                v.shape(), v.type() != Netcdf4Type.OTHER, false, v.attributes())).toList();
    }

    @Override
    public Path file() {
        return file.file();
    }

    @Override
    public String format() {
        return "NetCDF-4";
    }

    @Override
    public List<DatasetVariable> variables() {
        return variables;
    }

    @Override
    public List<NetcdfAttribute> globalAttributes() {
        return file.attributes();
    }

    @Override
    public NetcdfLevels levels(String name) throws IOException {
        return file.levels(name);
    }

    @Override
    public Optional<double[]> coordinate(String dimension) throws IOException {
        return file.coordinate(dimension);
    }

    /** Closes the file. */
    @Override
    public void close() throws IOException {
        file.close();
    }
}

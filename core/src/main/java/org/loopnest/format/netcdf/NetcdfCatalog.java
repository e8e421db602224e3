package org.loopnest.format.netcdf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetVariable;

/**
 * A classic NetCDF file's header as a {@link DatasetCatalog}: its variables (a record variable's first length being
 * the file's number of records, {@code char} variables not numeric), its global attributes, its vertical coordinate
 * ({@link NetcdfLevels#read}) and its coordinate variables' values, read when asked.
 *
 * <p>Immutable; holds no file open (each read opens the file again); thread-safe.
 */
final class NetcdfCatalog implements DatasetCatalog {
    private final NetcdfHeader header;
    private final List<DatasetVariable> variables;

    NetcdfCatalog(NetcdfHeader header) {
        this.header = header;
        this.variables = header.variables().stream().map(v -> new DatasetVariable(v.name(), v.dimensionNames(),
                v.shape(), v.type() != NetcdfType.CHAR, v.isRecord(), v.attributes())).toList();
    }

    @Override
    public Path file() {
        return header.file();
    }

    @Override
    public String format() {
        return "NetCDF";
    }

    @Override
    public List<DatasetVariable> variables() {
        return variables;
    }

    @Override
    public List<NetcdfAttribute> globalAttributes() {
        return header.attributes();
    }

    @Override
    public NetcdfLevels levels(String name) throws IOException {
        return NetcdfLevels.read(header, name);
    }

    @Override
    public Optional<double[]> coordinate(String dimension) throws IOException {
        return NetcdfDataset.coordinate(header, dimension, -1);
    }
}

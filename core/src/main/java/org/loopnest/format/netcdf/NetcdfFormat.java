package org.loopnest.format.netcdf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetFormat;

/**
 * Classic NetCDF (CDF-1 and CDF-2) in the dataset layer: a file that starts with {@code CDF}, described by its
 * header ({@link NetcdfFile#open}), its variables opened as a {@link NetcdfDataset}. (A CDF-5 file is recognised so
 * that its reader can say it is not supported.) Always present in {@link org.loopnest.format.dataset.Datasets}.
 *
 * <p>Stateless; thread-safe.
 */
public final class NetcdfFormat implements DatasetFormat {
    /** Makes the format; it holds nothing. */
    public NetcdfFormat() {
    }

    /** {@return {@code NetCDF}} */
    @Override
    public String name() {
        return "NetCDF";
    }

    /** {@return whether the file starts with {@code CDF}} */
    @Override
    public boolean recognizes(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(3);
            return magic.length == 3 && magic[0] == 'C' && magic[1] == 'D' && magic[2] == 'F';
        }
    }

    /** {@return the file's header as a catalogue; it holds no file open} */
    @Override
    public DatasetCatalog catalog(Path file) throws IOException {
        return new NetcdfCatalog(NetcdfFile.open(file));
    }

    /** {@return the variable of the files, {@link NetcdfDataset#open}} */
    @Override
    public Dataset open(List<Path> files, String variable) throws IOException {
        return NetcdfDataset.open(files, variable);
    }
}

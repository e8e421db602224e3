package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.loopnest.format.netcdf.NetcdfDataset;

/**
 * A classic NetCDF variable, of one file or several joined by time ({@link NetcdfDataset}), whose stored values are
 * not what the body should see: packed ({@code scale_factor}, {@code add_offset}) or of a type the kernel language
 * has no arrays of ({@code byte}, {@code short}). Unpacked by {@link NetcdfDataset#unpackTo}: one float32 file,
 * row-major, missing values NaN, in bounded memory.
 *
 * <p>Immutable; {@link #into} may run on any thread.
 *
 * @param dataset the variable and its files
 */
public record DatasetUnpacking(NetcdfDataset dataset) implements Unpacking {
    @Override
    public long bytes() {
        return dataset.unpackedBytes();
    }

    @Override
    public String what() {
        return dataset.declared().type().name().toLowerCase(Locale.ROOT) + ", scale and offset applied, missing "
                + "values NaN" + (dataset.files().size() > 1 ? ", " + dataset.files().size() + " files joined" : "");
    }

    @Override
    public void into(Path file) throws IOException {
        dataset.unpackTo(file);
    }
}

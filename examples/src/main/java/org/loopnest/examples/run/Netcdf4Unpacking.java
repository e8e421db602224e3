package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.loopnest.format.netcdf4.Netcdf4Dataset;
import org.loopnest.format.netcdf4.Netcdf4Variable;

/**
 * A NetCDF-4 variable, of one file or several joined by time, unpacked to raw little-endian floats by
 * {@link Netcdf4Dataset#unpackTo} (chunks decompressed, CF packing applied, missing values NaN), in boxes of bounded
 * size, file after file.
 *
 * <p>Immutable; {@link #into} opens the files again, so that no file stays open between describing and running.
 *
 * @param dataset the variable and its files
 */
public record Netcdf4Unpacking(Netcdf4Dataset dataset) implements Unpacking {
    @Override
    public long bytes() {
        return dataset.unpackedBytes();
    }

    @Override
    public String what() {
        Netcdf4Variable v = dataset.declared();
        return "NetCDF-4 " + v.type().name().toLowerCase(Locale.ROOT) + ", " + v.storage().name().toLowerCase(
                Locale.ROOT) + ", scale and offset applied, missing values NaN" + (dataset.files().size() > 1 ? ", "
                + dataset.files().size() + " files joined" : "");
    }

    @Override
    public void into(Path raw) throws IOException {
        dataset.unpackTo(raw, Float.NaN);
    }
}

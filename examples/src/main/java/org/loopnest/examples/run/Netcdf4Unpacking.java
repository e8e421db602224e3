package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.loopnest.format.netcdf4.Netcdf4File;
import org.loopnest.format.netcdf4.Netcdf4Type;

/**
 * A NetCDF-4 variable unpacked to raw little-endian floats by {@link Netcdf4File#unpackTo} (chunks decompressed, CF
 * packing applied, missing values NaN), in boxes of bounded size.
 *
 * <p>Immutable; {@link #into} opens the file again, so that no file stays open between describing and running.
 *
 * @param file     the NetCDF-4 file
 * @param variable the variable's name
 * @param type     its stored type
 * @param elements its number of elements
 * @param storage  how it is stored (contiguous, chunked, filtered, …), for the command's output
 */
public record Netcdf4Unpacking(Path file, String variable, Netcdf4Type type, long elements, String storage)
        implements Unpacking {
    @Override
    public long bytes() {
        return Math.multiplyExact(elements, (long) Float.BYTES);
    }

    @Override
    public String what() {
        return "NetCDF-4 " + type.name().toLowerCase(Locale.ROOT) + ", " + storage.toLowerCase(Locale.ROOT)
                + ", scale and offset applied, missing values NaN";
    }

    @Override
    public void into(Path raw) throws IOException {
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            nc.unpackTo(nc.variable(variable), raw, Float.NaN);
        }
    }
}

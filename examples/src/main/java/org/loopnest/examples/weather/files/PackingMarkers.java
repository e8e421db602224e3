package org.loopnest.examples.weather.files;

import org.loopnest.format.netcdf.NetcdfPacking;

/**
 * The stored values a NetCDF variable declares missing ({@code missing_value}s, then {@code _FillValue}), as floats,
 * for a variable read in place whose body tests them ({@code MissingMarkers}). Shared by the classic and NetCDF-4
 * inputs. Stateless.
 */
final class PackingMarkers {
    private PackingMarkers() {
    }

    /** {@return the variable's missing values then its fill value, as floats} */
    static float[] of(NetcdfPacking p) {
        double[] missing = p.missing();
        float[] all = new float[missing.length + (p.fill().isPresent() ? 1 : 0)];
        for (int i = 0; i < missing.length; i++) {
            all[i] = (float) missing[i];
        }
        p.fill().ifPresent(f -> all[all.length - 1] = f.floatValue());
        return all;
    }
}

package org.loopnest.format.netcdf4;

import org.loopnest.format.netcdf.NetcdfPacking;

/**
 * One variable's {@link NetcdfPacking} as a fast per-element function: {@code stored × scale + offset}, or the missing
 * marker where {@link NetcdfPacking#isMissing} says so (the same rule, with the attributes read once).
 *
 * <p>Immutable; safe to share between threads.
 */
final class Converter {
    private final double scale;
    private final double offset;
    private final float marker;
    /** The fill and missing values, as doubles and as floats (a value equal to either is missing). */
    private final double[] markers;
    private final float[] markersAsFloat;

    Converter(NetcdfPacking packing, float marker) {
        this.scale = packing.scale();
        this.offset = packing.offset();
        this.marker = marker;
        double[] missing = packing.missing();
        int extra = packing.fill().isPresent() ? 1 : 0;
        markers = new double[missing.length + extra];
        System.arraycopy(missing, 0, markers, extra, missing.length);
        if (extra == 1) {
            markers[0] = packing.fill().get();
        }
        markersAsFloat = new float[markers.length];
        for (int i = 0; i < markers.length; i++) {
            markersAsFloat[i] = (float) markers[i];
        }
    }

    /** The physical value of a stored one, or the marker. */
    float convert(double stored) {
        if (stored != stored) {
            return marker;
        }
        for (int i = 0; i < markers.length; i++) {
            if (stored == markers[i] || (float) stored == markersAsFloat[i]) {
                return marker;
            }
        }
        return (float) (stored * scale + offset);
    }
}

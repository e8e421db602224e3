package org.loopnest.examples.weather.files;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.grads.GradsVariable;

/**
 * The grid the outputs of a run over files lie on, in the input's own order: longitudes {@code x}, latitudes
 * {@code y} as stored (north to south where {@link #yNorthToSouth()}), the pressure levels run (hPa), the times and
 * the input's missing value. What the output writers ({@link GradsOutput}, {@link NetcdfOutput}) describe.
 *
 * <p>A GrADS input keeps its descriptor ({@link #source()}): a GrADS output copies its {@code XDEF}, {@code YDEF},
 * {@code ZDEF}, {@code TDEF}, {@code UNDEF}, title and {@code yrev} exactly. Immutable (arrays copied); thread-safe.
 *
 * @param source the input's GrADS descriptor, or null for a NetCDF input
 * @param title what the data are, one line
 * @param lon longitudes in degrees east, one per x
 * @param lat latitudes in degrees north, one per stored row y
 * @param levels the pressure levels of the run in hPa, one per z
 * @param time the time axis, one per t; null where a GrADS input's {@code TDEF} cannot be read as dates (a GrADS
 *     output copies it as written; a NetCDF output is refused)
 * @param undef the value a GrADS descriptor declares missing (the outputs hold NaN where missing, which GrADS
 *     treats as missing too)
 */
public record OutputGrid(GradsDescriptor source, String title, double[] lon, double[] lat, double[] levels,
        TimeAxis time, double undef) {
    /**
     * Copies the arrays.
     *
     * @param source see the record's description
     * @param title see the record's description
     * @param lon see the record's description
     * @param lat see the record's description
     * @param levels see the record's description
     * @param time see the record's description
     * @param undef see the record's description
     */
    public OutputGrid {
        lon = lon.clone();
        lat = lat.clone();
        levels = levels.clone();
    }

    /** {@return the longitudes, a copy} */
    @Override
    public double[] lon() {
        return lon.clone();
    }

    /** {@return the latitudes as stored, a copy} */
    @Override
    public double[] lat() {
        return lat.clone();
    }

    /** {@return the levels run in hPa, a copy} */
    @Override
    public double[] levels() {
        return levels.clone();
    }

    /** {@return whether rows are stored north to south (GrADS {@code yrev})} */
    public boolean yNorthToSouth() {
        return source != null ? source.yReversed() : lat.length > 1 && lat[0] > lat[lat.length - 1];
    }

    /**
     * A GrADS descriptor for output variables in {@code dataFile}: the source's grid copied, or one built from the
     * coordinates.
     *
     * @param dataFile the output data file
     * @param variables the output variables, each on {@code levels().length} levels
     * @param order the data file's byte order
     * @return the descriptor
     * @throws IllegalArgumentException if the times are not evenly spaced (GrADS {@code TDEF LINEAR} needs that)
     */
    public GradsDescriptor grads(Path dataFile, List<GradsVariable> variables, ByteOrder order) {
        if (source != null) {
            return source.withData(dataFile, variables, order);
        }
        StringBuilder ctl = new StringBuilder();
        ctl.append("DSET ").append(dataFile.toAbsolutePath()).append('\n');
        ctl.append("TITLE ").append(title.isBlank() ? "LoopNest weather outputs" : title).append('\n');
        ctl.append("UNDEF ").append(number(undef)).append('\n');
        ctl.append("OPTIONS ").append(order == ByteOrder.BIG_ENDIAN ? "big_endian" : "little_endian")
                .append(yNorthToSouth() ? " yrev" : "").append('\n');
        ctl.append(axis("XDEF", lon));
        double[] southToNorth = lat.clone();
        if (yNorthToSouth()) {
            for (int i = 0; i < southToNorth.length; i++) {
                southToNorth[i] = lat[lat.length - 1 - i];
            }
        }
        ctl.append(axis("YDEF", southToNorth));
        ctl.append("ZDEF ").append(levels.length).append(" LEVELS");
        for (double p : levels) {
            ctl.append(' ').append(number(p));
        }
        ctl.append('\n');
        ctl.append("TDEF ").append(time.count()).append(" LINEAR ").append(time.gradsStart()).append(' ')
                .append(time.gradsIncrement()).append('\n');
        ctl.append("VARS ").append(variables.size()).append('\n');
        for (GradsVariable v : variables) {
            ctl.append(v.name()).append(' ').append(v.levels()).append(' ').append(v.units()).append(' ')
                    .append(v.description()).append('\n');
        }
        ctl.append("ENDVARS\n");
        return GradsDescriptor.parse(ctl.toString(), dataFile.resolveSibling("weather.ctl"));
    }

    /** {@code XDEF n LINEAR start step} if evenly spaced (to a millionth of the step), else {@code LEVELS}. */
    private static String axis(String record, double[] values) {
        if (values.length > 1) {
            double step = values[1] - values[0];
            boolean linear = step > 0;
            for (int i = 1; i < values.length && linear; i++) {
                linear = Math.abs(values[i] - values[0] - i * step) <= 1e-6 * Math.abs(step) * values.length;
            }
            if (linear) {
                return record + " " + values.length + " LINEAR " + number(values[0]) + " " + number(step) + "\n";
            }
        }
        StringBuilder text = new StringBuilder(record + " " + values.length + " LEVELS");
        for (double v : values) {
            text.append(' ').append(number(v));
        }
        return text.append('\n').toString();
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.9g",
                v).replaceFirst("\\.?0+($|e)", "$1");
    }
}

package org.loopnest.format.grads;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongFunction;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfCoordinate;
import org.loopnest.format.netcdf.NetcdfType;

/**
 * A descriptor's grid in the dataset layer's terms, shared by {@link GradsCatalog} and {@link GradsDataset}: a
 * variable's dimensions {@code time, lev, lat, lon} ({@code time, lat, lon} for a surface variable), their lengths,
 * their coordinate values and the CF attributes of both.
 *
 * <p>Decisions: {@code lat} is in stored order, north to south under {@code OPTIONS yrev}, because the arrays index
 * rows as stored; {@code lev} is a variable's own levels, the first {@link GradsVariable#records()} of {@code ZDEF}
 * (all of them for the catalogue), in hPa; {@code time} counts from the {@code TDEF} start in the increment's unit
 * ({@code minutes}, {@code hours}, {@code days since}; {@code mo} and {@code yr} in {@code days}, as the weather
 * command's CF times), proleptic Gregorian, and is absent when the start or increment cannot be read as a date.
 * Stateless.
 */
final class GradsDimensions {
    static final String TIME = "time";
    static final String LEV = "lev";
    static final String LAT = "lat";
    static final String LON = "lon";
    private static final DateTimeFormatter CF_DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);

    private GradsDimensions() {
    }

    static List<String> names(GradsVariable v) {
        return v.levels() == 0 ? List.of(TIME, LAT, LON) : List.of(TIME, LEV, LAT, LON);
    }

    static long[] shape(GradsDescriptor d, GradsVariable v) {
        long nt = d.time().count();
        long ny = d.y().size();
        long nx = d.x().size();
        return v.levels() == 0 ? new long[] {nt, ny, nx} : new long[] {nt, v.records(), ny, nx};
    }

    /** The variable's attributes: {@code long_name}, and {@code UNDEF} as {@code _FillValue} and missing value. */
    static List<NetcdfAttribute> attributes(GradsDescriptor d, GradsVariable v) {
        float undef = (float) d.undef();
        return List.of(NetcdfAttribute.text("long_name", v.description().isEmpty() ? v.name() : v.description()),
                NetcdfAttribute.floats("_FillValue", undef), NetcdfAttribute.floats("missing_value", undef));
    }

    /** The descriptor's {@code title}, where it has one. */
    static List<NetcdfAttribute> globalAttributes(GradsDescriptor d) {
        return d.title().isEmpty() ? List.of() : List.of(NetcdfAttribute.text("title", d.title()));
    }

    /**
     * The values along {@code dimension}: {@code levels} of {@code lev}, all of the others; empty for a name that
     * is none of the four, or {@code time} that cannot be read as dates.
     */
    static Optional<double[]> values(GradsDescriptor d, String dimension, int levels) {
        return switch (dimension) {
            case LON -> Optional.of(axis(d.x(), d.x().size(), false));
            case LAT -> Optional.of(axis(d.y(), d.y().size(), d.yReversed()));
            case LEV -> Optional.of(axis(d.z(), levels, false));
            case TIME -> times(d.time());
            default -> Optional.empty();
        };
    }

    /** The CF units of {@code time}, where its values can be had. */
    static Optional<String> timeUnits(GradsTime time) {
        try {
            LocalDateTime start = time.startTime();
            time.clock();
            return Optional.of(unit(time) + " since " + CF_DATE.format(start));
        } catch (IllegalArgumentException unreadable) {
            return Optional.empty();
        }
    }

    /** The coordinate of {@code dimension} with CF attributes, for an output; as {@link #values}. */
    static Optional<NetcdfCoordinate> coordinate(GradsDescriptor d, String dimension, int levels) {
        Optional<double[]> values = values(d, dimension, levels);
        if (values.isEmpty()) {
            return Optional.empty();
        }
        List<NetcdfAttribute> attributes = new ArrayList<>();
        switch (dimension) {
            case LON -> attributes.addAll(cf("degrees_east", "longitude", "X"));
            case LAT -> attributes.addAll(cf("degrees_north", "latitude", "Y"));
            case LEV -> {
                attributes.addAll(cf("hPa", "air_pressure", "Z"));
                attributes.add(NetcdfAttribute.text("positive", "down"));
            }
            default -> {
                attributes.addAll(cf(timeUnits(d.time()).orElseThrow(), "time", "T"));
                attributes.add(NetcdfAttribute.text("calendar", "proleptic_gregorian"));
            }
        }
        boolean time = dimension.equals(TIME);
        ByteBuffer bytes = ByteBuffer.allocate(values.get().length * (time ? Double.BYTES : Float.BYTES));
        for (double v : values.get()) {
            if (time) {
                bytes.putDouble(v);
            } else {
                bytes.putFloat((float) v);
            }
        }
        return Optional.of(new NetcdfCoordinate(dimension, time ? NetcdfType.DOUBLE : NetcdfType.FLOAT, attributes,
                bytes.flip(), false));
    }

    private static List<NetcdfAttribute> cf(String units, String standardName, String axis) {
        return List.of(NetcdfAttribute.text("units", units), NetcdfAttribute.text("standard_name", standardName),
                NetcdfAttribute.text("axis", axis));
    }

    private static double[] axis(GradsAxis axis, int count, boolean reversed) {
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = axis.value(reversed ? axis.size() - 1 - i : i);
        }
        return values;
    }

    private static Optional<double[]> times(GradsTime time) {
        try {
            LongFunction<LocalDateTime> clock = time.clock();
            LocalDateTime start = clock.apply(0);
            double seconds = switch (unit(time)) {
                case "minutes" -> 60;
                case "hours" -> 3600;
                default -> 86400;
            };
            double[] values = new double[time.count()];
            for (int t = 0; t < values.length; t++) {
                values[t] = Duration.between(start, clock.apply(t)).toSeconds() / seconds;
            }
            return Optional.of(values);
        } catch (IllegalArgumentException | ArithmeticException unreadable) {
            return Optional.empty();
        }
    }

    /** The CF unit of the increment (already read by {@link GradsTime#clock()}). */
    private static String unit(GradsTime time) {
        String increment = time.increment().toLowerCase(Locale.ROOT);
        return increment.endsWith("mn") ? "minutes" : increment.endsWith("hr") ? "hours" : "days";
    }
}

package org.loopnest.format.netcdf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.loopnest.internal.format.Quoted;

/**
 * A file's vertical (pressure) coordinate: the variable's name and its values in hPa, read into memory.
 *
 * <p>Found by name: the one given, or the first of {@link #NAMES} that the file has. Its {@code units} must say Pa
 * or hPa ({@code Pa}, {@code hPa}, {@code millibar}, {@code mbar}, {@code mb}, any case); Pa values are divided by
 * 100. {@code scale_factor}/{@code add_offset} are applied.
 *
 * <p>Immutable (the accessor copies); safe to share between threads.
 *
 * @param variable the coordinate variable's name
 * @param hPa      its values in hPa, in file order
 * @param units    its {@code units} as written in the file
 */
public record NetcdfLevels(String variable, double[] hPa, String units) {
    /** The names looked for, in this order, when none is given. */
    public static final List<String> NAMES = List.of("level", "pressure_level", "isobaricInhPa", "plev");

    /**
     * Copies {@code hPa}.
     *
     * @param variable see the record's description
     * @param hPa see the record's description
     * @param units see the record's description
     */
    public NetcdfLevels {
        hPa = hPa.clone();
    }

    /**
     * The levels, in hPa.
     *
     * @return a new array
     */
    @Override
    public double[] hPa() {
        return hPa.clone();
    }

    /**
     * Finds and reads the vertical coordinate.
     *
     * @param header the file's header
     * @param name   the coordinate variable's name, or {@code null} to look for {@link #NAMES}
     * @return its levels in hPa
     * @throws NetcdfFormatException if the variable is absent, not 1-D, its units are not Pa or hPa, or a packing
     *                               attribute has the wrong kind (naming the file, the variable and the attribute)
     * @throws IOException           if reading fails
     */
    public static NetcdfLevels read(NetcdfHeader header, String name) throws IOException {
        NetcdfVariable v = name != null ? header.variable(name) : NAMES.stream().map(header::findVariable)
                .flatMap(java.util.Optional::stream).findFirst()
                .orElseThrow(() -> new NetcdfFormatException(header.file(), "no vertical coordinate variable "
                        + "(expected one of: " + String.join(", ", NAMES) + ", or a name given)"));
        if (v.dimensions().size() != 1) {
            throw new NetcdfFormatException(header.file(), "vertical coordinate '" + Quoted.of(v.name())
                    + "' has dimensions [" + Quoted.names(v.dimensionNames()) + "] (expected: one)");
        }
        NetcdfPacking packing;
        try {
            packing = NetcdfPacking.of(v);
        } catch (IllegalArgumentException e) {
            throw new NetcdfFormatException(header.file(), e.getMessage());
        }
        return of(header.file(), v.name(), packing, NetcdfFile.readValues(header, v));
    }

    /**
     * Makes levels from a 1-D vertical coordinate's stored values, read by the caller (from a file of another format
     * that follows the same conventions, such as NetCDF-4): applies the packing and converts Pa to hPa.
     *
     * @param file     the file the values come from, for messages
     * @param variable the coordinate variable's name
     * @param packing  its CF attributes ({@code units} must say Pa or hPa)
     * @param stored   its values as stored, in file order; not changed
     * @return its levels in hPa
     * @throws NetcdfFormatException if its units are not Pa or hPa
     */
    public static NetcdfLevels of(Path file, String variable, NetcdfPacking packing, double[] stored) {
        String units = packing.units().orElse("");
        double factor = switch (units.trim().toLowerCase(Locale.ROOT)) {
            case "pa" -> 0.01;
            case "hpa", "millibar", "millibars", "mbar", "mb" -> 1;
            default -> throw new NetcdfFormatException(file, "vertical coordinate '" + Quoted.of(variable)
                    + "' has units '" + Quoted.of(units) + "' (expected: Pa or hPa)");
        };
        double[] values = new double[stored.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = (stored[i] * packing.scale() + packing.offset()) * factor;
        }
        return new NetcdfLevels(variable, values, units);
    }
}

package org.loopnest.format.netcdf;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.loopnest.internal.format.Quoted;

/**
 * A variable's CF attributes for reading its values: {@code scale_factor}, {@code add_offset}, {@code _FillValue},
 * {@code missing_value}, {@code units} and {@code long_name}. {@link #physical} turns a stored (packed) value into
 * its physical value, {@code stored × scale_factor + add_offset}; {@link #isMissing} says whether a stored value
 * means "no data". ERA5 stores {@code short}s this way.
 *
 * <p>Decisions: missing is decided on the stored value, before unpacking (as the CF conventions say); a NaN stored
 * value is missing; with neither {@code _FillValue} nor {@code missing_value}, only NaN is missing (the default fill
 * values of NetCDF are not assumed). {@link #physical} gives NaN for a missing value.
 *
 * <p>Immutable (arrays are copied in and out); safe to share between threads.
 *
 * @param scale    {@code scale_factor}, 1 when absent
 * @param offset   {@code add_offset}, 0 when absent
 * @param fill     {@code _FillValue}, if present
 * @param missing  {@code missing_value}'s values, empty when absent
 * @param units    {@code units}, if present
 * @param longName {@code long_name}, if present
 */
public record NetcdfPacking(double scale, double offset, Optional<Double> fill, double[] missing,
        Optional<String> units, Optional<String> longName) {

    /**
     * Copies {@code missing}.
     *
     * @param scale see the record's description
     * @param offset see the record's description
     * @param fill see the record's description
     * @param missing see the record's description
     * @param units see the record's description
     * @param longName see the record's description
     */
    public NetcdfPacking {
        missing = missing.clone();
    }

    /**
     * The {@code missing_value}s.
     *
     * @return a new array, empty when the attribute is absent
     */
    @Override
    public double[] missing() {
        return missing.clone();
    }

    /**
     * {@return the packing as text, to compare and to name: {@code scale_factor 0.5, add_offset 200.0, _FillValue
     * -32767.0, missing_value []}}
     */
    public String describe() {
        return "scale_factor " + scale + ", add_offset " + offset + ", _FillValue " + fill.orElse(null)
                + ", missing_value " + Arrays.toString(missing);
    }

    /**
     * Reads a variable's CF attributes.
     *
     * @param variable the variable
     * @return its packing; numeric attributes given as text, or text ones given as numbers, are an error
     * @throws IllegalArgumentException if an attribute has the wrong kind (text or number), naming it
     */
    public static NetcdfPacking of(NetcdfVariable variable) {
        return of(variable.name(), variable.attributes());
    }

    /**
     * Reads the CF attributes of a variable known only by its name and attributes (one of another format that
     * uses the same conventions, such as a NetCDF-4 file's).
     *
     * @param variable   the variable's name, for messages
     * @param attributes its attributes; the first of a name counts
     * @return its packing
     * @throws IllegalArgumentException if an attribute has the wrong kind (text or number), naming it
     */
    public static NetcdfPacking of(String variable, List<NetcdfAttribute> attributes) {
        Function<String, Optional<NetcdfAttribute>> find = name -> attributes.stream()
                .filter(a -> a.name().equals(name)).findFirst();
        return new NetcdfPacking(number(variable, find, "scale_factor").orElse(1.0),
                number(variable, find, "add_offset").orElse(0.0), number(variable, find, "_FillValue"),
                find.apply("missing_value").map(a -> numeric(variable, a).numbers()).orElse(new double[0]),
                text(variable, find, "units"), text(variable, find, "long_name"));
    }

    /**
     * Whether a stored value means "no data".
     *
     * @param stored the value as stored in the file, widened to {@code double}
     * @return true if it is NaN, the {@code _FillValue} or one of the {@code missing_value}s
     */
    public boolean isMissing(double stored) {
        if (Double.isNaN(stored) || fill.isPresent() && same(stored, fill.get())) {
            return true;
        }
        for (double m : missing) {
            if (same(stored, m)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A stored value's physical value.
     *
     * @param stored the value as stored in the file, widened to {@code double}
     * @return {@code stored × scale + offset} as a float, or NaN if {@link #isMissing}
     */
    public float physical(double stored) {
        return isMissing(stored) ? Float.NaN : (float) (stored * scale + offset);
    }

    /** Compares as the file's type would: a float fill value read as double equals the same float data. */
    private static boolean same(double stored, double marker) {
        return stored == marker || (float) stored == (float) marker;
    }

    private static Optional<Double> number(String v, Function<String, Optional<NetcdfAttribute>> find,
            String name) {
        return find.apply(name).map(a -> numeric(v, a).number(0));
    }

    private static NetcdfAttribute numeric(String v, NetcdfAttribute a) {
        if (a.type() == NetcdfType.CHAR || a.length() == 0) {
            throw new IllegalArgumentException("variable '" + Quoted.of(v) + "' attribute '" + a.name() + "' is "
                    + (a.type() == NetcdfType.CHAR ? "text" : "empty") + " (expected: a number)");
        }
        return a;
    }

    private static Optional<String> text(String v, Function<String, Optional<NetcdfAttribute>> find,
            String name) {
        return find.apply(name).map(a -> {
            if (a.type() != NetcdfType.CHAR) {
                throw new IllegalArgumentException("variable '" + Quoted.of(v) + "' attribute '" + name + "' is "
                        + a.type() + " (expected: text)");
            }
            return a.text();
        });
    }
}

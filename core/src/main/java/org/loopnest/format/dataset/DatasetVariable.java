package org.loopnest.format.dataset;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfPacking;

/**
 * What a file says of one of its variables, whatever its format ({@link DatasetCatalog#variables()}): its name, its
 * dimensions' names and lengths, whether it holds numbers, whether its first dimension is the record (unlimited) one,
 * and its attributes as stored.
 *
 * <p>Immutable; {@link #shape()} gives a copy.
 *
 * @param name           the variable's name
 * @param dimensionNames its dimensions' names, outermost first
 * @param shape          its length along each, in this file
 * @param numeric        whether it holds numbers (not characters, strings or compound values)
 * @param record         whether its first dimension is the file's record (unlimited) dimension, as far as the
 *                       format's reader knows it
 * @param attributes     its attributes, in file order
 */
public record DatasetVariable(String name, List<String> dimensionNames, long[] shape, boolean numeric, boolean record,
        List<NetcdfAttribute> attributes) {
    /**
     * Copies the lists and the shape.
     *
     * @param name see the record's description
     * @param dimensionNames see the record's description
     * @param shape see the record's description
     * @param numeric see the record's description
     * @param record see the record's description
     * @param attributes see the record's description
     * @throws IllegalArgumentException if the shape has another rank than the names
     */
    public DatasetVariable {
        dimensionNames = List.copyOf(dimensionNames);
        shape = shape.clone();
        attributes = List.copyOf(attributes);
        if (shape.length != dimensionNames.size()) {
            throw new IllegalArgumentException("variable '" + name + "': " + shape.length + " lengths for dimensions "
                    + dimensionNames + " (expected: one each)");
        }
    }

    /** {@return the lengths, a copy} */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /**
     * {@return the attribute of that name, if the variable has it}
     *
     * @param attribute the attribute's name
     */
    public Optional<NetcdfAttribute> attribute(String attribute) {
        return attributes.stream().filter(a -> a.name().equals(attribute)).findFirst();
    }

    /**
     * {@return the variable's CF packing: {@code scale_factor}, {@code add_offset}, {@code _FillValue},
     * {@code missing_value}, units}
     *
     * @throws IllegalArgumentException naming the variable and the attribute if one has the wrong kind
     */
    public NetcdfPacking packing() {
        return NetcdfPacking.of(name, attributes);
    }

    /** {@return whether the variable is one-dimensional along a dimension of its own name: a coordinate variable} */
    public boolean isCoordinate() {
        return numeric && dimensionNames.size() == 1 && dimensionNames.get(0).equals(name);
    }

    /** {@return whether {@code other} is a variable of the same name, dimensions, kind and attributes (by value)} */
    @Override
    public boolean equals(Object other) {
        return other instanceof DatasetVariable v && name.equals(v.name) && dimensionNames.equals(v.dimensionNames)
                && Arrays.equals(shape, v.shape) && numeric == v.numeric && record == v.record
                && attributes.stream().map(NetcdfAttribute::toString).toList()
                .equals(v.attributes.stream().map(NetcdfAttribute::toString).toList());
    }

    /** {@return a hash of the name and shape} */
    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(shape);
    }

    /** {@return e.g. {@code t(time, level, latitude, longitude) [4, 7, 181, 360]}} */
    @Override
    public String toString() {
        return name + "(" + String.join(", ", dimensionNames) + ") " + Arrays.toString(shape);
    }
}

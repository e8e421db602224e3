package org.loopnest.format.netcdf;

import java.util.List;
import java.util.Optional;

/**
 * One variable of a classic NetCDF file: its dimensions (outermost first), type, attributes and where its data
 * begin. The data stay in the file; {@link NetcdfHeader#offset} says where each element lies.
 *
 * <p>Immutable; safe to share between threads.
 *
 * @param name       the variable's name
 * @param dimensions its dimensions, outermost first; the record dimension, if used, is the first
 * @param type       its element type
 * @param attributes its attributes, in file order
 * @param vsize      bytes of one record's worth of the variable (all of it, for a non-record variable), padded to
 *                   4 bytes; computed from the shape, not the header's 32-bit field (which cannot hold large sizes)
 * @param begin      the file offset of its first element (of record 0, for a record variable)
 */
public record NetcdfVariable(String name, List<NetcdfDimension> dimensions, NetcdfType type,
        List<NetcdfAttribute> attributes, long vsize, long begin) {

    /**
     * Copies the lists.
     *
     * @param name see the record's description
     * @param dimensions see the record's description
     * @param type see the record's description
     * @param attributes see the record's description
     * @param vsize see the record's description
     * @param begin see the record's description
     */
    public NetcdfVariable {
        dimensions = List.copyOf(dimensions);
        attributes = List.copyOf(attributes);
    }

    /**
     * Whether it is a record variable (its first dimension is the record dimension).
     *
     * @return true for a record variable
     */
    public boolean isRecord() {
        return !dimensions.isEmpty() && dimensions.get(0).record();
    }

    /**
     * Its shape: each dimension's length, the record dimension's being the file's number of records.
     *
     * @return a new array, outermost first; empty for a scalar
     */
    public long[] shape() {
        return dimensions.stream().mapToLong(NetcdfDimension::length).toArray();
    }

    /**
     * Its dimensions' names.
     *
     * @return the names, outermost first
     */
    public List<String> dimensionNames() {
        return dimensions.stream().map(NetcdfDimension::name).toList();
    }

    /**
     * An attribute by name.
     *
     * @param attribute the attribute's name (case-sensitive, as in NetCDF)
     * @return the attribute, or empty
     */
    public Optional<NetcdfAttribute> attribute(String attribute) {
        return attributes.stream().filter(a -> a.name().equals(attribute)).findFirst();
    }

    /**
     * Elements in one record (all of them for a non-record variable).
     *
     * @return the product of the non-record dimensions' lengths
     */
    public long elementsPerRecord() {
        long n = 1;
        for (NetcdfDimension d : dimensions) {
            n *= d.record() ? 1 : d.length();
        }
        return n;
    }
}

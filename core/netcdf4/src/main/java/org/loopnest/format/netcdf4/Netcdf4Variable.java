package org.loopnest.format.netcdf4;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfPacking;

/**
 * One variable of a NetCDF-4 file: its shape, dimension names, type, attributes and how its data are stored. A
 * description only, read by {@link Netcdf4File#open}; its data are read through the {@link Netcdf4File} it came from.
 *
 * <p>Immutable (arrays are copied in and out); safe to share between threads.
 *
 * @param name             the variable's name (its HDF5 dataset's name in the root group)
 * @param shape            each dimension's length, outermost first; empty for a scalar
 * @param dimensionNames   its dimensions' names, outermost first, from its HDF5 dimension scales ({@code
 *                         DIMENSION_LIST}); {@code phony_dim_N} where the file names none, as the netCDF library does
 * @param type             its element type
 * @param byteOrder        the byte order of its elements in the file; empty for {@link Netcdf4Type#OTHER}
 * @param attributes       its attributes (text or numbers), without the HDF5 and netCDF-4 bookkeeping ones
 *                         ({@code CLASS}, {@code NAME}, {@code DIMENSION_LIST}, {@code REFERENCE_LIST},
 *                         {@code _Netcdf4Dimid}, {@code _Netcdf4Coordinates}, {@code _nc3_strict})
 * @param coordinate       whether it is a coordinate variable (an HDF5 dimension scale holding values: {@code level})
 * @param storage          how its data are stored
 * @param contiguousOffset the absolute file offset of its first element when it can be read in place: {@code FLOAT},
 *                         {@link Netcdf4Storage#CONTIGUOUS}; else empty (see {@link #contiguousOffset()})
 */
public record Netcdf4Variable(String name, long[] shape, List<String> dimensionNames, Netcdf4Type type,
        Optional<ByteOrder> byteOrder, List<NetcdfAttribute> attributes, boolean coordinate, Netcdf4Storage storage,
        OptionalLong contiguousOffset) {

    /**
     * Copies the array and lists.
     *
     * @param name see the record's description
     * @param shape see the record's description
     * @param dimensionNames see the record's description
     * @param type see the record's description
     * @param byteOrder see the record's description
     * @param attributes see the record's description
     * @param coordinate see the record's description
     * @param storage see the record's description
     * @param contiguousOffset see the record's description
     */
    public Netcdf4Variable {
        shape = shape.clone();
        dimensionNames = List.copyOf(dimensionNames);
        attributes = List.copyOf(attributes);
    }

    /**
     * Its shape.
     *
     * @return a new array, outermost first; empty for a scalar
     */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /**
     * Where its float32 data lie in the file, so that they can be read in place (a file-backed array, no copy), in
     * {@link #byteOrder()}, last dimension fastest, {@code product(shape) × 4} bytes from here.
     *
     * @return the absolute byte offset from the start of the file (an HDF5 user block included) when the variable is
     *         {@link Netcdf4Type#FLOAT} and {@link Netcdf4Storage#CONTIGUOUS}; empty for any other type or storage
     *         (chunked, compressed, compact, unwritten): those go through {@link Netcdf4File#unpackTo}
     */
    @Override
    public OptionalLong contiguousOffset() {
        return contiguousOffset;
    }

    /**
     * How many elements it has.
     *
     * @return the product of its shape; 1 for a scalar
     */
    public long elements() {
        long n = 1;
        for (long d : shape) {
            n = Math.multiplyExact(n, d);
        }
        return n;
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
     * Its CF attributes for reading values ({@code scale_factor}, {@code add_offset}, {@code _FillValue},
     * {@code missing_value}, {@code units}, {@code long_name}), by the classic reader's rules.
     *
     * @return its packing
     * @throws IllegalArgumentException if one of those attributes has the wrong kind (text or number), naming it
     */
    public NetcdfPacking packing() {
        return NetcdfPacking.of(name, attributes);
    }

    /**
     * Equal if every component is, the shape compared by its values.
     *
     * @param other another object
     * @return whether it describes the same variable the same way
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof Netcdf4Variable v && name.equals(v.name) && Arrays.equals(shape, v.shape)
                && dimensionNames.equals(v.dimensionNames) && type == v.type && byteOrder.equals(v.byteOrder)
                && attributes.equals(v.attributes) && coordinate == v.coordinate && storage == v.storage
                && contiguousOffset.equals(v.contiguousOffset);
    }

    /**
     * A hash of the name and shape, consistent with {@link #equals}.
     *
     * @return the hash
     */
    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(shape);
    }

    /**
     * The name, type, dimensions and shape, as {@code ncdump} writes them, with the storage.
     *
     * @return for example {@code short q(time, level)[2, 3] CHUNKED}
     */
    @Override
    public String toString() {
        return type.name().toLowerCase(java.util.Locale.ROOT) + " " + name + "(" + String.join(", ", dimensionNames)
                + ")" + Arrays.toString(shape) + " " + storage;
    }
}

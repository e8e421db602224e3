package org.loopnest.format.netcdf4;

import io.jhdf.api.Attribute;
import io.jhdf.api.Node;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.loopnest.format.netcdf.NetcdfAttribute;

/**
 * Turns a node's HDF5 attributes into the classic reader's {@link NetcdfAttribute}s: text stays text; {@code byte},
 * {@code short}, {@code int}, {@code float} and {@code double} keep their type; {@code int64}, the unsigned types
 * (which jHDF widens) and others are widened to {@code double} or {@code int}. Left out: HDF5 and netCDF-4
 * bookkeeping ({@link #HIDDEN}), empty attributes, and values that are neither text nor a 1-D list of numbers
 * (compound, references, variable-length, string lists of more than one). Stateless.
 */
final class Attributes {
    /** The attributes HDF5 dimension scales and the netCDF library keep for themselves. */
    static final Set<String> HIDDEN = Set.of("CLASS", "NAME", "DIMENSION_LIST", "REFERENCE_LIST", "_Netcdf4Dimid",
            "_Netcdf4Coordinates", "_nc3_strict", "_NCProperties");

    private Attributes() {
    }

    /** The node's attributes in the order jHDF gives them (creation order where the file tracks it). */
    static List<NetcdfAttribute> of(Node node) {
        List<NetcdfAttribute> all = new ArrayList<>();
        for (Attribute a : node.getAttributes().values()) {
            if (!HIDDEN.contains(a.getName()) && !a.isEmpty()) {
                convert(a.getName(), a.getData()).ifPresent(all::add);
            }
        }
        return all;
    }

    /** One attribute's value, as jHDF reads it, or empty when it has no classic form. */
    static Optional<NetcdfAttribute> convert(String name, Object value) {
        if (value instanceof String s) {
            return Optional.of(NetcdfAttribute.text(name, s));
        }
        if (value instanceof String[] s) {
            return s.length == 1 ? Optional.of(NetcdfAttribute.text(name, s[0])) : Optional.empty();
        }
        if (value instanceof Number n) {
            return convert(name, wrap(n));
        }
        if (value instanceof byte[] b) {
            return Optional.of(NetcdfAttribute.bytes(name, b));
        }
        if (value instanceof short[] s) {
            return Optional.of(NetcdfAttribute.shorts(name, s));
        }
        if (value instanceof int[] i) {
            return Optional.of(NetcdfAttribute.ints(name, i));
        }
        if (value instanceof float[] f) {
            return Optional.of(NetcdfAttribute.floats(name, f));
        }
        if (value instanceof double[] d) {
            return Optional.of(NetcdfAttribute.doubles(name, d));
        }
        if (value instanceof long[] || value instanceof BigInteger[]) {
            double[] d = new double[Array.getLength(value)];
            for (int i = 0; i < d.length; i++) {
                d[i] = ((Number) Array.get(value, i)).doubleValue();
            }
            return Optional.of(NetcdfAttribute.doubles(name, d));
        }
        return Optional.empty();
    }

    /** A scalar as a one-element array of its type (jHDF gives scalars as boxed values). */
    private static Object wrap(Number n) {
        if (n instanceof Byte b) {
            return new byte[] {b};
        } else if (n instanceof Short s) {
            return new short[] {s};
        } else if (n instanceof Integer i) {
            return new int[] {i};
        } else if (n instanceof Float f) {
            return new float[] {f};
        }
        return new double[] {n.doubleValue()};
    }
}

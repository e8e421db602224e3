package org.loopnest.format.netcdf4;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfType;

/**
 * Turns values into the little-endian bytes {@link Netcdf4Writer} stores: numbers of a variable's type (checked to
 * fit an integer type exactly), netCDF's default fill values, and attributes as HDF5 attribute messages. Stateless.
 */
final class Netcdf4WriterValues {
    /** Attributes HDF5 dimension scales and the netCDF library keep for themselves: never the caller's. */
    static final Set<String> RESERVED = Set.of("CLASS", "NAME", "DIMENSION_LIST", "REFERENCE_LIST", "_Netcdf4Dimid",
            "_Netcdf4Coordinates", "_nc3_strict", "_NCProperties");

    private Netcdf4WriterValues() {
    }

    /** A little-endian buffer for {@code n} values of a type. */
    static ByteBuffer buffer(NetcdfType type, int n) {
        return ByteBuffer.allocate(Math.multiplyExact(n, type.size())).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Puts one value, converted to the type: rounded to {@code float}, or a whole number in the integer type's range.
     *
     * @throws IllegalArgumentException naming {@code what} (the variable) where an integer type cannot hold it
     */
    static void put(ByteBuffer out, NetcdfType type, double v, String what) {
        long bits = bits(type, v, what);
        for (int b = 0; b < type.size(); b++) {
            out.put((byte) (bits >>> (8 * b)));
        }
    }

    /**
     * One value converted to the type, as the bits of its little-endian bytes (byte {@code b} is
     * {@code bits >>> 8 * b}): a {@code float}'s or {@code double}'s IEEE bits, or a whole number in the integer
     * type's range.
     *
     * @throws IllegalArgumentException naming {@code what} (the variable) where an integer type cannot hold it
     */
    static long bits(NetcdfType type, double v, String what) {
        switch (type) {
            case FLOAT -> {
                return Float.floatToRawIntBits((float) v);
            }
            case DOUBLE -> {
                return Double.doubleToRawLongBits(v);
            }
            default -> {
                long min = -(1L << (type.size() * 8 - 1));
                long max = -min - 1;
                if (v != Math.rint(v) || v < min || v > max) {
                    throw new IllegalArgumentException(what + ": value " + v + " is not a " + type + " (expected: a "
                            + "whole number from " + min + " to " + max + ")");
                }
                return (long) v;
            }
        }
    }

    /** netCDF's default fill value of a type ({@code NC_FILL_FLOAT} and the others), little-endian. */
    static byte[] defaultFill(NetcdfType type) {
        ByteBuffer b = buffer(type, 1);
        switch (type) {
            case BYTE -> b.put((byte) -127);
            case SHORT -> b.putShort((short) -32767);
            case INT -> b.putInt(-2147483647);
            case FLOAT -> b.putFloat(9.9692099683868690e+36f);
            default -> b.putDouble(9.9692099683868690e+36);
        }
        return b.array();
    }

    /**
     * An attribute as an HDF5 attribute message: text as a scalar fixed-length string (no NUL), numbers as a
     * 1-D array of their type. An empty one (no character, no value) has a null dataspace and no data, as netCDF-C
     * writes it: text then has a 1-byte string type (HDF5 has no 0-byte one), and {@code ncdump} shows
     * {@code :comment = "" ;}.
     *
     * @param owner the variable (or "global") it belongs to, for messages
     * @throws IllegalArgumentException if it is reserved, or too large for an object header
     */
    static byte[] attribute(String owner, NetcdfAttribute a) {
        String what = owner + " attribute '" + a.name() + "'";
        if (RESERVED.contains(a.name())) {
            throw new IllegalArgumentException(what + " is reserved (expected: a name other than "
                    + String.join(", ", RESERVED.stream().sorted().toList()) + ")");
        }
        byte[] message;
        if (a.length() == 0) {
            byte[] type = a.type() == NetcdfType.CHAR ? Hdf5Messages.text(1, false) : Hdf5Messages.number(a.type());
            message = Hdf5Messages.attribute(a.name(), type, Hdf5Messages.nullDataspace(), new byte[0]);
        } else if (a.type() == NetcdfType.CHAR) {
            byte[] text = a.text().getBytes(StandardCharsets.UTF_8);
            message = Hdf5Messages.attribute(a.name(), Hdf5Messages.text(text.length, !Hdf5Messages.ascii(a.text())),
                    Hdf5Messages.dataspace(null, null), text);
        } else {
            ByteBuffer data = buffer(a.type(), a.length());
            for (int i = 0; i < a.length(); i++) {
                put(data, a.type(), a.number(i), what);
            }
            long[] n = {a.length()};
            message = Hdf5Messages.attribute(a.name(), Hdf5Messages.number(a.type()), Hdf5Messages.dataspace(n, n),
                    data.array());
        }
        if (message.length > Hdf5Layout.MAX_MESSAGE_SIZE) {
            throw new IllegalArgumentException(what + " needs " + message.length + " bytes (expected: at most "
                    + Hdf5Layout.MAX_MESSAGE_SIZE + ", attributes are kept in the object header)");
        }
        return message;
    }

    /** A bookkeeping attribute: a NUL-terminated ASCII string ({@code CLASS}, {@code NAME}), as HDF5 writes them. */
    static byte[] nulText(String name, String text) {
        byte[] t = Hdf5Messages.nul(text);
        return Hdf5Messages.attribute(name, Hdf5Messages.text(t.length, false), Hdf5Messages.dataspace(null, null), t);
    }

    /** A bookkeeping int attribute: scalar for {@code _Netcdf4Dimid}, a list for {@code _Netcdf4Coordinates}. */
    static byte[] ints(String name, boolean scalar, int... values) {
        ByteBuffer data = buffer(NetcdfType.INT, values.length);
        for (int v : values) {
            data.putInt(v);
        }
        long[] n = {values.length};
        return Hdf5Messages.attribute(name, Hdf5Messages.number(NetcdfType.INT),
                scalar ? Hdf5Messages.dataspace(null, null) : Hdf5Messages.dataspace(n, n), data.array());
    }
}

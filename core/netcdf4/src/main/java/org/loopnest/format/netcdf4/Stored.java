package org.loopnest.format.netcdf4;

import java.nio.ByteBuffer;

/**
 * Reads and writes one stored element of a number type in a buffer (whose order is the file's), widened to
 * {@code double}: unsigned types as their unsigned value, 64-bit integers rounded to the nearest {@code double}.
 * Stateless.
 */
final class Stored {
    private Stored() {
    }

    /** The element at byte {@code at}. */
    static double get(ByteBuffer b, Netcdf4Type type, int at) {
        return switch (type) {
            case BYTE -> b.get(at);
            case UBYTE -> b.get(at) & 0xFF;
            case SHORT -> b.getShort(at);
            case USHORT -> b.getShort(at) & 0xFFFF;
            case INT -> b.getInt(at);
            case UINT -> b.getInt(at) & 0xFFFF_FFFFL;
            case INT64 -> b.getLong(at);
            case UINT64 -> unsigned(b.getLong(at));
            case FLOAT -> b.getFloat(at);
            case DOUBLE -> b.getDouble(at);
            case OTHER -> throw new IllegalStateException("not a number type");
        };
    }

    /** Puts a value as jHDF gives it (a boxed number, unsigned types widened) at byte {@code at}, as stored. */
    static void put(ByteBuffer b, Netcdf4Type type, int at, Number value) {
        switch (type) {
            case BYTE, UBYTE -> b.put(at, value.byteValue());
            case SHORT, USHORT -> b.putShort(at, value.shortValue());
            case INT, UINT -> b.putInt(at, value.intValue());
            case INT64, UINT64 -> b.putLong(at, value.longValue());
            case FLOAT -> b.putFloat(at, value.floatValue());
            case DOUBLE -> b.putDouble(at, value.doubleValue());
            case OTHER -> throw new IllegalStateException("not a number type");
        }
    }

    private static double unsigned(long v) {
        return v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
    }
}

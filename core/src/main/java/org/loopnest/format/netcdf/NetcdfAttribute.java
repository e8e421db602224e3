package org.loopnest.format.netcdf;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Objects;
import org.loopnest.internal.format.Quoted;

/**
 * One attribute of a NetCDF file or variable: a name, a type and its values, text for {@link NetcdfType#CHAR}.
 *
 * <p>Immutable (the factories and accessors copy arrays); safe to share between threads.
 */
public final class NetcdfAttribute {
    private final String name;
    private final NetcdfType type;
    /** A String for CHAR, else a byte[], short[], int[], float[] or double[], never shared. */
    private final Object values;

    private NetcdfAttribute(String name, NetcdfType type, Object values) {
        this.name = Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("attribute name is empty (expected: a name)");
        }
        this.type = type;
        this.values = Objects.requireNonNull(values, "values");
    }

    /**
     * A text attribute ({@code NC_CHAR}), such as {@code units} or {@code long_name}.
     *
     * @param name the attribute's name
     * @param text its text (written as UTF-8 bytes)
     * @return the attribute
     */
    public static NetcdfAttribute text(String name, String text) {
        return new NetcdfAttribute(name, NetcdfType.CHAR, text);
    }

    /**
     * A {@code NC_BYTE} attribute.
     *
     * @param name   the attribute's name
     * @param values its values, copied
     * @return the attribute
     */
    public static NetcdfAttribute bytes(String name, byte... values) {
        return new NetcdfAttribute(name, NetcdfType.BYTE, values.clone());
    }

    /**
     * A {@code NC_SHORT} attribute.
     *
     * @param name   the attribute's name
     * @param values its values, copied
     * @return the attribute
     */
    public static NetcdfAttribute shorts(String name, short... values) {
        return new NetcdfAttribute(name, NetcdfType.SHORT, values.clone());
    }

    /**
     * A {@code NC_INT} attribute.
     *
     * @param name   the attribute's name
     * @param values its values, copied
     * @return the attribute
     */
    public static NetcdfAttribute ints(String name, int... values) {
        return new NetcdfAttribute(name, NetcdfType.INT, values.clone());
    }

    /**
     * A {@code NC_FLOAT} attribute, such as a float variable's {@code _FillValue}.
     *
     * @param name   the attribute's name
     * @param values its values, copied
     * @return the attribute
     */
    public static NetcdfAttribute floats(String name, float... values) {
        return new NetcdfAttribute(name, NetcdfType.FLOAT, values.clone());
    }

    /**
     * A {@code NC_DOUBLE} attribute.
     *
     * @param name   the attribute's name
     * @param values its values, copied
     * @return the attribute
     */
    public static NetcdfAttribute doubles(String name, double... values) {
        return new NetcdfAttribute(name, NetcdfType.DOUBLE, values.clone());
    }

    /** Wraps values read from a file without copying them again. */
    static NetcdfAttribute read(String name, NetcdfType type, Object values) {
        return new NetcdfAttribute(name, type, values);
    }

    /**
     * The attribute's name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The attribute's type.
     *
     * @return the type
     */
    public NetcdfType type() {
        return type;
    }

    /**
     * How many values it has.
     *
     * @return the number of values; for text, the number of bytes it takes in the file
     */
    public int length() {
        return values instanceof String s ? utf8(s).length : Array.getLength(values);
    }

    /**
     * Its text.
     *
     * @return the text of a {@code CHAR} attribute, trailing NUL bytes removed
     * @throws IllegalStateException if the attribute is numeric
     */
    public String text() {
        if (!(values instanceof String s)) {
            throw new IllegalStateException("attribute '" + Quoted.of(name) + "' is " + type
                    + " (expected: CHAR, text)");
        }
        return s;
    }

    /**
     * One value, widened to {@code double}.
     *
     * @param i the value's index
     * @return the value
     * @throws IllegalStateException if the attribute is text
     * @throws IndexOutOfBoundsException if {@code i} is not below {@link #length()}
     */
    public double number(int i) {
        if (values instanceof String) {
            throw new IllegalStateException("attribute '" + Quoted.of(name) + "' is text (expected: a number)");
        }
        return ((Number) Array.get(values, i)).doubleValue();
    }

    /**
     * All values, widened to {@code double}.
     *
     * @return a new array of the values
     * @throws IllegalStateException if the attribute is text
     */
    public double[] numbers() {
        double[] all = new double[length()];
        for (int i = 0; i < all.length; i++) {
            all[i] = number(i);
        }
        return all;
    }

    /** The bytes of the values in the file, big-endian, without padding. */
    byte[] encode() {
        if (values instanceof String s) {
            return utf8(s);
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(length() * type.size());
        for (int i = 0; i < length(); i++) {
            switch (type) {
                case BYTE -> b.put(((byte[]) values)[i]);
                case SHORT -> b.putShort(((short[]) values)[i]);
                case INT -> b.putInt(((int[]) values)[i]);
                case FLOAT -> b.putFloat(((float[]) values)[i]);
                default -> b.putDouble(((double[]) values)[i]);
            }
        }
        return b.array();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return name + " = " + (values instanceof String s ? '"' + s + '"' : type + " " + Arrays.toString(numbers()));
    }
}

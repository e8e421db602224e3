package org.loopnest.internal.lang.vector;

import java.util.EnumSet;
import java.util.Set;
import org.loopnest.internal.lang.Type;

/**
 * How many iterations a vector body processes at once, and the vector species of each language type for that lane
 * count. The lane count is what the preferred vector holds of the widest numeric type the body uses (loop indices
 * are {@code long}, so a body that reads one has 64-bit lanes); narrower types use a smaller shape with the same lane
 * count, so that every value of one iteration sits in the same lane of its vector. {@code bool} values are masks of
 * the {@linkplain #maskType() mask type}'s species. Immutable.
 *
 * @param count the lanes
 * @param maskType the type whose species the masks of {@code bool} values have: the widest floating type used, else
 *     the widest type
 * @param powByExpLog whether {@code pow(x, y)} is computed as {@code exp(y·log x)} where that equals it (positive,
 *     finite {@code x} other than 1, finite {@code y}): on x86-64 without 512-bit vectors, where the JDK has no vector
 *     {@code POW} (it needs AVX-512DQ) and calls the scalar function once per lane, 17 times slower than the two vector
 *     functions (BENCHMARKS.md, runs 27 and 29)
 */
public record Lanes(int count, Type maskType, boolean powByExpLog) {
    /**
     * {@return the lanes for a body using {@code types} (numeric types; {@code bool} is ignored) at a preferred vector
     * of {@code preferredBits}}
     *
     * @param types the types of the body's values, arrays and indices
     * @param preferredBits the machine's preferred vector size, at least 128
     * @throws IllegalArgumentException if {@code preferredBits} is not a power of two of at least 128
     */
    public static Lanes of(Set<Type> types, int preferredBits) {
        if (preferredBits < 128 || Integer.bitCount(preferredBits) != 1) {
            throw new IllegalArgumentException("preferredBits = " + preferredBits
                    + " (expected: a power of two >= 128)");
        }
        Set<Type> numeric = EnumSet.noneOf(Type.class);
        numeric.addAll(types);
        numeric.remove(Type.BOOL);
        if (numeric.isEmpty()) {
            numeric.add(Type.INT);
        }
        int widest = numeric.stream().mapToInt(Lanes::bits).max().orElse(32);
        Type mask = numeric.contains(Type.DOUBLE) ? Type.DOUBLE : numeric.contains(Type.FLOAT) ? Type.FLOAT
                : numeric.contains(Type.LONG) ? Type.LONG : Type.INT;
        return new Lanes(preferredBits / widest, mask, preferredBits < 512 && X86_64);
    }

    /** Whether this JVM runs on x86-64, where the JDK's vector math functions are Intel's SVML. */
    private static final boolean X86_64 = java.util.List.of("amd64", "x86_64")
            .contains(System.getProperty("os.arch", ""));

    /** {@return the bits of one element of {@code type}: 32 or 64} */
    static int bits(Type type) {
        return type == Type.LONG || type == Type.DOUBLE ? 64 : 32;
    }

    /** {@return the vector bits of {@code type}'s species: {@link #count()} elements} */
    public int vectorBits(Type type) {
        return count * bits(type);
    }

    /** {@return the Java name of {@code type}'s vector class, e.g. {@code FloatVector}} */
    public static String vectorClass(Type type) {
        return switch (type) {
            case INT -> "IntVector";
            case LONG -> "LongVector";
            case FLOAT -> "FloatVector";
            case DOUBLE -> "DoubleVector";
            case BOOL -> throw new IllegalArgumentException("bool has no vector class (it is a mask)");
        };
    }

    /** {@return the Java expression of {@code type}'s species, e.g. {@code FloatVector.SPECIES_512}} */
    public String species(Type type) {
        return vectorClass(type) + ".SPECIES_" + vectorBits(type);
    }

    /** {@return what a report says of this path, e.g. {@code vector (FloatVector 512-bit, 16 lanes)}} */
    public String describe() {
        return "vector (" + vectorClass(maskType) + " " + vectorBits(maskType) + "-bit, " + count + " lanes"
                + (powByExpLog ? "; pow as exp(y·log x)" : "") + ")";
    }
}

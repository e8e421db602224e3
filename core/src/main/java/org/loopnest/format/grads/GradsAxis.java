package org.loopnest.format.grads;

import java.util.List;
import java.util.Objects;

/**
 * One spatial dimension of a GrADS grid ({@code XDEF}, {@code YDEF} or {@code ZDEF}): either {@code LINEAR}
 * (a start and a step) or {@code LEVELS} (each value listed). Immutable and safe to share between threads.
 */
public final class GradsAxis {
    private final int size;
    private final boolean linear;
    private final double start;
    private final double step;
    private final List<Double> values;

    private GradsAxis(int size, boolean linear, double start, double step, List<Double> values) {
        this.size = size;
        this.linear = linear;
        this.start = start;
        this.step = step;
        this.values = values;
    }

    /**
     * A linear axis: value {@code i} is {@code start + i * step}.
     *
     * @param size  the number of points; at least 1
     * @param start the first value; finite
     * @param step  the increment; finite
     * @return the axis
     * @throws IllegalArgumentException naming the argument when one is out of range
     */
    public static GradsAxis linear(int size, double start, double step) {
        requireSize(size);
        if (!Double.isFinite(start) || !Double.isFinite(step)) {
            throw new IllegalArgumentException("start = " + start + ", step = " + step + " (expected: finite)");
        }
        return new GradsAxis(size, true, start, step, List.of());
    }

    /**
     * An axis with each value listed (pressure levels in hPa for {@code ZDEF}, in the file's order).
     *
     * @param values the values; at least one, all finite; copied
     * @return the axis
     * @throws IllegalArgumentException when the list is empty or holds a value that is not finite
     */
    public static GradsAxis levels(List<Double> values) {
        requireSize(values.size());
        for (Double v : values) {
            if (v == null || !Double.isFinite(v)) {
                throw new IllegalArgumentException("level " + v + " (expected: finite)");
            }
        }
        return new GradsAxis(values.size(), false, 0, 0, List.copyOf(values));
    }

    private static void requireSize(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("size = " + size + " (expected: >= 1)");
        }
    }

    /**
     * The number of points.
     *
     * @return at least 1
     */
    public int size() {
        return size;
    }

    /**
     * Whether the axis was given as {@code LINEAR}.
     *
     * @return true for {@code LINEAR}, false for {@code LEVELS}
     */
    public boolean isLinear() {
        return linear;
    }

    /**
     * The value at one point.
     *
     * @param i the point, {@code 0 <= i < size()}
     * @return {@code start + i * step} for a linear axis, the listed value otherwise
     * @throws IndexOutOfBoundsException when {@code i} is out of range
     */
    public double value(int i) {
        Objects.checkIndex(i, size);
        return linear ? start + i * step : values.get(i);
    }

    /**
     * Every value, in order.
     *
     * @return an unmodifiable list of {@link #size()} values
     */
    public List<Double> values() {
        if (!linear) {
            return values;
        }
        Double[] all = new Double[size];
        for (int i = 0; i < size; i++) {
            all[i] = value(i);
        }
        return List.of(all);
    }

    /**
     * The text after the keyword and count in a descriptor.
     *
     * @return {@code LINEAR start step} or {@code LEVELS v1 v2 …}
     */
    String definition() {
        StringBuilder text = new StringBuilder(linear ? "LINEAR " + number(start) + " " + number(step) : "LEVELS");
        if (!linear) {
            values.forEach(v -> text.append(' ').append(number(v)));
        }
        return text.toString();
    }

    /**
     * A number as a descriptor writes it: the shortest decimal that reads back as the same double.
     *
     * @param value a finite value
     * @return for example {@code 1000}, {@code -2.56E+33}, {@code 2.5}
     */
    static String number(double value) {
        java.math.BigDecimal exact = java.math.BigDecimal.valueOf(value).stripTrailingZeros();
        return exact.scale() < -6 || exact.scale() > 12 ? exact.toString() : exact.toPlainString();
    }

    /**
     * Equal when the same kind with the same size and values (linear: start and step).
     *
     * @param other any object
     * @return whether it describes the same axis
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof GradsAxis a && a.size == size && a.linear == linear
                && Double.compare(a.start, start) == 0 && Double.compare(a.step, step) == 0 && a.values.equals(values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(size, linear, start, step, values);
    }

    /**
     * For messages.
     *
     * @return for example {@code 72 LINEAR 0 5}
     */
    @Override
    public String toString() {
        return size + " " + definition();
    }
}

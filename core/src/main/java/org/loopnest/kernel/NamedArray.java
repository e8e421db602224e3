package org.loopnest.kernel;

import java.util.function.BiFunction;
import org.loopnest.data.DoubleView;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.IntView;
import org.loopnest.data.LongView;

/**
 * A typed handle on an array of a nest, declared once and used both to bind the array and, in the Java body, to
 * reach it:
 *
 * <pre>{@code
 * static final NamedArray<FloatView> T = NamedArray.floats("T");
 * ...
 * LoopNest.of(...).in(T, temperature).out(THETA, theta)
 *         .kernel(arrays -> {
 *             FloatView t = arrays.get(T), theta = arrays.get(THETA);
 *             return it -> theta.set(it, t.get(it) * 2);
 *         })
 * }</pre>
 *
 * <p>A misspelt handle or a view of the wrong element type is a compile error; binding data of another element
 * type is refused where it is bound, naming the handle; a handle the body uses but no {@code in}/{@code out}
 * bound is refused by {@code plan()}. The handle is looked up once per block ({@link BoundArrays#get}), so it costs
 * nothing per element. It works as a {@code static final} field of a named kernel class that a worker node loads.
 *
 * <p><b>Identity:</b> two handles are the same array when their name and element type are equal. Immutable and
 * thread-safe.
 *
 * @param <V> the view the body reads and writes it through: {@link FloatView}, {@link DoubleView},
 *     {@link IntView} or {@link LongView}
 */
public final class NamedArray<V> {
    private final String name;
    private final ElementType type;
    /** The lookup of {@link BoundArrays} for this element type ({@code floats}, {@code doubles}, …). */
    private final BiFunction<BoundArrays, String, V> lookup;

    private NamedArray(String name, ElementType type, BiFunction<BoundArrays, String, V> lookup) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("array name is " + (name == null ? "null" : "blank")
                    + " (expected: the name the array is bound by, e.g. \"T\")");
        }
        this.name = name;
        this.type = type;
        this.lookup = lookup;
    }

    /**
     * {@return a handle on the {@code float} array called {@code name}}
     *
     * @param name the array's name, as given to the builder
     * @throws IllegalArgumentException if {@code name} is null or blank
     */
    public static NamedArray<FloatView> floats(String name) {
        return new NamedArray<>(name, ElementType.FLOAT, BoundArrays::floats);
    }

    /**
     * {@return a handle on the {@code double} array called {@code name}}
     *
     * @param name the array's name, as given to the builder
     * @throws IllegalArgumentException if {@code name} is null or blank
     */
    public static NamedArray<DoubleView> doubles(String name) {
        return new NamedArray<>(name, ElementType.DOUBLE, BoundArrays::doubles);
    }

    /**
     * {@return a handle on the {@code int} array called {@code name}}
     *
     * @param name the array's name, as given to the builder
     * @throws IllegalArgumentException if {@code name} is null or blank
     */
    public static NamedArray<IntView> ints(String name) {
        return new NamedArray<>(name, ElementType.INT, BoundArrays::ints);
    }

    /**
     * {@return a handle on the {@code long} array called {@code name}}
     *
     * @param name the array's name, as given to the builder
     * @throws IllegalArgumentException if {@code name} is null or blank
     */
    public static NamedArray<LongView> longs(String name) {
        return new NamedArray<>(name, ElementType.LONG, BoundArrays::longs);
    }

    /** {@return the name the array is bound and looked up by} */
    public String name() {
        return name;
    }

    /** {@return the element type the bound data must hold} */
    public ElementType type() {
        return type;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NamedArray<?> that && name.equals(that.name) && type == that.type;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + type.hashCode();
    }

    /** The view of this array among {@code arrays}, through the lookup its element type takes. */
    V in(BoundArrays arrays) {
        return lookup.apply(arrays, name);
    }

    /** The declaration that makes it, e.g. {@code NamedArray.floats("T")}. */
    @Override
    public String toString() {
        return "NamedArray." + type.name().toLowerCase(java.util.Locale.ROOT) + "s(\"" + name + "\")";
    }
}

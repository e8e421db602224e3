package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;

/**
 * What a kernel body may name besides its own locals and helpers: the loop indices in nest order and the arrays
 * bound to the run. Immutable.
 *
 * @param indices the loop indices' names, outermost first
 * @param arrays the arrays, in the order the run binds them
 */
public record KernelContext(List<String> indices, List<ArraySignature> arrays) {
    /** Copies the lists. */
    public KernelContext {
        indices = List.copyOf(indices);
        arrays = List.copyOf(arrays);
    }

    /**
     * {@return what a body over {@code space} with {@code arrays} may name} The levels of one column array (bound
     * one after another, each with its {@link ArrayBinding#column() column level}) become one subscripted array.
     *
     * @param space the nest, whose index names the body uses
     * @param arrays the bound arrays, in binding order
     */
    public static KernelContext of(IndexSpace space, Collection<ArrayBinding> arrays) {
        List<ArraySignature> signatures = new ArrayList<>();
        for (ArrayBinding b : arrays) {
            ArrayBinding.ColumnLevel level = b.column();
            if (level == null) {
                signatures.add(new ArraySignature(b.name(), Type.of(b.type()), b.role()));
            } else if (level.level() == 0) {
                signatures.add(new ArraySignature(level.array(), Type.of(b.type()), b.role(), level.axis(),
                        level.levels()));
            }
        }
        return new KernelContext(space.names(), signatures);
    }

    /**
     * {@return the extent of column axis {@code axis}, or -1 if no array of the context has that axis}
     *
     * @param axis a name
     */
    public int axisExtent(String axis) {
        for (ArraySignature a : arrays) {
            if (axis.equals(a.axis())) {
                return a.levels();
            }
        }
        return -1;
    }

    /** {@return the column axes of the context's arrays, in the order they first appear} */
    public List<String> axes() {
        return arrays.stream().map(ArraySignature::axis).filter(java.util.Objects::nonNull).distinct().toList();
    }

    /**
     * {@return how many bindings stand before array {@code a} of {@link #arrays()} in binding order: the position
     * of its first level's binding, since a column array is one binding per level}
     *
     * @param a an index into {@link #arrays()}
     */
    public int firstBinding(int a) {
        int n = 0;
        for (int i = 0; i < a; i++) {
            n += arrays.get(i).bindings();
        }
        return n;
    }

    /**
     * An array as the body sees it.
     *
     * @param name its name
     * @param type its element type
     * @param role input (read-only) or output (assigned on every path, or per level for a column output)
     * @param axis its column axis, which the body subscripts ({@code T[k]}), or {@code null} for an array that
     *     stands for its element at the current iteration
     * @param levels the extent of the column axis, or 0 without one
     */
    public record ArraySignature(String name, Type type, Role role, String axis, int levels) {
        /**
         * An array without a column axis.
         *
         * @param name its name
         * @param type its element type
         * @param role input or output
         */
        public ArraySignature(String name, Type type, Role role) {
            this(name, type, role, null, 0);
        }

        /** {@return whether the body subscripts it by level} */
        public boolean isColumn() {
            return axis != null;
        }

        /** {@return how many bindings the array is: its levels for a column array, else 1} */
        public int bindings() {
            return axis == null ? 1 : levels;
        }
    }
}

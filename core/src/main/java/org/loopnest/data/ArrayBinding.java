package org.loopnest.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import org.loopnest.index.IndexSpace;
import org.loopnest.internal.data.FileLayout;
import org.loopnest.internal.data.Overlap;

/**
 * An array bound to a run: its name, whether it is read or written, what holds it, and the loop indices it is
 * indexed by (all loops, or a subset in nest order). Validated on creation. Immutable.
 */
public final class ArrayBinding {
    private final String name;
    private final Role role;
    private final Holder holder;
    private final int[] dims;
    private final long[] shape;
    private final int depth;
    private final ColumnLevel column;

    private ArrayBinding(String name, Role role, Holder holder, int[] dims, long[] shape, int depth) {
        this(name, role, holder, dims, shape, depth, null);
    }

    private ArrayBinding(String name, Role role, Holder holder, int[] dims, long[] shape, int depth,
                         ColumnLevel column) {
        this.name = name;
        this.role = role;
        this.holder = holder;
        this.dims = dims;
        this.shape = shape;
        this.depth = depth;
        this.column = column;
    }

    /**
     * Which level of which column array a binding is: a column array (one with an axis the nest does not iterate,
     * see {@link #ofColumn}) is bound as one binding per level, named {@code array[level]}, each an ordinary binding
     * over the nest's indices that addresses that level of the user's store in place.
     *
     * @param array the column array's name, as the body subscripts it
     * @param axis the column axis' name
     * @param level this binding's level, from 0
     * @param levels the axis' extent
     */
    public record ColumnLevel(String array, String axis, int level, int levels) {
        /**
         * Checks the numbers.
         *
         * @param array the column array's name
         * @param axis the column axis' name
         * @param level this binding's level
         * @param levels the axis' extent
         */
        public ColumnLevel {
            if (levels < 1 || level < 0 || level >= levels) {
                throw new IllegalArgumentException("column level " + level + " of " + levels + " (expected: "
                        + "0 <= level < levels)");
            }
        }

        /**
         * {@return the binding name of level {@code level} of column array {@code array}: {@code array[level]}}
         *
         * @param array the column array's name
         * @param level a level
         */
        public static String bindingName(String array, int level) {
            return array + "[" + level + "]";
        }
    }

    /**
     * Binds a column array: {@code array} is stored over {@code indices}, which name loop indices (in nest order,
     * as for {@link #of}) and, once and anywhere among them as stored, the column axis {@code axis} of extent
     * {@code levels}, which the nest does not iterate. Returns one binding per level (level 0 first), each named
     * {@code name[level]} and addressing its level of the user's store in place (no copy): level {@code l} is
     * element {@code l} along the axis.
     *
     * @param name the array's name, as the body subscripts it ({@code T[k]})
     * @param role whether kernels read or write it
     * @param array a flat primitive array, a buffer holder or a file holder (strided or not); kept, not copied
     * @param space the nest
     * @param axis the column axis' name
     * @param levels the column axis' extent, at least 1 and at most {@link Integer#MAX_VALUE}
     * @param indices the loop indices and the axis, in the order the array is stored
     * @return the level bindings, level 0 first
     * @throws IllegalArgumentException naming the array if the name is blank, the axis is missing or repeated, a loop
     *     index is unknown, repeated or out of nest order, the array is jagged, its shape does not match, or an output
     *     does not use every loop index or reaches one element twice
     */
    public static List<ArrayBinding> ofColumn(String name, Role role, Object array, IndexSpace space, String axis,
                                              long levels, String... indices) {
        return ofColumn(name, role, array, space, axis, levels, false, indices);
    }

    /**
     * As {@link #ofColumn(String, Role, Object, IndexSpace, String, long, String...)}, where {@code fromLast} walks
     * the axis from its last stored element: level {@code l} is element {@code levels − 1 − l} along the axis (for
     * files that store pressure levels from the top down), still without a copy.
     *
     * @param name the array's name
     * @param role whether kernels read or write it
     * @param array the user's data
     * @param space the nest
     * @param axis the column axis' name
     * @param levels the axis' extent
     * @param fromLast whether level 0 is the last element stored along the axis
     * @param indices the loop indices and the axis, as stored
     * @return the level bindings, level 0 first
     * @throws IllegalArgumentException as the other form
     */
    public static List<ArrayBinding> ofColumn(String name, Role role, Object array, IndexSpace space, String axis,
                                              long levels, boolean fromLast, String... indices) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(role + ": array name is blank (expected: a non-empty name)");
        }
        String what = role + " '" + name + "'";
        if (levels < 1 || levels > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + ": column axis '" + axis + "' has extent " + levels
                    + " (expected: 1 to " + Integer.MAX_VALUE + ")");
        }
        int position = -1;
        List<String> loops = new ArrayList<>();
        for (int m = 0; m < indices.length; m++) {
            if (axis.equals(indices[m])) {
                if (position >= 0) {
                    throw new IllegalArgumentException(what + ": column axis '" + axis + "' is named twice in "
                            + Arrays.toString(indices) + " (expected: once, where it stands in the stored order)");
                }
                position = m;
            } else {
                loops.add(indices[m]);
            }
        }
        if (position < 0) {
            throw new IllegalArgumentException(what + ": indices " + Arrays.toString(indices) + " do not name the "
                    + "column axis '" + axis + "' (expected: the axis among the indices, as the array is stored)");
        }
        Holder holder;
        try {
            holder = Holder.of(array);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(what + ": " + bad.getMessage(), bad);
        }
        if (!(holder instanceof LinearHolder linear)) {
            throw new IllegalArgumentException(what + ": a jagged array cannot carry column axis '" + axis
                    + "' (expected: a flat primitive array, a buffer or a file, row-major or strided)");
        }
        int[] dims = loops.isEmpty() ? new int[0] : resolve(what, space, loops.toArray(String[]::new));
        if (role == Role.OUT && dims.length != space.depth()) {
            throw new IllegalArgumentException(what + " is indexed by " + text(space, dims) + " and column axis '"
                    + axis + "' (expected: an output uses every loop index " + text(space, allDims(space.depth()))
                    + ", so that no two iterations write the same element)");
        }
        long[] stored = new long[indices.length];
        StringJoiner shapeText = new StringJoiner("×");
        for (int m = 0, d = 0; m < indices.length; m++) {
            stored[m] = m == position ? levels : space.extent(dims[d++]);
            shapeText.add(Long.toString(stored[m]));
        }
        holder.check(what, stored, "(" + String.join(",", indices) + ") = " + shapeText);
        if (holder instanceof FileHolder file) {
            file.checkFile(what, role, stored);
            if (file.spansFiles() && FileLayout.along(file.strides(stored)) == position) {
                throw new IllegalArgumentException(what + ": its " + file.parts().size() + " files are joined along "
                        + "the column axis '" + axis + "' (expected: files joined along another index, such as "
                        + "time)");
            }
        }
        if (role == Role.OUT && holder instanceof BufferHolder buffer && buffer.isReadOnly()) {
            throw new IllegalArgumentException(what + ": the buffer is read-only (expected: a writable buffer)");
        }
        if (role == Role.OUT) {
            linear.checkDistinct(what, stored);
        }
        long[] strides = linear.strides(stored);
        long[] levelStrides = new long[dims.length];
        long[] shape = new long[dims.length];
        for (int m = 0, d = 0; m < indices.length; m++) {
            if (m != position) {
                levelStrides[d] = strides[m];
                shape[d] = space.extent(dims[d]);
                d++;
            }
        }
        List<ArrayBinding> bindings = new ArrayList<>((int) levels);
        for (int l = 0; l < levels; l++) {
            Holder level = linear.moved((fromLast ? levels - 1 - l : l) * strides[position], levelStrides);
            bindings.add(new ArrayBinding(ColumnLevel.bindingName(name, l), role, level, dims.clone(), shape.clone(),
                    space.depth(), new ColumnLevel(name, axis, l, (int) levels)));
        }
        return List.copyOf(bindings);
    }

    /**
     * Binds {@code array} (a primitive or jagged array, or a {@link Holder}) under {@code name}.
     *
     * @param name the array's name, as kernels and device code look it up
     * @param role whether kernels read or write it
     * @param array the user's data: a primitive or jagged array, or a {@link Holder}; kept, not copied
     * @param space the nest the array is indexed by
     * @param indexNames the loop indices the array uses, in nest order; none means all loops
     * @return the validated binding
     * @throws IllegalArgumentException naming the array if the name is blank, an index is unknown, repeated or
     *     out of nest order, the holder's shape does not match, or an output does not use every loop index or
     *     reaches one element from two iterations (strides, or a jagged row bound twice)
     */
    public static ArrayBinding of(String name, Role role, Object array, IndexSpace space, String... indexNames) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(role + ": array name is blank (expected: a non-empty name)");
        }
        String what = role + " '" + name + "'";
        Holder holder;
        try {
            holder = Holder.of(array);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(what + ": " + bad.getMessage(), bad);
        }
        int[] dims = resolve(what, space, indexNames);
        if (role == Role.OUT && dims.length != space.depth()) {
            throw new IllegalArgumentException(what + " is indexed by " + text(space, dims)
                    + " (expected: an output uses every loop index " + text(space, allDims(space.depth()))
                    + ", so that no two iterations write the same element)");
        }
        long[] shape = new long[dims.length];
        for (int m = 0; m < dims.length; m++) {
            shape[m] = space.extent(dims[m]);
        }
        holder.check(what, shape, shapeText(space, dims));
        if (holder instanceof FileHolder file) {
            file.checkFile(what, role, shape);
        }
        if (role == Role.OUT && holder instanceof BufferHolder buffer && buffer.isReadOnly()) {
            throw new IllegalArgumentException(what + ": the buffer is read-only (expected: a writable buffer)");
        }
        if (role == Role.OUT && holder instanceof LinearHolder linear) {
            linear.checkDistinct(what, shape);
        }
        ArrayBinding binding = new ArrayBinding(name, role, holder, dims, shape, space.depth());
        if (role == Role.OUT && holder instanceof JaggedHolder) {
            Overlap.checkOwnRows(binding);
        }
        return binding;
    }

    /**
     * {@return a binding that describes an array without holding its data — its name, role, element type and indices —
     * for those who only address packed chunks of it (worker nodes)} Its holder is empty.
     *
     * @param name the array's name
     * @param role whether kernels read or write it
     * @param type the element type
     * @param space the nest
     * @param dims the loop numbers the array uses, in nest order
     * @throws IllegalArgumentException if a dimension is outside the nest or out of order
     */
    public static ArrayBinding descriptor(String name, Role role, ElementType type, IndexSpace space, int[] dims) {
        return descriptor(name, role, type, space, dims, null);
    }

    /**
     * As {@link #descriptor(String, Role, ElementType, IndexSpace, int[])}, for one level of a column array.
     *
     * @param name the binding's name ({@code array[level]} for a level)
     * @param role whether kernels read or write it
     * @param type the element type
     * @param space the nest
     * @param dims the loop numbers the array uses, in nest order
     * @param column which level of which column array the binding is, or {@code null} for an ordinary array
     * @return the descriptor
     * @throws IllegalArgumentException if a dimension is outside the nest or out of order
     */
    public static ArrayBinding descriptor(String name, Role role, ElementType type, IndexSpace space, int[] dims,
                                          ColumnLevel column) {
        long[] shape = new long[dims.length];
        for (int m = 0; m < dims.length; m++) {
            if (dims[m] < 0 || dims[m] >= space.depth() || (m > 0 && dims[m] <= dims[m - 1])) {
                throw new IllegalArgumentException(role + " '" + name + "': dims " + Arrays.toString(dims)
                        + " (expected: loop numbers from 0 to " + (space.depth() - 1) + ", increasing)");
            }
            shape[m] = space.extent(dims[m]);
        }
        Holder empty = Holder.of(java.nio.ByteBuffer.allocate(0), type);
        return new ArrayBinding(name, role, empty, dims.clone(), shape, space.depth(), column);
    }

    private static int[] resolve(String what, IndexSpace space, String[] indexNames) {
        if (indexNames == null || indexNames.length == 0) {
            return allDims(space.depth());
        }
        int[] dims = new int[indexNames.length];
        for (int m = 0; m < indexNames.length; m++) {
            int j = space.indexOf(indexNames[m]);
            if (j < 0) {
                throw new IllegalArgumentException(what + ": no loop index named '" + indexNames[m]
                        + "' (expected one of: " + String.join(", ", space.names()) + ")");
            }
            if (m > 0 && j <= dims[m - 1]) {
                throw new IllegalArgumentException(what + ": indices " + Arrays.toString(indexNames)
                        + " are repeated or out of nest order (expected: a subset of "
                        + String.join(", ", space.names()) + " in that order)");
            }
            dims[m] = j;
        }
        return dims;
    }

    private static int[] allDims(int depth) {
        int[] all = new int[depth];
        Arrays.setAll(all, j -> j);
        return all;
    }

    private static String text(IndexSpace space, int[] dims) {
        StringJoiner s = new StringJoiner(",", "(", ")");
        for (int j : dims) {
            s.add(space.name(j));
        }
        return s.toString();
    }

    private static String shapeText(IndexSpace space, int[] dims) {
        StringJoiner s = new StringJoiner("×");
        for (int j : dims) {
            s.add(Long.toString(space.extent(j)));
        }
        return text(space, dims) + " = " + (dims.length == 0 ? "1" : s.toString());
    }

    /**
     * {@return this binding — the same name, role, indices, shape and column level — over {@code other}, a holder of
     * the same element type and shape: how a worker node that reads and writes a run's files itself binds them, and the
     * small in-memory arrays sent to it, to the arrays its run describes}
     *
     * @param other the holder
     * @throws IllegalArgumentException naming the array if the holder's type or shape does not match, or its file is
     *     not as the binding needs (missing, too short, not writable)
     */
    public ArrayBinding withHolder(Holder other) {
        String what = toString();
        if (other.type() != type()) {
            throw new IllegalArgumentException(what + ": a holder of " + other.type() + " (expected: " + type() + ")");
        }
        other.check(what, shape, java.util.Arrays.toString(shape));
        if (other instanceof FileHolder file) {
            file.checkFile(what, role, shape);
        }
        return new ArrayBinding(name, role, other, dims, shape, depth, column);
    }

    /** {@return the name kernels use to reach the array} */
    public String name() {
        return name;
    }

    /** {@return whether kernels read or write the array} */
    public Role role() {
        return role;
    }

    /** {@return what holds the data} */
    public Holder holder() {
        return holder;
    }

    /** {@return the element type} */
    public ElementType type() {
        return holder.type();
    }

    /** {@return the loop numbers the array is indexed by, in nest order} */
    public int[] dims() {
        return dims.clone();
    }

    /** {@return the extent of each index the array uses, in the order of {@link #dims()}} */
    public long[] shape() {
        return shape.clone();
    }

    /** {@return the number of elements, the product of {@link #shape()}} */
    public long elements() {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }

    /** {@return which level of which column array this binding is, or {@code null} for an ordinary array} */
    public ColumnLevel column() {
        return column;
    }

    /** {@return whether the array is indexed by every loop of the nest} */
    public boolean usesAllLoops() {
        return dims.length == depth;
    }

    /** How messages name the array, e.g. {@code in 'T'}. */
    @Override
    public String toString() {
        return role + " '" + name + "'";
    }
}

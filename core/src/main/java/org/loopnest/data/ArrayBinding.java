package org.loopnest.data;

import java.util.Arrays;
import java.util.StringJoiner;
import org.loopnest.index.IndexSpace;
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

    private ArrayBinding(String name, Role role, Holder holder, int[] dims, long[] shape, int depth) {
        this.name = name;
        this.role = role;
        this.holder = holder;
        this.dims = dims;
        this.shape = shape;
        this.depth = depth;
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
        long[] shape = new long[dims.length];
        for (int m = 0; m < dims.length; m++) {
            if (dims[m] < 0 || dims[m] >= space.depth() || (m > 0 && dims[m] <= dims[m - 1])) {
                throw new IllegalArgumentException(role + " '" + name + "': dims " + Arrays.toString(dims)
                        + " (expected: loop numbers from 0 to " + (space.depth() - 1) + ", increasing)");
            }
            shape[m] = space.extent(dims[m]);
        }
        Holder empty = Holder.of(java.nio.ByteBuffer.allocate(0), type);
        return new ArrayBinding(name, role, empty, dims.clone(), shape, space.depth());
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

package org.loopnest.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

/**
 * What the user's data lives in. Create one with {@link #of(Object)} for a flat or jagged primitive array,
 * {@link #strided(Object, long, long...)} for a flat array with explicit strides (permuted or padded layouts), or
 * {@link #of(ByteBuffer, ElementType)} for a buffer, {@link #file} for an array that lives in a file of any size.
 * {@code LoopNest.in/out} call {@link #of(Object)} for plain arrays, so most users never name this type.
 *
 * <p>A holder keeps a reference to the user's storage; it never copies it. Immutable.
 */
public abstract sealed class Holder permits LinearHolder, JaggedHolder {

    Holder() {
    }

    /**
     * Wraps a flat ({@code float[]}, {@code double[]}, {@code int[]}, {@code long[]}) or jagged
     * ({@code float[][]…}) primitive array, row-major over the indices it is bound with.
     *
     * @param array the user's array, kept (not copied)
     * @return a holder over {@code array}
     * @throws IllegalArgumentException if {@code array} is none of those
     */
    public static Holder of(Object array) {
        if (array instanceof Holder holder) {
            return holder;
        }
        if (array == null) {
            throw new IllegalArgumentException("array is null (expected: a primitive array, jagged array or Holder)");
        }
        Class<?> type = array.getClass();
        if (!type.isArray()) {
            throw new IllegalArgumentException("array is a " + type.getName()
                    + " (expected: float[], double[], int[], long[], a jagged array of those, or a Holder)");
        }
        int depth = 0;
        while (type.isArray()) {
            type = type.getComponentType();
            depth++;
        }
        ElementType element = ElementType.ofPrimitive(type);
        if (element == null) {
            throw new IllegalArgumentException("array has elements of " + type.getName()
                    + " (expected: float, double, int or long)");
        }
        return depth == 1 ? new FlatHolder(array, element, 0, null) : new JaggedHolder(array, element, depth);
    }

    /**
     * Wraps a flat primitive array whose element {@code (a_0, …)} sits at {@code offset + Σ a_m·strides[m]},
     * one stride per index the array is bound with, in the binding's order.
     *
     * @param array a flat {@code float[]}, {@code double[]}, {@code int[]} or {@code long[]}, kept (not copied)
     * @param offset the position of element {@code (0, …)}
     * @param strides the element stride of each index
     * @return a holder over {@code array}
     * @throws IllegalArgumentException if {@code array} is not a flat primitive array, {@code offset < 0} or
     *     {@code strides} is null
     */
    public static Holder strided(Object array, long offset, long... strides) {
        Holder plain = of(array);
        if (!(plain instanceof FlatHolder flat)) {
            throw new IllegalArgumentException("strided: array must be flat (expected: float[], double[], int[] or long[])");
        }
        checkStrided(offset, strides);
        return new FlatHolder(flat.array(), flat.type(), offset, strides.clone());
    }

    /**
     * Wraps a buffer holding elements of {@code type} in the buffer's own byte order, row-major from its
     * current position. Direct buffers avoid one copy on devices that read host memory.
     *
     * @param buffer the buffer, kept (not copied): its position and limit must not change while a run uses it
     * @param type the element type
     * @return a holder over {@code buffer}
     * @throws IllegalArgumentException if {@code buffer} or {@code type} is null
     */
    public static Holder of(ByteBuffer buffer, ElementType type) {
        checkBuffer(buffer, type);
        return new BufferHolder(buffer, type, 0, null);
    }

    /**
     * Like {@link #of(ByteBuffer, ElementType)} with explicit element strides, as in {@link #strided}.
     *
     * @param buffer the buffer, kept (not copied)
     * @param type the element type
     * @param offset the position, in elements from the buffer's position, of element {@code (0, …)}
     * @param strides the element stride of each index
     * @return a holder over {@code buffer}
     * @throws IllegalArgumentException if {@code buffer} or {@code type} is null, {@code offset < 0} or
     *     {@code strides} is null
     */
    public static Holder strided(ByteBuffer buffer, ElementType type, long offset, long... strides) {
        checkBuffer(buffer, type);
        checkStrided(offset, strides);
        return new BufferHolder(buffer, type, offset, strides.clone());
    }

    /**
     * An array that lives in a file, element {@code (a_0, …)} at byte {@code offsetBytes + (Σ a_m·strides[m])·size}
     * (row-major when no strides are given), read or written chunk by chunk: the file may be larger than the host's
     * memory and hold more than 2^31 elements. Bound as an input, the file must exist and be long enough; bound as an
     * output, a new file is written under a temporary name and moved into place when the run succeeds (see
     * {@link FileHolder}). Strides let one variable of several records in a file be bound (a GrADS variable, say).
     *
     * <pre>{@code
     * nest.in("T", Holder.file(Path.of("t.f32"), ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
     *     .out("theta", Holder.file(Path.of("theta.f32"), ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0));
     * }</pre>
     *
     * @param path the file
     * @param type the element type
     * @param order the byte order of the elements in the file
     * @param offsetBytes the byte position of element {@code (0, …)}
     * @param strides the element stride of each index the array is bound with, in the binding's order; none for
     *     row-major
     * @return a holder over the file (nothing is opened until the array is bound)
     * @throws IllegalArgumentException if an argument is null or {@code offsetBytes < 0}
     */
    public static FileHolder file(Path path, ElementType type, ByteOrder order, long offsetBytes, long... strides) {
        return newFile(path, type, order, offsetBytes, strides, false);
    }

    /**
     * Like {@link #file}, but an output writes straight into the existing file, with no temporary name and no move: for
     * a file whose commit the caller owns (a {@link org.loopnest.format.netcdf.NetcdfWriter}'s temporary file, whose
     * header it wrote). A failed run leaves what it wrote so far in that file. As an input, the same as {@link #file}.
     *
     * @param path the existing file
     * @param type the element type
     * @param order the byte order of the elements in the file
     * @param offsetBytes the byte position of element {@code (0, …)}
     * @param strides the element stride of each index; none for row-major
     * @return a holder over the file
     * @throws IllegalArgumentException if an argument is null or {@code offsetBytes < 0}
     */
    public static FileHolder fileInPlace(Path path, ElementType type, ByteOrder order, long offsetBytes,
                                         long... strides) {
        return newFile(path, type, order, offsetBytes, strides, true);
    }

    private static FileHolder newFile(Path path, ElementType type, ByteOrder order, long offsetBytes, long[] strides,
                                      boolean inPlace) {
        if (path == null) {
            throw new IllegalArgumentException("file: path is null (expected: the file holding the array)");
        }
        if (type == null) {
            throw new IllegalArgumentException("file " + path + ": type is null (expected: FLOAT, DOUBLE, INT or LONG)");
        }
        if (order == null) {
            throw new IllegalArgumentException("file " + path + ": byte order is null (expected: "
                    + "ByteOrder.LITTLE_ENDIAN or BIG_ENDIAN)");
        }
        if (offsetBytes < 0) {
            throw new IllegalArgumentException("file " + path + ": offsetBytes = " + offsetBytes + " (expected: >= 0)");
        }
        long[] given = strides == null || strides.length == 0 ? null : strides.clone();
        return new FileHolder(path, type, order, offsetBytes, given, inPlace, null);
    }

    /**
     * An input array that lies in several files, one after the other along its index of largest stride (the time or
     * record index of a dataset kept as one file per day or per forecast step): file {@code k} holds
     * {@code parts.get(k).count()} entries of that index, from its byte {@code offsetBytes} on, with the same strides
     * as every other file (row-major over the bound shape when none are given). Read like {@link #file}: chunk by
     * chunk, a chunk that spans two files by positional reads from each; on the {@code cpu} device, a chunk's window
     * is mapped from its file, or read into memory when it spans two. Each file is checked when bound (exists,
     * readable, long enough); the counts must add up to the index' extent.
     *
     * <pre>{@code
     * nest.in("T", Holder.files(List.of(new FilePart(day1, 0, 24), new FilePart(day2, 0, 24)),
     *         ElementType.FLOAT, ByteOrder.BIG_ENDIAN));
     * }</pre>
     *
     * @param parts the files, in the order of the index they are joined along; at least one
     * @param type the element type
     * @param order the byte order of the elements in every file
     * @param strides the element stride of each index the array is bound with, in the binding's order, all
     *     {@code >= 0}; none for row-major
     * @return a holder over the files, bound as an input only
     * @throws IllegalArgumentException if an argument is null or {@code parts} is empty
     */
    public static FileHolder files(List<FilePart> parts, ElementType type, ByteOrder order, long... strides) {
        if (parts == null || parts.isEmpty() || parts.stream().anyMatch(p -> p == null)) {
            throw new IllegalArgumentException("files: parts is " + (parts == null ? "null" : parts.isEmpty()
                    ? "empty" : "holding null") + " (expected: one FilePart per file, in order)");
        }
        FilePart first = parts.get(0);
        FileHolder one = newFile(first.path(), type, order, first.offsetBytes(), strides, false);
        return new FileHolder(first.path(), type, order, first.offsetBytes(), one.isStrided() ? strides.clone() : null,
                false, List.copyOf(parts));
    }

    private static void checkBuffer(ByteBuffer buffer, ElementType type) {
        if (buffer == null) {
            throw new IllegalArgumentException("buffer is null (expected: a ByteBuffer holding the elements)");
        }
        if (type == null) {
            throw new IllegalArgumentException("type is null (expected: an ElementType, FLOAT, DOUBLE, INT or LONG)");
        }
    }

    private static void checkStrided(long offset, long[] strides) {
        if (offset < 0) {
            throw new IllegalArgumentException("strided: offset = " + offset + " (expected: >= 0)");
        }
        if (strides == null) {
            throw new IllegalArgumentException("strided: strides is null (expected: one element stride per index)");
        }
    }

    /** {@return the element type} */
    public abstract ElementType type();

    /** {@return the storage the holder wraps (the array, or the buffer), for identity checks such as aliasing} */
    public abstract Object storage();

    /**
     * Checks that this holder can hold an array of the given shape.
     *
     * @param what  how messages name the array, e.g. {@code in 'T'}
     * @param shape the extent of each index the array is bound with
     * @throws IllegalArgumentException naming {@code what}, the shape and what was found
     */
    abstract void check(String what, long[] shape, String shapeText);
}

package org.loopnest.examples.run;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FilePart;
import org.loopnest.data.Holder;

/**
 * An input array as its file lays it out: the loop indices it is indexed by in the file's order (outermost first),
 * the extent and element stride of each, the element type and byte order, and the byte offset of element
 * {@code (0, …)}. Made by {@link InputFiles#describe}; a raw file's extents are known only once the nest is
 * ({@link #resolve}).
 *
 * <p>Immutable.
 *
 * @param input       the option it comes from, for messages
 * @param file        the file that holds the elements (for GrADS, the data file)
 * @param indices     the loop indices, in the file's order, outermost first; empty for a raw file given none
 *                    (it is then indexed by every loop of the nest)
 * @param extents     each index's extent, or {@code -1} where the file does not say it (raw files)
 * @param strides     each index's element stride, or {@code null} for row-major over {@code extents}
 * @param type        the element type
 * @param order       the elements' byte order
 * @param offsetBytes the byte position of element {@code (0, …)}
 * @param exactSize   whether the file must hold exactly the elements (raw files), rather than at least them
 * @param unpacking   for an input to unpack before the run, how; {@code null} for one read in place. Until
 *                    {@link #unpackedInto} gives it its temporary file, {@code file} is the input's own
 * @param parts       for an input read in place from several files, each file's part ({@link Holder#files}; then
 *                    {@code file} and {@code offsetBytes} are the first's); {@code null} for one file
 */
public record FileArray(InputOption input, Path file, List<String> indices, long[] extents, long[] strides,
        ElementType type, ByteOrder order, long offsetBytes, boolean exactSize, Unpacking unpacking,
        List<FilePart> parts) {

    /** Copies the arrays and lists. */
    public FileArray {
        parts = parts == null ? null : List.copyOf(parts);
        indices = List.copyOf(indices);
        extents = extents.clone();
        strides = strides == null ? null : strides.clone();
    }

    /** {@return the array's name in the body} */
    public String name() {
        return input.name();
    }

    /** {@return the extent the file gives {@code index}, or -1 if it gives none} */
    public long extentOf(String index) {
        int at = indices.indexOf(index);
        return at < 0 ? -1 : extents[at];
    }

    /**
     * {@return this array with every extent and stride known from the nest} A raw file given no indices gets every
     * loop; a raw file must then hold exactly its elements.
     *
     * @param nest the nest's names and extents
     * @throws IllegalArgumentException naming the option, the file's size and the size expected
     */
    public FileArray resolve(NestShape nest) {
        List<String> names = indices.isEmpty() ? nest.names() : indices;
        long[] sizes = new long[names.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = nest.extentOf(names.get(i));
        }
        FileArray resolved = new FileArray(input, file, names, sizes, strides == null ? rowMajor(sizes) : strides,
                type, order, offsetBytes, exactSize, unpacking, parts);
        if (exactSize) {
            InputFiles.checkRawSize(resolved);
        }
        return resolved;
    }

    /**
     * {@return this array read from {@code unpacked}, the file its {@link #unpacking} wrote}
     *
     * @param unpacked the raw little-endian float file, row-major over the indices
     */
    public FileArray unpackedInto(Path unpacked) {
        return new FileArray(input, unpacked, indices, extents, rowMajor(extents), type, order, 0, false, null, null);
    }

    /** {@return the number of elements: the product of the extents} */
    public long elements() {
        long n = 1;
        for (long e : extents) {
            n = Math.multiplyExact(n, e);
        }
        return n;
    }

    /**
     * {@return the indices to bind the array with, in the nest's order} (a file's order may differ: the strides
     * follow the indices)
     *
     * @param nest the nest
     */
    public String[] bindIndices(NestShape nest) {
        return order(nest).stream().map(indices::get).toArray(String[]::new);
    }

    /**
     * {@return a file-backed holder over the array, its strides in the order of {@link #bindIndices}} Row-major
     * strides are left implicit.
     *
     * @param nest the nest, which must have been the one given to {@link #resolve}
     */
    public FileHolder holder(NestShape nest) {
        List<Integer> order = order(nest);
        long[] bound = new long[order.size()];
        long[] shape = new long[order.size()];
        for (int i = 0; i < bound.length; i++) {
            bound[i] = strides[order.get(i)];
            shape[i] = extents[order.get(i)];
        }
        if (parts != null) {
            return Holder.files(parts, type, order(), bound);
        }
        return Arrays.equals(bound, rowMajor(shape)) ? Holder.file(file, type, order(), offsetBytes)
                : Holder.file(file, type, order(), offsetBytes, bound);
    }

    /** Positions in {@link #indices} sorted by the nest's order. */
    private List<Integer> order(NestShape nest) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < indices.size(); i++) {
            positions.add(i);
        }
        positions.sort((a, b) -> Integer.compare(nest.names().indexOf(indices.get(a)),
                nest.names().indexOf(indices.get(b))));
        return positions;
    }

    /** {@return row-major element strides over {@code shape}} */
    static long[] rowMajor(long[] shape) {
        long[] strides = new long[shape.length];
        long s = 1;
        for (int m = shape.length - 1; m >= 0; m--) {
            strides[m] = s;
            s = Math.multiplyExact(s, Math.max(1, shape[m]));
        }
        return strides;
    }
}

package org.loopnest.internal.data;

import java.nio.file.Path;
import java.util.List;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FilePart;
import org.loopnest.data.Holder;

/**
 * Where each element position of a bound file-backed array lies: which of its files, and at which byte. An array
 * over one file ({@link Holder#file}) has one file, every position in it; an array over several
 * ({@link Holder#files}) splits its positions along its index of largest stride, file {@code k} holding the positions
 * from {@link #first(int) first(k)} to just before {@code first(k + 1)}. Positions are those of
 * {@link org.loopnest.data.LinearHolder}: {@code Σ a_m·stride_m} over the bound shape. Made by {@link #of}, for the
 * serializer's positional reads, the {@code cpu} device's mapped windows and the checks when an array is bound.
 *
 * <p>Immutable; thread-safe.
 */
public final class FileLayout {
    private final FileHolder holder;
    private final long[] shape;
    private final List<FilePart> parts;
    private final int along;
    private final long[] first;

    private FileLayout(FileHolder holder, long[] shape, List<FilePart> parts, int along, long[] first) {
        this.holder = holder;
        this.shape = shape.clone();
        this.parts = parts;
        this.along = along;
        this.first = first;
    }

    /**
     * {@return where each element position of {@code holder}, bound with {@code shape}, lies}
     *
     * @param holder the file-backed array
     * @param shape the extent of each index it is bound with, in the binding's order
     */
    public static FileLayout of(FileHolder holder, long[] shape) {
        if (!holder.spansFiles()) {
            return new FileLayout(holder, shape, null, -1, new long[] {0});
        }
        List<FilePart> parts = holder.parts();
        long[] strides = holder.strides(shape);
        int along = along(strides);
        long[] first = new long[parts.size()];
        long entries = 0;
        for (int k = 0; k < first.length; k++) {
            first[k] = entries * strides[along];
            entries += parts.get(k).count();
        }
        return new FileLayout(holder, shape, parts, along, first);
    }

    /**
     * {@return the index files are joined along: the one of largest stride (the first of them)}
     *
     * @param strides the strides of the indices, in the binding's order
     */
    public static int along(long[] strides) {
        int along = 0;
        for (int m = 1; m < strides.length; m++) {
            if (strides[m] > strides[along]) {
                along = m;
            }
        }
        return along;
    }

    /** {@return how many files the array lies in} */
    public int files() {
        return first.length;
    }

    /**
     * {@return file {@code k}}
     *
     * @param k the file's number, from 0
     */
    public Path path(int k) {
        return parts == null ? holder.path() : parts.get(k).path().toAbsolutePath().normalize();
    }

    /**
     * {@return the first position file {@code k} holds} ({@code Long.MIN_VALUE} for file 0: it holds every position
     * before file 1's)
     *
     * @param k the file's number
     */
    public long first(int k) {
        return k == 0 ? Long.MIN_VALUE : first[k];
    }

    /**
     * {@return the position just past those file {@code k} holds} ({@code Long.MAX_VALUE} for the last file)
     *
     * @param k the file's number
     */
    public long end(int k) {
        return k + 1 < first.length ? first[k + 1] : Long.MAX_VALUE;
    }

    /**
     * {@return the number of the file that holds {@code position}}
     *
     * @param position an element position
     */
    public int fileOf(long position) {
        int low = 0;
        int high = first.length - 1;
        while (low < high) { // the last k with first[k] <= position
            int k = (low + high + 1) >>> 1;
            if (first[k] <= position) {
                low = k;
            } else {
                high = k - 1;
            }
        }
        return low;
    }

    /**
     * {@return the byte of file {@code k} where {@code position} lies}
     *
     * @param k the file that holds it ({@link #fileOf})
     * @param position the element position
     */
    public long byteOf(int k, long position) {
        long offset = parts == null ? holder.offsetBytes() : parts.get(k).offsetBytes();
        return offset + (position - first[k]) * holder.type().bytes();
    }

    /**
     * {@return how many of the {@code count} positions {@code position + m·stride} from {@code m = 0} on lie in file
     * {@code k}, which holds the first of them} At least 1.
     *
     * @param k the file holding {@code position}
     * @param position the first position
     * @param stride the step between positions
     * @param count the most positions asked for
     */
    public int runWithin(int k, long position, long stride, int count) {
        if (stride == 0 || first.length == 1) {
            return count;
        }
        long bound = stride > 0 ? end(k) - position : position - first(k) + 1;
        long n = (bound + Math.abs(stride) - 1) / Math.abs(stride);
        return (int) Math.max(1, Math.min(count, n));
    }

    /**
     * {@return file {@code k} alone: a one-file holder over the entries it holds, with its own shape
     * ({@link #shape(int)})}
     *
     * @param k the file's number
     */
    public FileHolder single(int k) {
        if (parts == null) {
            return holder;
        }
        FilePart part = parts.get(k);
        return Holder.file(part.path(), holder.type(), holder.byteOrder(), part.offsetBytes(), holder.strides(shape));
    }

    /**
     * {@return the shape file {@code k}'s entries have: the bound shape with the concatenated index' extent replaced by
     * the file's count}
     *
     * @param k the file's number
     */
    public long[] shape(int k) {
        long[] own = shape.clone();
        if (parts != null) {
            own[along] = parts.get(k).count();
        }
        return own;
    }
}

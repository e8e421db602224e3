package org.loopnest.internal.data;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.BufferHolder;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FlatHolder;
import org.loopnest.data.Holder;
import org.loopnest.data.JaggedHolder;
import org.loopnest.data.Role;

/**
 * Refuses an output that shares memory with another binding or with itself, by the memory each binding actually
 * reaches: flat arrays by identity, jagged arrays by their primitive rows (an output row bound twice, or also
 * reached by any other binding), buffers by the byte ranges their elements span in one backing store (the same
 * heap array, or native memory), files by the byte ranges their elements span in the same file (told apart per
 * record for variables interleaved in one file).
 *
 * <p><b>Limits:</b> buffers are compared by the range from their lowest to their highest element, so two layouts
 * interleaved in one buffer count as overlapping. Java 17 has no public way to a direct buffer's address: there
 * (before JDK 22) two distinct direct buffer objects over the same memory, e.g. {@code b} and {@code b.duplicate()},
 * cannot be told apart from unrelated ones and are accepted; so is a read-only view of a heap buffer, which hides
 * its array. The same buffer object bound twice is always compared by its byte ranges. Stateless.
 */
public final class Overlap {
    private static final Object NATIVE_MEMORY = new Object();
    private static final String EXPECTED = " (expected: outputs distinct from inputs and from each other)";

    private Overlap() {
    }

    /**
     * Checks that {@code added} shares no memory with any of {@code bound} where one of the two is an output.
     *
     * @param added the binding being added
     * @param bound the bindings already in the nest
     * @throws IllegalArgumentException naming both bindings and where they overlap
     */
    public static void checkApart(ArrayBinding added, Iterable<ArrayBinding> bound) {
        List<Piece> mine = null;
        for (ArrayBinding other : bound) {
            if (added.role() != Role.OUT && other.role() != Role.OUT) {
                continue;
            }
            checkReplaced(added, other);
            checkReplaced(other, added);
            if (added.holder().storage() == other.holder().storage() && !(added.holder() instanceof BufferHolder)
                    && !(added.holder() instanceof FileHolder)) {
                throw new IllegalArgumentException(added + " is the same array as " + other + EXPECTED);
            }
            mine = mine == null ? pieces(added) : mine;
            Map<Object, List<Piece>> theirs = byStore(pieces(other));
            for (Piece p : mine) {
                for (Piece q : theirs.getOrDefault(p.store, List.of())) {
                    if (p.meets(q)) {
                        throw new IllegalArgumentException(added + " overlaps " + other + ": " + p.text(added)
                                + " of " + added + " and " + q.text(other) + " of " + other + " share memory"
                                + EXPECTED);
                    }
                }
            }
        }
    }

    /**
     * Refuses {@code other} on the file that {@code output} replaces with a new file when the run succeeds: an input
     * read from it, or an output written into it in place, would be lost with the old file. Outputs that both write new
     * files share the one new file.
     */
    private static void checkReplaced(ArrayBinding output, ArrayBinding other) {
        if (output.role() != Role.OUT || !(output.holder() instanceof FileHolder replaced) || replaced.writesInPlace()
                || !(other.holder() instanceof FileHolder file) || !file.paths().contains(replaced.path())) {
            return;
        }
        if (other.role() == Role.OUT && !file.writesInPlace()) {
            return;
        }
        throw new IllegalArgumentException(other + " uses file " + replaced.path() + ", which " + output
                + " replaces with a new file when the run succeeds (expected: another file, or Holder.fileInPlace for "
                + "an output that writes into the file it shares)");
    }

    /**
     * Checks that no primitive row of a jagged output is reached twice, as two iterations would write it.
     *
     * @throws IllegalArgumentException naming the two rows
     */
    public static void checkOwnRows(ArrayBinding output) {
        Map<Object, Piece> seen = new IdentityHashMap<>();
        for (Piece p : pieces(output)) {
            Piece before = seen.putIfAbsent(p.store, p);
            if (before != null && before.meets(p)) {
                throw new IllegalArgumentException(output + ": " + before.text(output) + " and " + p.text(output)
                        + " share memory (expected: distinct rows in an output, else two iterations write the same "
                        + "element)");
            }
        }
    }

    private static Map<Object, List<Piece>> byStore(List<Piece> pieces) {
        Map<Object, List<Piece>> map = new IdentityHashMap<>();
        for (Piece p : pieces) {
            map.computeIfAbsent(p.store, s -> new ArrayList<>(1)).add(p);
        }
        return map;
    }

    private static List<Piece> pieces(ArrayBinding binding) {
        Holder holder = binding.holder();
        if (holder instanceof FlatHolder flat) {
            return List.of(new Piece(flat.array(), 0, flat.capacity(), -1, "the array", 0, 0, 0));
        }
        if (holder instanceof JaggedHolder jagged) {
            return rows(jagged, binding.shape());
        }
        if (binding.elements() == 0) {
            return List.of();
        }
        if (holder instanceof FileHolder file) {
            FileLayout layout = FileLayout.of(file, binding.shape());
            List<Piece> pieces = new ArrayList<>(layout.files());
            for (int k = 0; k < layout.files(); k++) {
                pieces.add(fileBytes(layout.single(k), layout.shape(k)));
            }
            return pieces;
        }
        return List.of(bytes((BufferHolder) holder, binding.shape()));
    }

    /**
     * A file-backed array's bytes in its file; for a layout that repeats every {@code S} bytes along its largest stride
     * (one variable of the records of a GrADS file, say) also where in each period its bytes fall, so that variables
     * interleaved in one file are told apart.
     */
    private static Piece fileBytes(FileHolder file, long[] shape) {
        int size = file.type().bytes();
        long[] range = file.byteRange(shape);
        long from = range[0];
        long to = range[1];
        long[] strides = file.strides(shape);
        int widest = -1;
        for (int m = 0; m < shape.length; m++) {
            if (shape[m] > 1 && (widest < 0 || Math.abs(strides[m]) > Math.abs(strides[widest]))) {
                widest = m;
            }
        }
        long period = 0;
        long phase = 0;
        long reach = 0;
        if (widest >= 0) {
            long inner = size;
            for (int m = 0; m < shape.length; m++) {
                if (m != widest) {
                    inner += Math.abs(strides[m]) * (shape[m] - 1) * size;
                }
            }
            long s = Math.abs(strides[widest]) * size;
            if (inner <= s) {
                period = s;
                phase = Math.floorMod(from, s);
                reach = inner;
            }
        }
        return new Piece(file.storage(), from, to, -1, "bytes [" + from + ", " + to + ") of file " + file.path(),
                period, phase, reach);
    }

    private static List<Piece> rows(JaggedHolder jagged, long[] shape) {
        long rows = 1;
        for (int m = 0; m < shape.length - 1; m++) {
            rows *= shape[m];
        }
        List<Piece> pieces = new ArrayList<>();
        long[] prefix = new long[shape.length];
        for (long r = 0; r < rows; r++) {
            Object row = jagged.row(prefix);
            pieces.add(new Piece(row, 0, Array.getLength(row), r, null, 0, 0, 0));
            for (int m = shape.length - 2; m >= 0 && ++prefix[m] == shape[m]; m--) {
                prefix[m] = 0;
            }
        }
        return pieces;
    }

    private static Piece bytes(BufferHolder holder, long[] shape) {
        long[] span = HolderAccess.holders().span(holder, shape);
        int size = holder.type().bytes();
        ByteBuffer bytes = HolderAccess.holders().bytes(holder);
        Object store = holder.storage();
        long base = bytes.position();
        String kind = "buffer bytes";
        if (bytes.hasArray()) {
            store = bytes.array();
            base += bytes.arrayOffset();
            kind = "heap array bytes";
        } else {
            OptionalLong address = BufferAddress.of(bytes);
            if (address.isPresent()) {
                store = NATIVE_MEMORY;
                base = address.getAsLong();
                kind = "native bytes";
            }
        }
        long from = base + span[0] * size;
        long to = base + (span[1] + 1) * size;
        boolean hex = store == NATIVE_MEMORY;
        return new Piece(store, from, to, -1, kind + " [" + (hex ? "0x" + Long.toHexString(from) : from) + ", "
                + (hex ? "0x" + Long.toHexString(to) : to) + ")", 0, 0, 0);
    }

    /**
     * A range of one store; {@code row} numbers a jagged array's rows (row-major), else -1. A piece with a
     * {@code period} above 0 reaches, in each period of that many bytes, only {@code reach} bytes from {@code phase}.
     */
    private record Piece(Object store, long from, long to, long row, String what, long period, long phase, long reach) {
        boolean meets(Piece other) {
            if (store != other.store || from >= other.to || other.from >= to) {
                return false;
            }
            if (period == 0 || period != other.period) {
                return true;
            }
            long gap = Math.floorMod(other.phase - phase, period); // other's start, seen from mine, within a period
            return gap < reach || period - gap < other.reach;
        }

        String text(ArrayBinding binding) {
            if (row < 0) {
                return what;
            }
            long[] shape = binding.shape();
            StringBuilder path = new StringBuilder("row ");
            long rest = row;
            long[] index = new long[shape.length - 1];
            for (int m = index.length - 1; m >= 0; m--) {
                index[m] = rest % shape[m];
                rest /= shape[m];
            }
            for (long i : index) {
                path.append('[').append(i).append(']');
            }
            return path.toString();
        }
    }
}

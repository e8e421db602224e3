package org.loopnest.internal.serializer;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.internal.data.ElementCopier;
import org.loopnest.internal.data.FileOutputs;
import org.loopnest.data.JaggedHolder;
import org.loopnest.data.LinearHolder;
import org.loopnest.index.Split;

/**
 * Moves one array's elements for a range of outer iterations between the user's holder and its packed region,
 * row by row along the array's last index, merging rows that are adjacent on both sides into one copy (so a
 * row-major array indexed by every loop moves in one bulk copy per chunk). A file-backed array's rows are read and
 * written with positional file operations ({@link FileRows}), one per merged run, straight to and from the packed
 * bytes. One walk, one thread.
 */
final class RowWalker {
    private final Split split;
    private final Placement placement;
    private final Buffer packed;
    private final ByteBuffer packedBytes;
    private final FileOutputs files;
    private final ArrayBinding binding;
    private final int[] dims;
    private final long[] shape;
    private final LinearHolder linear;
    private final Buffer linearView;
    private final long[] strides;
    private final long[] index;
    private final int firstInner;
    private final int rowLength;

    private FileRows fileRows;
    private long runUser;
    private int runPacked;
    private int runLength;
    private boolean packing;

    RowWalker(Split split, Placement placement, ByteBuffer packedBytes, FileOutputs files) {
        this.files = files;
        this.split = split;
        this.placement = placement;
        this.packedBytes = packedBytes;
        this.packed = ElementCopier.typed(packedBytes, placement.binding().type());
        this.binding = placement.binding();
        this.dims = binding.dims();
        this.shape = binding.shape();
        this.index = new long[dims.length];
        this.firstInner = dims.length - placement.innerDims().length;
        boolean lastIsInner = placement.innerDims().length > 0;
        this.rowLength = lastIsInner ? (int) shape[dims.length - 1] : 1;
        if (binding.holder() instanceof LinearHolder l) {
            this.linear = l;
            this.linearView = l instanceof FileHolder ? null : l.typedView();
            this.strides = l.strides(shape);
        } else {
            this.linear = null;
            this.linearView = null;
            this.strides = null;
        }
    }

    /** Walks outer iterations {@code [firstOuter, firstOuter + outerCount)}; packs if {@code pack}, else unpacks. */
    void walk(long firstOuter, long outerCount, boolean pack) {
        this.packing = pack;
        long slab = placement.slabElements();
        if (slab == 0 || rowLength == 0) {
            return;
        }
        if (linear instanceof FileHolder) {
            try (FileRows rows = new FileRows(binding, packedBytes, !pack, files)) {
                fileRows = rows;
                walkSlabs(firstOuter, outerCount, slab);
            } finally {
                fileRows = null;
            }
            return;
        }
        walkSlabs(firstOuter, outerCount, slab);
    }

    private void walkSlabs(long firstOuter, long outerCount, long slab) {
        long rowsPerSlab = slab / rowLength;
        int region = placement.regionElement();
        for (long e = 0; e < outerCount; e++) {
            for (int m = 0; m < firstInner; m++) {
                index[m] = split.outerIndex(firstOuter + e, dims[m]);
            }
            for (int m = firstInner; m < dims.length; m++) {
                index[m] = 0;
            }
            long slabStart = region + e * slab;
            for (long row = 0; row < rowsPerSlab; row++) {
                copyRow((int) (slabStart + row * rowLength));
                nextRow();
            }
        }
        flush();
    }

    /** Advances the inner indices (all but the last, which runs along the row) to the next row. */
    private void nextRow() {
        int last = rowLength == 1 && firstInner == dims.length ? dims.length : dims.length - 1;
        for (int m = last - 1; m >= firstInner; m--) {
            if (++index[m] < shape[m]) {
                return;
            }
            index[m] = 0;
        }
    }

    private void copyRow(int packedPosition) {
        if (linear == null) {
            flush();
            Object row = ((JaggedHolder) binding.holder()).row(index);
            int column = (int) index[dims.length - 1];
            move(ElementCopier.wrap(row), column, 1, packedPosition, rowLength);
            return;
        }
        long position = linear.offset();
        for (int m = 0; m < dims.length; m++) {
            position += index[m] * strides[m];
        }
        long step = dims.length == 0 ? 1 : strides[dims.length - 1]; // a level of a column array may use no loop
        if (rowLength == 1 || step == 1) {
            if (runLength > 0 && runUser + runLength == position && runPacked + runLength == packedPosition) {
                runLength += rowLength;
                return;
            }
            flush();
            runUser = position;
            runPacked = packedPosition;
            runLength = rowLength;
            return;
        }
        flush();
        moveLinear(position, step, packedPosition, rowLength);
    }

    private void flush() {
        if (runLength > 0) {
            moveLinear(runUser, 1, runPacked, runLength);
            runLength = 0;
        }
    }

    private void moveLinear(long userPosition, long userStride, int packedPosition, int count) {
        if (fileRows == null) {
            move(linearView, (int) userPosition, (int) userStride, packedPosition, count);
        } else if (packing) {
            fileRows.read(userPosition, userStride, packedPosition, count);
        } else {
            fileRows.write(userPosition, userStride, packedPosition, count);
        }
    }

    private void move(Buffer user, int userPosition, int userStride, int packedPosition, int count) {
        if (packing) {
            ElementCopier.copy(user, userPosition, userStride, packed, packedPosition, 1, count);
        } else {
            ElementCopier.copy(packed, packedPosition, 1, user, userPosition, userStride, count);
        }
    }

}

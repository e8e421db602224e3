package org.loopnest.format.grads;

import java.util.List;

/**
 * Where each x·y record lies in a GrADS data file (the byte layout drawn in this package's documentation); long
 * arithmetic throughout, a layout past 2^63 bytes refused when made, so no offset overflows. Immutable.
 */
final class GradsLayout {
    /** The size of one Fortran record marker, before and after each record of a {@code sequential} file. */
    static final int MARKER_BYTES = 4;
    /** The size of one grid value: a 4-byte IEEE float. */
    static final int VALUE_BYTES = Float.BYTES;

    private final long gridBytes;
    private final long recordStride;
    private final long dataStart;
    private final long[] firstRecord;
    private final long stepBytes;
    private final int steps;

    /**
     * Lays out the records.
     *
     * @throws IllegalArgumentException when the data file described would hold 2^63 bytes or more
     */
    GradsLayout(GradsAxis x, GradsAxis y, int steps, List<GradsVariable> variables, boolean sequential) {
        this.gridBytes = (long) x.size() * y.size() * VALUE_BYTES; // below 2^62: sizes are below 2^31
        this.recordStride = gridBytes + (sequential ? 2L * MARKER_BYTES : 0);
        this.dataStart = sequential ? MARKER_BYTES : 0;
        this.firstRecord = new long[variables.size()];
        long records = 0;
        for (int v = 0; v < variables.size(); v++) {
            firstRecord[v] = records;
            records += variables.get(v).records();
        }
        try {
            this.stepBytes = Math.multiplyExact(records, recordStride);
            Math.multiplyExact(stepBytes, (long) steps);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(steps + " times × " + records + " records × " + recordStride
                    + " bytes: a data file of 2^63 bytes or more (expected: a size a file can have)");
        }
        this.steps = steps;
    }

    long gridBytes() {
        return gridBytes;
    }

    long stepBytes() {
        return stepBytes;
    }

    long fileBytes() {
        return steps * stepBytes;
    }

    /** The offset of variable number {@code v}'s grid at time {@code t}, level {@code z}; indices already checked. */
    long offset(int v, int t, int z) {
        return t * stepBytes + (firstRecord[v] + z) * recordStride + dataStart;
    }
}

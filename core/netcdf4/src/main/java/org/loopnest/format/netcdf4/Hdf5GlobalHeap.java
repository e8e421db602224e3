package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

/**
 * One global heap collection holding object references, where the variable-length {@code DIMENSION_LIST} elements
 * keep their contents: object {@code i + 1} is the 8-byte address {@code references[i]}; the rest of the collection
 * (at least {@link Hdf5Layout#GLOBAL_HEAP_MIN_SIZE} bytes in all, as readers load that much) is free-space object 0.
 * Stateless.
 */
final class Hdf5GlobalHeap {
    private static final int OBJECT_SIZE = HEAP_OBJECT_HEADER_SIZE + ADDRESS_SIZE;

    private Hdf5GlobalHeap() {
    }

    /** The collection's size for {@code objects} references. */
    static int size(int objects) {
        if (objects > MAX_HEAP_OBJECTS) {
            throw new IllegalStateException(objects + " dimension references (expected: at most " + MAX_HEAP_OBJECTS
                    + ", one global heap collection)");
        }
        return Math.max(GLOBAL_HEAP_MIN_SIZE, GLOBAL_HEAP_HEADER_SIZE + objects * OBJECT_SIZE
                + HEAP_OBJECT_HEADER_SIZE);
    }

    static byte[] encode(long[] references) {
        int size = size(references.length);
        Hdf5Bytes b = new Hdf5Bytes().bytes(GLOBAL_HEAP).u8(1).zeros(3).u64(size);
        for (int i = 0; i < references.length; i++) {
            b.u16(i + 1).u16(0).u32(0).u64(ADDRESS_SIZE).u64(references[i]);
        }
        int free = size - b.size();
        b.u16(0).u16(0).u32(0).u64(free);
        return b.zeros(size - b.size()).toArray();
    }
}

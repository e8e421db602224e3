package org.loopnest.format.netcdf4;

import java.util.Arrays;

/**
 * A growable little-endian byte buffer for HDF5 metadata (object headers, B-tree nodes, heaps): HDF5 numbers are
 * little-endian. Not thread-safe; each instance belongs to the code building one structure.
 */
final class Hdf5Bytes {
    private byte[] bytes = new byte[256];
    private int size;

    Hdf5Bytes u8(int v) {
        ensure(1);
        bytes[size++] = (byte) v;
        return this;
    }

    Hdf5Bytes u16(int v) {
        return u8(v).u8(v >>> 8);
    }

    Hdf5Bytes u32(long v) {
        return u16((int) v).u16((int) (v >>> 16));
    }

    Hdf5Bytes u64(long v) {
        return u32(v).u32(v >>> 32);
    }

    Hdf5Bytes bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
        return this;
    }

    Hdf5Bytes zeros(int n) {
        ensure(n);
        size += n; // the array is zeroed where it was never written
        return this;
    }

    /** Overwrites 4 bytes at {@code at} (which must have been written). */
    void u32At(int at, long v) {
        for (int i = 0; i < 4; i++) {
            bytes[at + i] = (byte) (v >>> (8 * i));
        }
    }

    int size() {
        return size;
    }

    byte[] toArray() {
        return Arrays.copyOf(bytes, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}

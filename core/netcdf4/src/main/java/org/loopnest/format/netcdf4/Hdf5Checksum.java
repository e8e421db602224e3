package org.loopnest.format.netcdf4;

import java.util.Arrays;

/**
 * The checksum of HDF5 metadata (version 2 superblocks and object headers): Bob Jenkins' lookup3 hash
 * ({@code hashlittle}) with an initial value of 0, over bytes taken in groups of 12 as three little-endian words
 * {@code a, b, c}. Stateless.
 */
final class Hdf5Checksum {
    /** The rotations of lookup3's {@code mix} steps (word i of {a, b, c} from the one two after it). */
    private static final int[] MIX = {4, 6, 8, 16, 19, 4};
    /** The rotations of lookup3's {@code final} steps (word c, a, b, c, … from the one before it). */
    private static final int[] FINAL = {14, 11, 25, 16, 4, 14, 24};

    private Hdf5Checksum() {
    }

    /** The checksum of {@code length} bytes of {@code data} from 0. */
    static int of(byte[] data, int length) {
        int[] w = new int[3];
        Arrays.fill(w, 0xdeadbeef + length);
        int at = 0;
        for (; length - at > 12; at += 12) {
            add(w, data, at, 12);
            for (int i = 0; i < MIX.length; i++) {
                int x = i % 3;
                int y = (i + 2) % 3;
                w[x] -= w[y];
                w[x] ^= Integer.rotateLeft(w[y], MIX[i]);
                w[y] += w[(i + 1) % 3];
            }
        }
        if (length - at == 0) {
            return w[2];
        }
        add(w, data, at, length - at);
        for (int i = 0; i < FINAL.length; i++) {
            int x = (i + 2) % 3;
            int y = (i + 1) % 3;
            w[x] ^= w[y];
            w[x] -= Integer.rotateLeft(w[y], FINAL[i]);
        }
        return w[2];
    }

    /** Adds up to 12 bytes from {@code at} to the words, little-endian (missing bytes are 0). */
    private static void add(int[] w, byte[] data, int at, int n) {
        for (int i = 0; i < n; i++) {
            w[i / 4] += (data[at + i] & 0xFF) << (8 * (i % 4));
        }
    }
}

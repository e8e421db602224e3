package org.loopnest.format.netcdf4;

/**
 * HDF5's Fletcher32 checksum filter (filter id 3), read side: the last 4 bytes of a chunk are the checksum of the
 * bytes before them, stored little-endian; a chunk passes when it matches either the checksum or the pair-swapped
 * value HDF5 wrote before 1.6.3 (the HDF5 library accepts both). The checksum is HDF5's {@code H5_checksum_fletcher32}:
 * Fletcher's sums over big-endian 16-bit words (a last odd byte as the high byte of a word), both sums folded to 16
 * bits every 360 words and at the end, {@code sum2 << 16 | sum1}. Stateless.
 */
final class Fletcher32 {
    /** The bytes the checksum adds to a chunk. */
    static final int LENGTH = 4;

    private Fletcher32() {
    }

    /** HDF5's Fletcher32 checksum of {@code data[0, length)}. */
    static int checksum(byte[] data, int length) {
        long sum1 = 0;
        long sum2 = 0;
        int words = length / 2;
        int at = 0;
        while (words > 0) {
            int block = Math.min(words, 360);
            words -= block;
            for (int i = 0; i < block; i++, at += 2) {
                sum1 += ((data[at] & 0xFF) << 8) | (data[at + 1] & 0xFF);
                sum2 += sum1;
            }
            sum1 = (sum1 & 0xFFFF) + (sum1 >>> 16);
            sum2 = (sum2 & 0xFFFF) + (sum2 >>> 16);
        }
        if (length % 2 != 0) {
            sum1 += (data[at] & 0xFF) << 8;
            sum2 += sum1;
            sum1 = (sum1 & 0xFFFF) + (sum1 >>> 16);
            sum2 = (sum2 & 0xFFFF) + (sum2 >>> 16);
        }
        sum1 = (sum1 & 0xFFFF) + (sum1 >>> 16);
        sum2 = (sum2 & 0xFFFF) + (sum2 >>> 16);
        return (int) ((sum2 << 16) | (sum1 & 0xFFFF));
    }

    /**
     * Checks a chunk that ends in its checksum.
     *
     * @return the length of the data without the checksum
     * @throws ChunkDamage if the chunk is shorter than a checksum or the checksum does not match
     */
    static int verify(byte[] chunk, int length) {
        if (length < LENGTH) {
            throw new ChunkDamage("its " + length + " bytes are too few for a Fletcher32 checksum (expected: at least "
                    + LENGTH + ")");
        }
        int data = length - LENGTH;
        int stored = (chunk[data] & 0xFF) | (chunk[data + 1] & 0xFF) << 8 | (chunk[data + 2] & 0xFF) << 16
                | (chunk[data + 3] & 0xFF) << 24;
        int computed = checksum(chunk, data);
        int swapped = ((computed & 0x00FF00FF) << 8) | ((computed >>> 8) & 0x00FF00FF);
        if (stored != computed && stored != swapped) {
            throw new ChunkDamage(String.format("data error detected by its Fletcher32 checksum (stored 0x%08x, "
                    + "computed 0x%08x; expected: equal: is the file damaged?)", stored, computed));
        }
        return data;
    }
}

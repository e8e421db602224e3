package org.loopnest.format.netcdf4;

import io.jhdf.checksum.ChecksumUtils;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The checksummed metadata blocks of an HDF5 file (a version-2 superblock, version-2 object headers, {@code OHDR},
 * and their continuation blocks, {@code OCHK}), so that a test can change a byte of metadata and re-seal its block: without it
 * jHDF's checksum check refuses every changed header before LoopNest's own checks see it (a file written by an older
 * library, with version-1 headers, has no such checksums).
 */
final class Hdf5Blocks {
    /** A block {@code [start, end)} whose last 4 bytes are the Jenkins lookup3 checksum of the rest. */
    record Block(int start, int end) {
    }

    private final List<Block> blocks = new ArrayList<>();

    /** Finds the blocks of a valid file (8-byte addresses and lengths, as netCDF writes). */
    Hdf5Blocks(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        if (file.length > 48 && (file[8] == 2 || file[8] == 3)) {
            add(file, 0, 48); // superblock version 2 or 3, 8-byte addresses: its checksum ends it
        }
        for (int at = 0; at + 8 <= file.length; at++) {
            if (signature(file, at, "OHDR") && file[at + 4] == 2) {
                int flags = file[at + 5] & 0xFF;
                int header = 6 + ((flags & 0x20) != 0 ? 16 : 0) + ((flags & 0x10) != 0 ? 4 : 0);
                int width = 1 << (flags & 3);
                long size = width == 1 ? b.get(at + header) & 0xFF : width == 2 ? b.getShort(at + header) & 0xFFFF
                        : width == 4 ? b.getInt(at + header) & 0xFFFF_FFFFL : b.getLong(at + header);
                add(file, at, at + header + width + size + 4);
            } else if (signature(file, at, "OCHK")) {
                for (int c = 0; c + 16 <= file.length; c++) { // the continuation message: address, then length
                    if (b.getLong(c) == at) {
                        add(file, at, at + b.getLong(c + 8));
                    }
                }
            }
        }
    }

    private void add(byte[] file, int start, long end) {
        if (end > start + 8 && end <= file.length && blocks.stream().noneMatch(k -> k.start() == start)
                && ChecksumUtils.checksum(slice(file, start, (int) end - 4)) == ByteBuffer.wrap(file, (int) end - 4, 4)
                        .order(ByteOrder.LITTLE_ENDIAN).getInt()) {
            blocks.add(new Block(start, (int) end));
        }
    }

    /** The blocks found. */
    List<Block> all() {
        return blocks;
    }

    /** Re-seals every block of {@code mutated} that contains a byte in {@code [from, to)}. */
    void reseal(byte[] mutated, int from, int to) {
        for (Block k : blocks) {
            if (from < k.end() - 4 && to > k.start()) {
                ByteBuffer.wrap(mutated, k.end() - 4, 4).order(ByteOrder.LITTLE_ENDIAN)
                        .putInt(ChecksumUtils.checksum(slice(mutated, k.start(), k.end() - 4)));
            }
        }
    }

    private static byte[] slice(byte[] file, int from, int to) {
        return java.util.Arrays.copyOfRange(file, from, to);
    }

    private static boolean signature(byte[] file, int at, String s) {
        return file[at] == s.charAt(0) && file[at + 1] == s.charAt(1) && file[at + 2] == s.charAt(2)
                && file[at + 3] == s.charAt(3);
    }
}

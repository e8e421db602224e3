package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where a chunked variable's chunks lie: its HDF5 version-1 B-tree of raw data chunks (data layout messages 1 to 3,
 * which every netCDF-4 file uses), walked by LoopNest rather than by jHDF so that a damaged tree is refused, not
 * followed: a node must be a {@code TREE} node of type 1 inside the file, each child one level below its parent (so
 * the walk ends: no node is its own descendant, the depth is at most {@link #MAX_LEVEL} + 1) and reached once; each
 * chunk must lie inside the file, start on the chunk grid inside the variable's extent, appear once, name only filters
 * the variable has in its mask, and, without filters, hold exactly one chunk's bytes. Node sizes are bounded by the
 * file's length before anything is allocated. Immutable once read; safe to share between threads.
 *
 * <p>Format: HDF5 specification, "Version 1 B-trees": signature {@code TREE}, node type, level, entries used (2
 * bytes), left and right sibling addresses, then keys and children alternating; a chunk key is its stored size (4
 * bytes), filter mask (4), and its offset in elements along each axis plus a 0 for the element (8 bytes each).
 */
final class ChunkIndex {
    /** The deepest root level accepted (a tree of 64-entry nodes this deep would index more chunks than exist). */
    static final int MAX_LEVEL = 32;

    /** One chunk: its absolute offset in the file, its stored size and its filter mask. */
    record Chunk(long address, int size, int filterMask) {
    }

    /** A chunk's first element, as a map key. */
    private record Corner(long[] at) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Corner c && Arrays.equals(at, c.at);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(at);
        }
    }

    private final Map<Corner, Chunk> chunks;

    private ChunkIndex(Map<Corner, Chunk> chunks) {
        this.chunks = chunks;
    }

    /** An index without chunks (the tree's address is undefined: nothing was written). */
    static ChunkIndex empty() {
        return new ChunkIndex(Map.of());
    }

    /** The chunk whose first element is {@code corner}, or null when the file has none there (the fill value). */
    Chunk find(long[] corner) {
        return chunks.get(new Corner(corner));
    }

    /** How many chunks the file holds. */
    int size() {
        return chunks.size();
    }

    /** The parts of a variable the index is checked against. */
    record Shape(long[] shape, int[] chunk, int chunkBytes, int filters) {
    }

    /**
     * Reads and checks a tree.
     *
     * @param base        the file offset HDF5 addresses count from (the user block's size)
     * @param root        the root node's address
     * @param offsetSize  the file's size of addresses (the superblock's "size of offsets": 2, 4 or 8)
     * @throws ChunkDamage saying what does not fit
     */
    static ChunkIndex read(FileChannel file, long base, long root, int offsetSize, Shape v) throws IOException {
        long fileSize = file.size();
        int rank = v.shape().length;
        int keySize = 8 + 8 * (rank + 1);
        Map<Corner, Chunk> chunks = new HashMap<>();
        Set<Long> visited = new HashSet<>();
        Deque<long[]> pending = new ArrayDeque<>(); // {address, expected level or -1 for the root}
        pending.push(new long[] {root, -1});
        while (!pending.isEmpty()) {
            long[] next = pending.pop();
            long address = next[0];
            long at = at(address, base, fileSize, "a chunk index node");
            if (!visited.add(address)) {
                throw new ChunkDamage("its chunk index node at byte " + at + " is reached twice (expected: a tree, "
                        + "each node below one parent)");
            }
            int headerSize = 8 + 2 * offsetSize;
            ByteBuffer header = read(file, at, headerSize, fileSize, "chunk index node");
            if (header.get() != 'T' || header.get() != 'R' || header.get() != 'E' || header.get() != 'E') {
                throw new ChunkDamage("no chunk index node at byte " + at + " (expected: the signature TREE)");
            }
            int type = header.get() & 0xFF;
            int level = header.get() & 0xFF;
            int entries = header.getShort() & 0xFFFF;
            if (type != 1) {
                throw new ChunkDamage("its chunk index node at byte " + at + " has type " + type
                        + " (expected: 1, raw data chunks)");
            }
            if (next[1] < 0 ? level > MAX_LEVEL : level != next[1]) {
                throw new ChunkDamage("its chunk index node at byte " + at + " has level " + level + " (expected: "
                        + (next[1] < 0 ? "at most " + MAX_LEVEL : next[1] + ", one below its parent's") + ")");
            }
            long bytes = (long) entries * (keySize + offsetSize) + keySize;
            ByteBuffer body = read(file, at + headerSize, bytes, fileSize, "chunk index node");
            for (int i = 0; i < entries; i++) {
                int entry = i * (keySize + offsetSize);
                long child = address(body, entry + keySize, offsetSize);
                if (level > 0) {
                    pending.push(new long[] {child, level - 1});
                } else {
                    chunk(body, entry, child, base, fileSize, v, at, chunks);
                }
            }
        }
        return new ChunkIndex(chunks);
    }

    private static void chunk(ByteBuffer body, int entry, long child, long base, long fileSize, Shape v, long node,
            Map<Corner, Chunk> chunks) {
        long size = body.getInt(entry) & 0xFFFF_FFFFL;
        int mask = body.getInt(entry + 4);
        int rank = v.shape().length;
        long[] corner = new long[rank];
        for (int j = 0; j <= rank; j++) {
            long o = body.getLong(entry + 8 + 8 * j);
            if (j == rank) {
                if (o != 0) {
                    throw new ChunkDamage("a chunk in its index node at byte " + node + " has element offset "
                            + Long.toUnsignedString(o) + " (expected: 0)");
                }
            } else if (o < 0 || o % v.chunk()[j] != 0 || o >= v.shape()[j]) {
                throw new ChunkDamage("a chunk in its index node at byte " + node + " starts at "
                        + offsets(body, entry, rank) + ", off its chunk grid " + Arrays.toString(v.chunk())
                        + " or outside its shape " + Arrays.toString(v.shape()) + " (expected: multiples of the "
                        + "chunk's lengths, inside the shape)");
            } else {
                corner[j] = o;
            }
        }
        String which = "its chunk at " + Arrays.toString(corner);
        if (size == 0 || size > fileSize || size > Layout.MAX_CHUNK_BYTES) {
            throw new ChunkDamage(which + " claims " + size + " bytes, the file has " + fileSize
                    + " (expected: a size inside the file)");
        }
        long at = at(child, base, fileSize, which);
        if (at > fileSize - size) {
            throw new ChunkDamage(which + " lies at bytes " + at + " to " + (at + size) + ", past the end of the file ("
                    + fileSize + " bytes) (expected: inside the file)");
        }
        if (v.filters() < 32 && (mask >>> v.filters()) != 0) {
            throw new ChunkDamage(which + " has filter mask 0x" + Integer.toHexString(mask) + " (expected: bits for "
                    + "its " + v.filters() + " filters only)");
        }
        if (v.filters() == 0 && size != v.chunkBytes()) {
            throw new ChunkDamage(which + " holds " + size + " bytes (expected: " + v.chunkBytes()
                    + ", one unfiltered chunk)");
        }
        if (chunks.put(new Corner(corner), new Chunk(at, (int) size, mask)) != null) {
            throw new ChunkDamage(which + " is listed twice in its index (expected: once)");
        }
    }

    private static String offsets(ByteBuffer body, int entry, int rank) {
        StringBuilder s = new StringBuilder("[");
        for (int j = 0; j < rank; j++) {
            s.append(j == 0 ? "" : ", ").append(Long.toUnsignedString(body.getLong(entry + 8 + 8 * j)));
        }
        return s.append(']').toString();
    }

    /** An HDF5 address as an absolute file offset, which must lie inside the file. */
    private static long at(long address, long base, long fileSize, String what) {
        if (address < 0 || address >= fileSize - base) {
            throw new ChunkDamage(what + " is at address " + Long.toUnsignedString(address) + ", past the end of the "
                    + "file (" + fileSize + " bytes) (expected: an address inside the file)");
        }
        return base + address;
    }

    private static long address(ByteBuffer b, int at, int size) {
        return switch (size) {
            case 2 -> b.getShort(at) & 0xFFFFL;
            case 4 -> b.getInt(at) & 0xFFFF_FFFFL;
            default -> b.getLong(at);
        };
    }

    private static ByteBuffer read(FileChannel file, long at, long length, long fileSize, String what)
            throws IOException {
        if (length > fileSize - at) {
            throw new ChunkDamage("its " + what + " at byte " + at + " needs " + length + " bytes, the file ends at byte "
                    + fileSize + " (expected: a complete " + what + ")");
        }
        ByteBuffer b = ByteBuffer.allocate((int) length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (file.read(b, at + b.position()) < 0) {
                throw new ChunkDamage("its " + what + " at byte " + at + " is cut short by the file's end (expected: "
                        + length + " bytes)");
            }
        }
        return b.flip();
    }

    /** Reads a chunk's stored bytes (bounded by the file's length when the index was read). */
    static byte[] stored(FileChannel file, Chunk c) throws IOException {
        return read(file, c.address(), c.size(), Long.MAX_VALUE, "chunk").array();
    }
}

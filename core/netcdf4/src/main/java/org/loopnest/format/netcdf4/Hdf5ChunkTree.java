package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the version 1 B-tree that indexes a chunked dataset's chunks, bottom up: leaves of at most
 * {@link Hdf5Layout#TREE_ENTRIES} chunks in row-major order of their first element, then parents over them until one
 * root remains. A key is a chunk's stored size, filter mask (0), first element along each axis and 0 for the element;
 * the last key lies past the last chunk (its first axis one chunk on, its element offset the element size, as the
 * HDF5 library writes it). Every node is written at its full size (2K entries) because readers load it whole.
 * Stateless.
 */
final class Hdf5ChunkTree {
    /** One stored chunk: its first element along each axis, where it lies and its stored size. */
    record Chunk(long[] origin, long address, int size) {
    }

    /** The end of the file, where bytes are appended. */
    interface Sink {
        /** The address the next append gets. */
        long end();

        /** Appends bytes; returns their address. */
        long append(byte[] bytes) throws IOException;
    }

    private record Node(long address, byte[] firstKey) {
    }

    private Hdf5ChunkTree() {
    }

    /**
     * Writes the tree.
     *
     * @param chunks the chunks, sorted by origin (row-major), at least one
     * @return the root node's address
     */
    static long write(Sink sink, List<Chunk> chunks, int[] chunkShape, int elementSize) throws IOException {
        int rank = chunkShape.length;
        Chunk last = chunks.get(chunks.size() - 1);
        long[] end = last.origin().clone();
        end[0] += chunkShape[0];
        byte[] lastKey = key(0, end, elementSize);
        List<byte[]> keys = new ArrayList<>();
        List<Long> children = new ArrayList<>();
        for (Chunk c : chunks) {
            keys.add(key(c.size(), c.origin(), 0));
            children.add(c.address());
        }
        int level = 0;
        while (true) {
            List<Node> nodes = new ArrayList<>();
            int count = (keys.size() + TREE_ENTRIES - 1) / TREE_ENTRIES;
            long nodeSize = TREE_HEADER_SIZE + (TREE_ENTRIES + 1L) * keySize(rank) + (long) TREE_ENTRIES * ADDRESS_SIZE;
            long first = sink.end();
            for (int n = 0; n < count; n++) {
                int from = n * TREE_ENTRIES;
                int to = Math.min(from + TREE_ENTRIES, keys.size());
                Hdf5Bytes b = new Hdf5Bytes().bytes(TREE).u8(TREE_CHUNKS).u8(level).u16(to - from);
                b.u64(n == 0 ? UNDEFINED : first + (n - 1) * nodeSize);
                b.u64(n == count - 1 ? UNDEFINED : first + (n + 1) * nodeSize);
                for (int i = from; i < to; i++) {
                    b.bytes(keys.get(i)).u64(children.get(i));
                }
                b.bytes(to < keys.size() ? keys.get(to) : lastKey);
                b.zeros((int) (nodeSize - b.size()));
                nodes.add(new Node(sink.append(b.toArray()), keys.get(from)));
            }
            if (nodes.size() == 1) {
                return nodes.get(0).address();
            }
            keys.clear();
            children.clear();
            for (Node node : nodes) {
                keys.add(node.firstKey());
                children.add(node.address());
            }
            level++;
        }
    }

    private static int keySize(int rank) {
        return 8 + 8 * (rank + 1);
    }

    private static byte[] key(int size, long[] origin, int elementOffset) {
        Hdf5Bytes b = new Hdf5Bytes().u32(size).u32(0);
        for (long o : origin) {
            b.u64(o);
        }
        return b.u64(elementOffset).toArray();
    }
}

package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.io.IOException;

/**
 * Writes the version 1 B-tree that indexes a chunked dataset's chunks, bottom up: leaves of at most
 * {@link Hdf5Layout#TREE_ENTRIES} chunks in row-major order of their first element, then parents over them until one
 * root remains. A key is a chunk's stored size, filter mask (0), first element along each axis and 0 for the element;
 * the last key lies past the last chunk (its first axis one chunk on, its element offset the element size, as the
 * HDF5 library writes it). Every node is written at its full size (2K entries) because readers load it whole.
 * Stateless.
 */
final class Hdf5ChunkTree {
    /** The stored chunks of a dataset, sorted by origin (row-major), numbered from 0. */
    interface Chunks {
        /** How many chunks there are. */
        int count();

        /** Writes chunk {@code i}'s first element along each axis into {@code origin}. */
        void origin(int i, long[] origin);

        /** Where chunk {@code i} lies. */
        long address(int i);

        /** Chunk {@code i}'s stored size in bytes. */
        int size(int i);
    }

    /** The end of the file, where bytes are appended. */
    interface Sink {
        /** The address the next append gets. */
        long end();

        /** Appends bytes; returns their address. */
        default long append(byte[] bytes) throws IOException {
            return append(bytes, bytes.length);
        }

        /** Appends the first {@code length} bytes; returns their address. */
        long append(byte[] bytes, int length) throws IOException;
    }

    private Hdf5ChunkTree() {
    }

    /**
     * Writes the tree. Memory: the nodes above the leaves (one entry per 64 chunks) and one node's bytes.
     *
     * @param chunks the chunks, sorted by origin (row-major), at least one
     * @return the root node's address
     */
    static long write(Sink sink, Chunks chunks, int[] chunkShape, int elementSize) throws IOException {
        int rank = chunkShape.length;
        long[] origin = new long[rank];
        long nodeSize = TREE_HEADER_SIZE + (TREE_ENTRIES + 1L) * keySize(rank) + (long) TREE_ENTRIES * ADDRESS_SIZE;
        int entries = chunks.count();
        int[] firstChunk = null; // above the leaves: each entry's first chunk, whose key is the entry's key
        long[] children = null;  // above the leaves: each entry's node
        for (int level = 0; ; level++) {
            int count = (entries + TREE_ENTRIES - 1) / TREE_ENTRIES;
            int[] nodeFirst = new int[count];
            long[] nodeAddress = new long[count];
            long first = sink.end();
            for (int n = 0; n < count; n++) {
                int from = n * TREE_ENTRIES;
                int to = Math.min(from + TREE_ENTRIES, entries);
                Hdf5Bytes b = new Hdf5Bytes().bytes(TREE).u8(TREE_CHUNKS).u8(level).u16(to - from);
                b.u64(n == 0 ? UNDEFINED : first + (n - 1) * nodeSize);
                b.u64(n == count - 1 ? UNDEFINED : first + (n + 1) * nodeSize);
                for (int i = from; i < to; i++) {
                    key(b, chunks, firstChunk == null ? i : firstChunk[i], origin);
                    b.u64(children == null ? chunks.address(i) : children[i]);
                }
                if (to < entries) {
                    key(b, chunks, firstChunk == null ? to : firstChunk[to], origin);
                } else { // past the last chunk: its first axis one chunk on, as the HDF5 library writes it
                    chunks.origin(chunks.count() - 1, origin);
                    origin[0] += chunkShape[0];
                    b.u32(0).u32(0);
                    for (long o : origin) {
                        b.u64(o);
                    }
                    b.u64(elementSize);
                }
                b.zeros((int) (nodeSize - b.size()));
                nodeFirst[n] = firstChunk == null ? from : firstChunk[from];
                nodeAddress[n] = sink.append(b.toArray());
            }
            if (count == 1) {
                return nodeAddress[0];
            }
            entries = count;
            firstChunk = nodeFirst;
            children = nodeAddress;
        }
    }

    private static int keySize(int rank) {
        return 8 + 8 * (rank + 1);
    }

    /** Chunk {@code i}'s key: its stored size, filter mask 0, its first element along each axis, 0. */
    private static void key(Hdf5Bytes b, Chunks chunks, int i, long[] origin) {
        chunks.origin(i, origin);
        b.u32(chunks.size(i)).u32(0);
        for (long o : origin) {
            b.u64(o);
        }
        b.u64(0);
    }
}

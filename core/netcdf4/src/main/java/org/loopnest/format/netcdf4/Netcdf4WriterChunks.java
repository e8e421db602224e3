package org.loopnest.format.netcdf4;

import java.util.Arrays;

/**
 * The chunks of one chunked dataset that {@link Netcdf4Writer} has written, for its chunk index, in primitive arrays:
 * each chunk's place in the chunk grid (its row-major number), where it lies in the file and its stored size, 20 bytes
 * a chunk, and a hash table of 4-byte slots, at most half full, that finds a chunk written twice. {@link #sort} orders
 * them by place for the B-tree, in place, and drops the table. Not thread-safe; owned by its variable.
 */
final class Netcdf4WriterChunks implements Hdf5ChunkTree.Chunks {
    /** The most chunks one dataset may have written: the hash table's largest size, half full. */
    static final int MAX_CHUNKS = 1 << 29;

    private final int[] chunk;
    /** How many chunks the grid has along each axis after it: the stride of a place along the axis. */
    private final long[] strides;
    private long[] places = new long[8];
    private long[] addresses = new long[8];
    private int[] sizes = new int[8];
    private int count;
    /** Open addressing: a chunk's position + 1, 0 where free; its length a power of two; null once sorted. */
    private int[] table = new int[16];

    /**
     * An empty index for a dataset of this shape and chunk shape.
     *
     * @throws ArithmeticException if the chunk grid has more than {@link Long#MAX_VALUE} chunks
     */
    Netcdf4WriterChunks(long[] shape, int[] chunk) {
        this.chunk = chunk.clone();
        strides = new long[chunk.length];
        long n = 1;
        for (int i = chunk.length - 1; i >= 0; i--) {
            strides[i] = n;
            n = Math.multiplyExact(n, Math.max(1, (shape[i] + chunk[i] - 1) / chunk[i]));
        }
    }

    /** The place of the chunk whose first element is {@code origin} (an origin on the chunk grid). */
    long place(long[] origin) {
        long place = 0;
        for (int i = 0; i < origin.length; i++) {
            place += origin[i] / chunk[i] * strides[i];
        }
        return place;
    }

    /** Whether the chunk at this place was added. */
    boolean contains(long place) {
        int mask = table.length - 1;
        for (int slot = hash(place) & mask; table[slot] != 0; slot = (slot + 1) & mask) {
            if (places[table[slot] - 1] == place) {
                return true;
            }
        }
        return false;
    }

    /** Adds a chunk not added before; at most {@link #MAX_CHUNKS}, and not after {@link #sort}. */
    void add(long place, long address, int size) {
        if (count == places.length) {
            int grown = (int) Math.min(MAX_CHUNKS, count + (count >> 1) + 1L);
            places = Arrays.copyOf(places, grown);
            addresses = Arrays.copyOf(addresses, grown);
            sizes = Arrays.copyOf(sizes, grown);
        }
        places[count] = place;
        addresses[count] = address;
        sizes[count] = size;
        count++;
        if (2 * count > table.length) {
            int[] old = table;
            table = new int[old.length * 2];
            for (int p : old) {
                if (p != 0) {
                    insert(p);
                }
            }
        } else {
            insert(count);
        }
    }

    /** Orders the chunks by place (row-major), in place (a heapsort, unless they are in order already). */
    void sort() {
        table = null;
        boolean sorted = true;
        for (int i = 1; i < count && sorted; i++) {
            sorted = places[i - 1] < places[i];
        }
        if (sorted) {
            return;
        }
        for (int i = count / 2 - 1; i >= 0; i--) {
            siftDown(i, count);
        }
        for (int end = count - 1; end > 0; end--) {
            swap(0, end);
            siftDown(0, end);
        }
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public void origin(int i, long[] origin) {
        long rest = places[i];
        for (int k = 0; k < origin.length; k++) {
            origin[k] = rest / strides[k] * chunk[k];
            rest %= strides[k];
        }
    }

    @Override
    public long address(int i) {
        return addresses[i];
    }

    @Override
    public int size(int i) {
        return sizes[i];
    }

    private void insert(int position) {
        int mask = table.length - 1;
        int slot = hash(places[position - 1]) & mask;
        while (table[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        table[slot] = position;
    }

    /** MurmurHash3's 64-bit finalizer: every bit of the place moves the low bits the table uses. */
    private static int hash(long place) {
        long h = (place ^ (place >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return (int) (h ^ (h >>> 33));
    }

    private void siftDown(int i, int end) {
        for (int child = 2 * i + 1; child < end; i = child, child = 2 * i + 1) {
            if (child + 1 < end && places[child + 1] > places[child]) {
                child++;
            }
            if (places[i] >= places[child]) {
                return;
            }
            swap(i, child);
        }
    }

    private void swap(int i, int j) {
        long p = places[i];
        places[i] = places[j];
        places[j] = p;
        long a = addresses[i];
        addresses[i] = addresses[j];
        addresses[j] = a;
        int s = sizes[i];
        sizes[i] = sizes[j];
        sizes[j] = s;
    }
}

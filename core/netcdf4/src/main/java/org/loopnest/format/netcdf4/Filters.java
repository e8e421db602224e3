package org.loopnest.format.netcdf4;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A chunked variable's HDF5 filter pipeline, checked when the file is opened and applied (in reverse) to each chunk
 * as it is read: the filters netCDF-4 writes, {@code deflate} (1), {@code shuffle} (2) and {@code fletcher32} (3),
 * each at most once, shuffle before deflate, fletcher32 first or last (netCDF 4.9 puts it first, older versions
 * last), shuffle for the variable's element size. A chunk's filter mask (bit {@code i}: filter {@code i} was skipped
 * when the chunk was written) is honoured: a skipped filter is not undone. Decoding never produces more than the
 * chunk's size (plus a checksum), whatever a damaged stream claims, and a chunk that does not decode to exactly its
 * size is refused. Immutable; safe to share between threads.
 */
final class Filters {
    static final int DEFLATE = 1;
    static final int SHUFFLE = 2;
    static final int FLETCHER32 = 3;

    /** No filters: chunks are stored as they are. */
    static final Filters NONE = new Filters(new int[0], 1);

    private final int[] ids;
    private final int elementSize;

    private Filters(int[] ids, int elementSize) {
        this.ids = ids;
        this.elementSize = elementSize;
    }

    /**
     * Checks a pipeline (filter ids and each filter's client data, in the order the writer applied them).
     *
     * @throws IllegalArgumentException saying what does not fit, for the caller to name the file and variable
     */
    static Filters of(int[] ids, int[][] data, int elementSize) {
        if (ids.length > 32) {
            throw new IllegalArgumentException("has " + ids.length + " filters (expected: at most 32)");
        }
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            String name = name(ids[i]);
            if (ids[i] < DEFLATE || ids[i] > FLETCHER32) {
                throw new IllegalArgumentException("has HDF5 filter " + name + ", which LoopNest cannot decode "
                        + "(expected: deflate, shuffle, fletcher32)");
            }
            if (seen.contains(name)) {
                throw new IllegalArgumentException("has filter " + name + " twice in its pipeline " + names(ids)
                        + " (expected: each at most once)");
            }
            seen.add(name);
            if (ids[i] == FLETCHER32 && i != 0 && i != ids.length - 1) {
                throw new IllegalArgumentException("has fletcher32 inside its pipeline " + names(ids)
                        + " (expected: first or last)");
            }
            if (ids[i] == SHUFFLE && data[i].length > 0 && data[i][0] != elementSize) {
                throw new IllegalArgumentException("has shuffle for " + Integer.toUnsignedString(data[i][0])
                        + "-byte elements (expected: " + elementSize + ", its element size)");
            }
        }
        if (seen.indexOf("deflate") >= 0 && seen.indexOf("shuffle") > seen.indexOf("deflate")) {
            throw new IllegalArgumentException("has shuffle after deflate in its pipeline " + names(ids)
                    + " (expected: shuffle before deflate)");
        }
        return ids.length == 0 ? NONE : new Filters(ids.clone(), elementSize);
    }

    /** How many filters. */
    int count() {
        return ids.length;
    }

    /**
     * Undoes the filters a chunk went through.
     *
     * @param stored     the chunk as stored
     * @param mask       its filter mask (bit {@code i} set: filter {@code i} was not applied)
     * @param chunkBytes the chunk's size decoded: its elements times the element size
     * @return exactly {@code chunkBytes} bytes
     * @throws ChunkDamage if it does not decode, fails its checksum, or decodes to another size
     */
    byte[] decode(byte[] stored, int mask, int chunkBytes) {
        byte[] data = stored;
        int length = stored.length;
        for (int i = ids.length - 1; i >= 0; i--) {
            if ((mask & (1 << i)) != 0) {
                continue;
            }
            switch (ids[i]) {
                case DEFLATE -> {
                    data = inflate(data, length, chunkBytes + (checksumBefore(i, mask) ? Fletcher32.LENGTH : 0));
                    length = data.length;
                }
                case SHUFFLE -> data = unshuffle(data, length);
                case FLETCHER32 -> length = Fletcher32.verify(data, length);
                default -> throw new IllegalStateException("filter " + ids[i]);
            }
        }
        if (length != chunkBytes) {
            throw new ChunkDamage("it decodes to " + length + " bytes (expected: " + chunkBytes + ", its elements "
                    + "times their size)");
        }
        return data.length == length ? data : Arrays.copyOf(data, length);
    }

    private boolean checksumBefore(int index, int mask) {
        for (int i = 0; i < index; i++) {
            if (ids[i] == FLETCHER32 && (mask & (1 << i)) == 0) {
                return true;
            }
        }
        return false;
    }

    /** Inflates a zlib stream into at most {@code limit} bytes, growing the buffer only as the stream does. */
    private static byte[] inflate(byte[] in, int length, int limit) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(in, 0, length);
            byte[] out = new byte[(int) Math.min(limit, Math.max(64, 4L * length))];
            byte[] beyond = new byte[1];
            int n = 0;
            int stalls = 0;
            while (!inflater.finished()) {
                if (n == out.length && out.length < limit) {
                    out = Arrays.copyOf(out, (int) Math.min(limit, 2L * out.length));
                }
                int got;
                if (n == out.length) { // at the limit: only the stream's end may follow
                    got = inflater.inflate(beyond);
                    if (got > 0) {
                        throw new ChunkDamage("its deflate stream inflates to more than " + limit + " bytes "
                                + "(expected: " + limit + ")");
                    }
                } else {
                    got = inflater.inflate(out, n, out.length - n);
                    n += got;
                }
                if (got == 0 && !inflater.finished() && (inflater.needsInput() || inflater.needsDictionary()
                        || ++stalls > 2)) {
                    throw new ChunkDamage("its deflate stream ends early, after " + n + " bytes (expected: a complete "
                            + "zlib stream)");
                }
            }
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (DataFormatException e) {
            throw new ChunkDamage("its deflate stream is damaged: " + e.getMessage() + " (expected: a zlib stream)");
        } finally {
            inflater.end();
        }
    }

    /** HDF5's byte shuffle undone: bytes grouped by their place in an element, any remainder left at the end. */
    private byte[] unshuffle(byte[] in, int length) {
        byte[] out = new byte[length];
        int elements = length / elementSize;
        if (elementSize > 1 && elements > 1) {
            for (int b = 0; b < elementSize; b++) {
                for (int e = 0; e < elements; e++) {
                    out[e * elementSize + b] = in[b * elements + e];
                }
            }
            int done = elements * elementSize;
            System.arraycopy(in, done, out, done, length - done);
        } else {
            System.arraycopy(in, 0, out, 0, length);
        }
        return out;
    }

    /** The pipeline's filter names, in the writer's order. */
    static String names(int[] ids) {
        return Arrays.stream(ids).mapToObj(Filters::name).toList().toString();
    }

    private static String name(int id) {
        return switch (id) {
            case DEFLATE -> "deflate";
            case SHUFFLE -> "shuffle";
            case FLETCHER32 -> "fletcher32";
            case 4 -> "szip (4)";
            case 5 -> "nbit (5)";
            case 6 -> "scaleoffset (6)";
            default -> String.valueOf(id);
        };
    }

    @Override
    public String toString() {
        return names(ids);
    }
}

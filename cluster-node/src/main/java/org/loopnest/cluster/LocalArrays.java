package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.cluster.files.FileIdentity;
import org.loopnest.data.ElementType;

/**
 * The payload of {@link Wire#FILES}: how a data-local run's arrays lie, for a node that reads and writes them itself.
 * Each array is a file ({@link LocalArray#parts()}: the file, or the files of an input joined along its first
 * index; an output's file is the run's temporary file the coordinator made and sized) with its element type, byte
 * order, byte offset and element strides; or a small input sent once as its values ({@link LocalArray#values()}, the
 * whole backing array, little-endian, with its offset and strides); or an array that stays in the coordinator's
 * memory ({@link LocalArray#shipped()}): its part of each chunk travels with the chunk's {@link Wire#LAUNCH_IN_PLACE}
 * (an input) or its answer (an output). An input's file carries its identity as the
 * coordinator sees it ({@link FileIdentity}); an output's only its size. Immutable; the codec is stateless.
 *
 * @param arrays every array of the run, by its binding's name
 */
record LocalArrays(List<LocalArray> arrays) {
    /** The most arrays one offer holds: as many as a run may bind ({@link RunSpecCodec#MAX_ARRAYS}). */
    static final int MAX_ARRAYS = RunSpecCodec.MAX_ARRAYS;
    /** The most parts (files) of one array. */
    static final int MAX_PARTS = 1 << 16;
    private static final byte FILES = 0;
    private static final byte VALUES = 1;
    private static final byte SHIPPED = 2;

    /** Copies the list. */
    LocalArrays {
        arrays = List.copyOf(arrays);
    }

    /**
     * One file of an array.
     *
     * @param path the file as the coordinator names it (absolute)
     * @param offsetBytes where the part's first element is (for a joined input; the array's own offset otherwise)
     * @param count how many entries of the joined index the part holds; −1 for an array in one file
     * @param identity an input file's identity on the coordinator; {@code null} for an output
     * @param size the file's size on the coordinator
     */
    record Part(String path, long offsetBytes, long count, FileIdentity identity, long size) {
    }

    /**
     * One array of the run.
     *
     * @param name the binding's name
     * @param type its element type
     * @param order the byte order of its file(s)
     * @param offset the byte offset of its first element in its (first) file, or its element offset in
     *     {@link #values}
     * @param strides its element strides, one per index it uses
     * @param parts its file(s); empty for an array sent as values
     * @param values the whole backing array as little-endian bytes; {@code null} for a file
     * @param shipped whether the array stays in the coordinator's memory, its chunks sent with each launch
     */
    record LocalArray(String name, ElementType type, ByteOrder order, long offset, long[] strides, List<Part> parts,
            byte[] values, boolean shipped) {
        /** An array read from files, or sent once as values. */
        LocalArray(String name, ElementType type, ByteOrder order, long offset, long[] strides, List<Part> parts,
                byte[] values) {
            this(name, type, order, offset, strides, parts, values, false);
        }

        /** {@return an array that stays in the coordinator's memory, its chunks sent with each launch} */
        static LocalArray shipped(String name, ElementType type) {
            return new LocalArray(name, type, ByteOrder.LITTLE_ENDIAN, 0, new long[0], List.of(), null, true);
        }

        /** Copies the arrays and the list. */
        LocalArray {
            strides = strides.clone();
            parts = List.copyOf(parts);
            values = values == null ? null : values.clone();
        }

        /** {@return whether the array is sent as values, not read from files} */
        boolean sentAsValues() {
            return values != null;
        }
    }

    /** Writes the offer. */
    void write(ByteBuf b) {
        b.writeInt(arrays.size());
        for (LocalArray a : arrays) {
            Frames.writeString(b, a.name());
            b.writeByte(a.type().ordinal());
            b.writeBoolean(a.order() == ByteOrder.BIG_ENDIAN);
            b.writeLong(a.offset());
            b.writeInt(a.strides().length);
            for (long s : a.strides()) {
                b.writeLong(s);
            }
            b.writeByte(a.shipped() ? SHIPPED : a.sentAsValues() ? VALUES : FILES);
            if (a.shipped()) {
                continue;
            }
            if (a.sentAsValues()) {
                b.writeInt(a.values().length);
                b.writeBytes(a.values());
                continue;
            }
            b.writeInt(a.parts().size());
            for (Part p : a.parts()) {
                Frames.writeString(b, p.path());
                b.writeLong(p.offsetBytes());
                b.writeLong(p.count());
                b.writeLong(p.size());
                b.writeBoolean(p.identity() != null);
                if (p.identity() != null) {
                    b.writeLong(p.identity().modifiedMillis());
                    b.writeLong(p.identity().head());
                    b.writeLong(p.identity().tail());
                }
            }
        }
    }

    /**
     * Reads an offer.
     *
     * @throws IllegalArgumentException if a count, a type or a length is out of range
     * @throws IndexOutOfBoundsException if the payload ends early
     */
    static LocalArrays read(ByteBuf b) {
        int n = bounded(b.readInt(), MAX_ARRAYS, "arrays");
        List<LocalArray> arrays = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String name = Frames.readString(b);
            int typeIndex = b.readByte();
            if (typeIndex < 0 || typeIndex >= ElementType.values().length) {
                throw new IllegalArgumentException("array '" + name + "': element type " + typeIndex);
            }
            ElementType type = ElementType.values()[typeIndex];
            ByteOrder order = b.readBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            long offset = b.readLong();
            long[] strides = new long[bounded(b.readInt(), RunSpecCodec.MAX_DEPTH, "strides")];
            for (int k = 0; k < strides.length; k++) {
                strides[k] = b.readLong();
            }
            byte kind = b.readByte();
            if (kind == SHIPPED) {
                arrays.add(new LocalArray(name, type, order, offset, strides, List.of(), null, true));
                continue;
            }
            if (kind != FILES && kind != VALUES) {
                throw new IllegalArgumentException("array '" + name + "': kind " + kind + " (expected: " + FILES
                        + " files, " + VALUES + " values or " + SHIPPED + " shipped)");
            }
            if (kind == VALUES) {
                int bytes = bounded(b.readInt(), b.readableBytes(), "value bytes");
                byte[] values = new byte[bytes];
                b.readBytes(values);
                arrays.add(new LocalArray(name, type, order, offset, strides, List.of(), values));
                continue;
            }
            int count = bounded(b.readInt(), MAX_PARTS, "files");
            List<Part> parts = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                String path = Frames.readString(b);
                long partOffset = b.readLong();
                long entries = b.readLong();
                long size = b.readLong();
                FileIdentity identity = b.readBoolean()
                        ? new FileIdentity(path, size, b.readLong(), b.readLong(), b.readLong()) : null;
                parts.add(new Part(path, partOffset, entries, identity, size));
            }
            if (parts.isEmpty()) {
                throw new IllegalArgumentException("array '" + name + "': no file and no values");
            }
            arrays.add(new LocalArray(name, type, order, offset, strides, parts, null));
        }
        return new LocalArrays(arrays);
    }

    private static int bounded(int n, int max, String what) {
        if (n < 0 || n > max) {
            throw new IllegalArgumentException(n + " " + what + " (expected: 0 to " + max + ")");
        }
        return n;
    }
}

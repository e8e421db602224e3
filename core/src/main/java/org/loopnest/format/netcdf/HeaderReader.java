package org.loopnest.format.netcdf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.loopnest.internal.format.Quoted;

/**
 * Reads a classic NetCDF header (CDF-1 or CDF-2), big-endian, following the format specification's grammar. It loads
 * the file's first bytes and, when the header is longer, loads twice as many (or as many as the field needs) and
 * starts again, so a header of up to {@link #MAX_HEADER} bytes is read without reading the data. Every count is
 * bounded by what the rest of the file can hold before anything is allocated for it, and every name quoted in a
 * message is escaped and capped ({@link Quoted}). One use per instance; not thread-safe.
 */
final class HeaderReader {
    private static final int NC_DIMENSION = 0x0A;
    private static final int NC_VARIABLE = 0x0B;
    private static final int NC_ATTRIBUTE = 0x0C;
    private static final int STREAMING = -1;
    private static final String MAGICS = "expected: CDF\\1 or CDF\\2";
    /** The fewest bytes a dimension takes: name length, name (at least 1 byte, padded), length. */
    private static final int DIMENSION_BYTES = 12;
    /** The fewest bytes an attribute takes: name length, name, type, count. */
    private static final int ATTRIBUTE_BYTES = 16;
    /** The fewest bytes a variable takes: name length, name, rank, attribute list, type, vsize, 4-byte begin. */
    private static final int VARIABLE_BYTES = 32;
    /** The longest header read: netCDF's own headers are kilobytes; this bounds what a corrupt length loads. */
    static final int MAX_HEADER = 64 << 20;
    /** The most bytes one record of a variable may take: sums and offsets of such sizes cannot overflow a long. */
    private static final long MAX_VARIABLE_BYTES = 1L << 62;

    /** Thrown when the header goes on past the bytes loaded (but not past the file). */
    private static final class NeedMore extends RuntimeException {
        private static final long serialVersionUID = 1L;
        /** The bytes from the start of the file that would have been enough this time. */
        private final long end;

        NeedMore(long end) {
            super(null, null, false, false);
            this.end = end;
        }
    }

    private final Path file;
    private final long fileSize;
    private final ByteBuffer bytes;

    private HeaderReader(Path file, long fileSize, ByteBuffer bytes) {
        this.file = file;
        this.fileSize = fileSize;
        this.bytes = bytes;
    }

    static NetcdfHeader read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NetcdfFormatException(file, (Files.exists(file) ? "not a regular file" : "no such file")
                    + " (expected: a classic NetCDF file)");
        }
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            int load = (int) Math.min(size, 1 << 16);
            while (true) {
                ByteBuffer b = ByteBuffer.allocate(load);
                while (b.hasRemaining() && channel.read(b, b.position()) >= 0) {
                    // positional reads until the buffer is full
                }
                b.flip();
                try {
                    return new HeaderReader(file, size, b).header();
                } catch (NeedMore more) {
                    load = (int) Math.min(Math.min(size, MAX_HEADER), Math.max(2L * load, more.end));
                }
            }
        }
    }

    private NetcdfHeader header() {
        int version = magic();
        int numrecs = int32("numrecs");
        if (numrecs == STREAMING) {
            throw error(4, "numrecs is 0xFFFFFFFF: the file is still being written in streaming mode "
                    + "(expected: a record count)");
        }
        if (numrecs < 0) {
            throw error(4, "numrecs = " + numrecs + " (expected: >= 0)");
        }
        List<NetcdfDimension> dims = dimensions(numrecs);
        List<NetcdfAttribute> globals = attributes("global attribute list");
        List<NetcdfVariable> vars = variables(dims, version);
        return NetcdfHeader.of(file, version, numrecs, dims, globals, vars, fileSize, bytes.position());
    }

    private int magic() {
        ensure(4, "magic");
        byte[] m = new byte[4];
        bytes.get(m);
        if (m[0] == 'C' && m[1] == 'D' && m[2] == 'F' && (m[3] == 1 || m[3] == 2)) {
            return m[3];
        }
        String hex = String.format("%02X %02X %02X %02X", m[0], m[1], m[2], m[3]);
        if (m[0] == 'C' && m[1] == 'D' && m[2] == 'F' && m[3] == 5) {
            throw new NetcdfFormatException(file, "a CDF-5 (64-bit data) file is not supported (magic " + hex + "; "
                    + MAGICS + ")");
        }
        boolean hdf5 = (m[0] & 0xFF) == 0x89 && m[1] == 'H' && m[2] == 'D' && m[3] == 'F';
        String what = hdf5 ? ": an HDF5/NetCDF-4 file" : "";
        throw new NetcdfFormatException(file, "not a classic NetCDF file (magic " + hex + what + "; " + MAGICS + ")");
    }

    private List<NetcdfDimension> dimensions(int numrecs) {
        int n = listHeader(NC_DIMENSION, "dimension list", DIMENSION_BYTES);
        List<NetcdfDimension> dims = new ArrayList<>(n);
        Set<String> seen = new HashSet<>();
        boolean record = false;
        for (int i = 0; i < n; i++) {
            int at = bytes.position();
            String name = name("dimension " + i + " name");
            String shown = "dimension '" + Quoted.of(name) + "'";
            if (!seen.add(name)) {
                throw error(at, shown + " is named twice (expected: distinct dimension names)");
            }
            int length = int32(shown + " length");
            if (length < 0) {
                throw error(at, shown + " has length " + length + " (expected: >= 0)");
            }
            if (length == 0 && record) {
                throw error(at, shown + " is a second record dimension (expected: at most one)");
            }
            record |= length == 0;
            dims.add(new NetcdfDimension(name, length == 0 ? numrecs : length, length == 0));
        }
        return dims;
    }

    private List<NetcdfAttribute> attributes(String list) {
        int n = listHeader(NC_ATTRIBUTE, list, ATTRIBUTE_BYTES);
        List<NetcdfAttribute> attributes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String name = name(list + " entry " + i + " name");
            String shown = "attribute '" + Quoted.of(name) + "'";
            NetcdfType type = type(shown);
            int count = int32(shown + " count");
            if (count < 0) {
                throw error(bytes.position() - 4, shown + " count " + count + " (expected: >= 0)");
            }
            long length = (long) count * type.size();
            ensure(length, shown + " values");
            attributes.add(NetcdfAttribute.read(name, type, values(type, count)));
            skipPadding(length, shown + " padding");
        }
        return attributes;
    }

    private Object values(NetcdfType type, int count) {
        switch (type) {
            case CHAR -> {
                byte[] raw = new byte[count];
                bytes.get(raw);
                int end = count;
                while (end > 0 && raw[end - 1] == 0) {
                    end--;
                }
                return new String(raw, 0, end, StandardCharsets.UTF_8);
            }
            case BYTE -> {
                byte[] v = new byte[count];
                bytes.get(v);
                return v;
            }
            case SHORT -> {
                short[] v = new short[count];
                bytes.asShortBuffer().get(v);
                bytes.position(bytes.position() + 2 * count);
                return v;
            }
            case INT -> {
                int[] v = new int[count];
                bytes.asIntBuffer().get(v);
                bytes.position(bytes.position() + 4 * count);
                return v;
            }
            case FLOAT -> {
                float[] v = new float[count];
                bytes.asFloatBuffer().get(v);
                bytes.position(bytes.position() + 4 * count);
                return v;
            }
            default -> {
                double[] v = new double[count];
                bytes.asDoubleBuffer().get(v);
                bytes.position(bytes.position() + 8 * count);
                return v;
            }
        }
    }

    private List<NetcdfVariable> variables(List<NetcdfDimension> dims, int version) {
        int n = listHeader(NC_VARIABLE, "variable list", VARIABLE_BYTES);
        List<NetcdfVariable> vars = new ArrayList<>(n);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            int start = bytes.position();
            String name = name("variable " + i + " name");
            String shown = "variable '" + Quoted.of(name) + "'";
            if (!seen.add(name)) {
                throw error(start, shown + " is named twice (expected: distinct variable names)");
            }
            int rank = int32(shown + " rank");
            if (rank < 0 || rank > 1024) {
                throw error(bytes.position() - 4, shown + " has " + rank + " dimensions (expected: 0 to 1024)");
            }
            ensure(4L * rank, shown + " dimension ids");
            List<NetcdfDimension> own = new ArrayList<>(rank);
            for (int d = 0; d < rank; d++) {
                int at = bytes.position();
                int id = int32(shown + " dimension id");
                if (id < 0 || id >= dims.size()) {
                    throw error(at, shown + " dimension id " + id + " (expected: 0 to " + (dims.size() - 1) + ")");
                }
                if (d > 0 && dims.get(id).record()) {
                    throw error(at, shown + " has the record dimension '" + Quoted.of(dims.get(id).name())
                            + "' at position " + d + " (expected: first)");
                }
                own.add(dims.get(id));
            }
            List<NetcdfAttribute> attributes = attributes(shown + " attribute list");
            NetcdfType type = type(shown);
            int32(shown + " vsize");
            long begin = version == 1 ? int32(shown + " begin") & 0xFFFFFFFFL : int64(shown + " begin");
            if (begin < 0) {
                throw error(bytes.position() - 8, shown + " begins at " + begin + " (expected: >= 0)");
            }
            vars.add(new NetcdfVariable(name, own, type, attributes, vsize(shown, own, type), begin));
        }
        return vars;
    }

    /** One record's bytes (all of them for a non-record variable), padded to 4; refused past 2^62. */
    private long vsize(String shown, List<NetcdfDimension> own, NetcdfType type) {
        long bytes = type.size();
        for (NetcdfDimension d : own) {
            long n = d.record() ? 1 : d.length();
            if (n != 0 && bytes > MAX_VARIABLE_BYTES / n) {
                throw new NetcdfFormatException(file, shown + " has dimensions [" + Quoted.names(own.stream()
                        .map(o -> o.name() + " = " + o.length()).toList()) + "] of " + type
                        + ": more than 2^62 bytes (expected: a size a file can have)");
            }
            bytes *= n;
        }
        return NetcdfHeader.pad4(bytes);
    }

    private int listHeader(int tag, String list, int entryBytes) {
        int at = bytes.position();
        int found = int32(list + " tag");
        int n = int32(list + " count");
        if (found == 0 && n == 0) {
            return 0;
        }
        if (found != tag) {
            throw error(at, list + " tag 0x" + String.format("%08X", found) + " (expected: 0x"
                    + String.format("%08X", tag) + " or 0 for none)");
        }
        if (n < 0) {
            throw error(at + 4, list + " count " + n + " (expected: >= 0)");
        }
        long left = fileSize - bytes.position();
        if (n > left / entryBytes) {
            throw error(at + 4, list + " count " + n + " needs at least " + (long) n * entryBytes + " bytes, the "
                    + "file has " + left + " left (expected: a count the file can hold)");
        }
        return n;
    }

    private NetcdfType type(String owner) {
        int at = bytes.position();
        int code = int32(owner + " type");
        NetcdfType type = NetcdfType.ofCode(code);
        if (type == null) {
            throw error(at, owner + " has type " + code + " (expected: 1 to 6, a classic type)");
        }
        return type;
    }

    private String name(String field) {
        int at = bytes.position();
        int length = int32(field + " length");
        if (length <= 0) {
            throw error(at, field + " length " + length + " (expected: >= 1, a name)");
        }
        ensure(length, field);
        byte[] raw = new byte[length];
        bytes.get(raw);
        skipPadding(length, field + " padding");
        return new String(raw, StandardCharsets.UTF_8);
    }

    private void skipPadding(long length, String field) {
        int pad = (int) (NetcdfHeader.pad4(length) - length);
        ensure(pad, field);
        bytes.position(bytes.position() + pad);
    }

    private int int32(String field) {
        ensure(4, field);
        return bytes.getInt();
    }

    private long int64(String field) {
        ensure(8, field);
        return bytes.getLong();
    }

    private void ensure(long n, String field) {
        long end = bytes.position() + n;
        if (end <= bytes.limit()) {
            return;
        }
        if (end > fileSize) {
            throw error(bytes.position(), "truncated header: " + field + " needs " + n + " bytes, the file has "
                    + fileSize + " (expected: a complete header)");
        }
        if (end > MAX_HEADER) {
            throw error(bytes.position(), field + " needs " + n + " bytes, past the first " + (MAX_HEADER >> 20)
                    + " MiB (expected: a header of at most " + (MAX_HEADER >> 20) + " MiB)");
        }
        throw new NeedMore(end);
    }

    private NetcdfFormatException error(long at, String message) {
        return new NetcdfFormatException(file, "at byte " + at + ": " + message);
    }
}

package org.loopnest.format.netcdf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Copies part of a classic NetCDF file along one dimension (time, say) into a new classic file: every dimension,
 * global attribute and variable as it is, but the dimension cut to {@code count} entries from {@code first} (the
 * record dimension stays the record dimension), and each variable that has it first holding those entries only. How
 * one output file per input file is made from a run's one file. Streamed one slab (one entry of the dimension) at a
 * time: memory holds one slab.
 *
 * <p>Stateless. <b>Failure:</b> an {@link IllegalArgumentException} naming the dimension when it is not the file's or
 * the range does not fit it, or when a variable has it other than first; an {@link IOException} if a file cannot be
 * read or written (the new file is then not made).
 */
public final class NetcdfSlice {
    private NetcdfSlice() {
    }

    /**
     * Writes {@code target} (through a {@link NetcdfWriter}: a temporary name, committed at the end).
     *
     * @param source    the classic file
     * @param dimension the dimension to cut
     * @param first     the first entry kept
     * @param count     how many entries, at least 1
     * @param target    the new file
     * @throws IllegalArgumentException as the class comment says
     * @throws IOException if a file cannot be read or written
     */
    public static void copy(Path source, String dimension, long first, long count, Path target) throws IOException {
        NetcdfHeader h = NetcdfFile.open(source);
        NetcdfDimension cut = h.dimensions().stream().filter(d -> d.name().equals(dimension)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(source + ": no dimension '" + dimension + "'"));
        long length = cut.record() ? h.numberOfRecords() : cut.length();
        if (first < 0 || count < 1 || first + count > length) {
            throw new IllegalArgumentException(source + ": entries " + first + " to " + (first + count) + " of '"
                    + dimension + "' (expected: within 0 to " + length + ")");
        }
        try (NetcdfWriter w = NetcdfWriter.create(target);
                FileChannel in = FileChannel.open(source, StandardOpenOption.READ)) {
            for (NetcdfDimension d : h.dimensions()) {
                long n = d.name().equals(dimension) ? count : d.length();
                if (d.record()) {
                    w.recordDimension(d.name(), d.name().equals(dimension) ? count : h.numberOfRecords());
                } else {
                    w.dimension(d.name(), n);
                }
            }
            h.attributes().forEach(w::attribute);
            for (NetcdfVariable v : h.variables()) {
                if (v.dimensionNames().indexOf(dimension) > 0) {
                    throw new IllegalArgumentException(source + ": variable '" + v.name() + "' has '" + dimension
                            + "' other than first (expected: it first, or not at all)");
                }
                w.variable(v.name(), v.type(), v.dimensionNames(), v.attributes().toArray(NetcdfAttribute[]::new));
            }
            w.writeHeader();
            for (NetcdfVariable v : h.variables()) {
                boolean cutting = !v.dimensionNames().isEmpty() && v.dimensionNames().get(0).equals(dimension);
                copy(h, v, in, w, cutting ? first : 0, cutting ? count : slabs(h, v));
            }
            w.commit();
        }
    }

    /** The entries of a variable's first dimension (1 for a scalar). */
    private static long slabs(NetcdfHeader h, NetcdfVariable v) {
        if (v.dimensions().isEmpty()) {
            return 1;
        }
        return v.isRecord() ? h.numberOfRecords() : v.shape()[0];
    }

    /** Copies entries {@code [first, first + count)} of {@code v}'s first dimension, one slab at a time. */
    private static void copy(NetcdfHeader h, NetcdfVariable v, FileChannel in, NetcdfWriter w, long first, long count)
            throws IOException {
        long[] shape = v.shape();
        long slab = 1;
        for (int m = 1; m < shape.length; m++) {
            slab *= shape[m];
        }
        int bytes = Math.toIntExact(slab * v.type().size());
        ByteBuffer buffer = ByteBuffer.allocate(bytes);
        long[] index = new long[shape.length];
        for (long i = 0; i < count; i++) {
            long at;
            if (shape.length == 0) {
                at = v.begin();
            } else {
                index[0] = first + i;
                at = h.offset(v, index);
            }
            buffer.clear();
            while (buffer.hasRemaining()) {
                if (in.read(buffer, at + buffer.position()) < 0) {
                    throw new IOException(h.file() + ": variable '" + v.name() + "' ends at byte "
                            + (at + buffer.position()) + " (expected: " + bytes + " bytes from " + at + ")");
                }
            }
            w.write(v.name(), i * slab, buffer.flip());
        }
    }
}

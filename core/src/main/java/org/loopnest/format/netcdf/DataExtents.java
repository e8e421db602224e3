package org.loopnest.format.netcdf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.loopnest.internal.format.Quoted;

/**
 * Checks where a header says the variables' data lie, as netCDF's own library does before it reads a file: after the
 * header, within the file, and apart. Non-record variables each take {@code [begin, begin + bytes)}; the record
 * variables share the record section, each taking the same slice of every record, its slices within the record and
 * apart from the others'; no non-record variable overlaps the record section. A variable without data (no elements,
 * or a record variable of a file with no records) may begin anywhere. All arithmetic is overflow-checked.
 *
 * <p>Stateless; used by {@link NetcdfHeader#of} only.
 */
final class DataExtents {
    /** A byte range {@code [from, to)} and what lies there, with the range, for messages. */
    private record Span(String what, long from, long to) {
    }

    private final NetcdfHeader header;
    private final Path file;
    private final long fileSize;

    private DataExtents(NetcdfHeader header, long fileSize) {
        this.header = header;
        this.file = header.file();
        this.fileSize = fileSize;
    }

    static void check(NetcdfHeader header, long fileSize) {
        new DataExtents(header, fileSize).check();
    }

    private void check() {
        List<Span> spans = new ArrayList<>();
        List<Span> slices = new ArrayList<>();
        long recordsFrom = Long.MAX_VALUE;
        long recordsTo = 0;
        List<NetcdfVariable> records = new ArrayList<>();
        for (NetcdfVariable v : header.variables()) {
            long bytes = v.elementsPerRecord() * v.type().size();
            if (bytes == 0 || v.isRecord() && header.numberOfRecords() == 0) {
                continue;
            }
            if (v.begin() < header.headerSize()) {
                throw fault(v, "begins at byte " + v.begin() + ", inside the header (bytes 0 to "
                        + header.headerSize() + ") (expected: data at or after byte " + header.headerSize() + ")");
            }
            long end = end(v, bytes);
            if (v.isRecord()) {
                records.add(v);
                recordsFrom = Math.min(recordsFrom, v.begin());
                recordsTo = Math.max(recordsTo, end);
            } else {
                spans.add(new Span(name(v) + " (bytes " + v.begin() + " to " + end + ")", v.begin(), end));
            }
        }
        for (NetcdfVariable v : records) {
            long from = v.begin() - recordsFrom;
            long bytes = v.elementsPerRecord() * v.type().size();
            if (from + bytes > header.recordSize()) {
                throw fault(v, "takes bytes " + from + " to " + (from + bytes) + " of each record, past the record's "
                        + header.recordSize() + " bytes (expected: each record variable's slice within its record)");
            }
            slices.add(new Span(name(v) + " (bytes " + from + " to " + (from + bytes) + " of each record)", from,
                    from + bytes));
        }
        apart(slices);
        if (!records.isEmpty()) {
            spans.add(new Span("the records (bytes " + recordsFrom + " to " + recordsTo + ")", recordsFrom,
                    recordsTo));
        }
        apart(spans);
    }

    /** Just past the variable's last byte (of its last record); refused past the end of the file. */
    private long end(NetcdfVariable v, long bytes) {
        long end;
        try {
            long last = v.isRecord() ? Math.multiplyExact(header.numberOfRecords() - 1, header.recordSize()) : 0;
            end = Math.addExact(Math.addExact(v.begin(), last), bytes);
        } catch (ArithmeticException e) {
            throw fault(v, "begins at byte " + v.begin() + " and ends past byte 2^63-1, past the end of the file ("
                    + fileSize + " bytes) (expected: data within the file)");
        }
        if (end > fileSize) {
            throw fault(v, "lies at bytes " + v.begin() + " to " + end + ", past the end of the file (" + fileSize
                    + " bytes) (expected: a file of at least " + end + " bytes)");
        }
        return end;
    }

    /** Refuses the first two spans that overlap. */
    private void apart(List<Span> spans) {
        spans.sort(Comparator.comparingLong(Span::from));
        for (int i = 1; i < spans.size(); i++) {
            Span a = spans.get(i - 1);
            Span b = spans.get(i);
            if (b.from() < a.to()) {
                throw new NetcdfFormatException(file, a.what() + " and " + b.what() + " overlap (expected: each "
                        + "variable's data apart from the others')");
            }
        }
    }

    private static String name(NetcdfVariable v) {
        return "variable '" + Quoted.of(v.name()) + "'";
    }

    private NetcdfFormatException fault(NetcdfVariable v, String message) {
        return new NetcdfFormatException(file, name(v) + " " + message);
    }
}

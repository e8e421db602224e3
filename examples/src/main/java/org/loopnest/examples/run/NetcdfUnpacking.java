package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.format.netcdf.NetcdfVariable;

/**
 * A NetCDF variable whose stored values are not what the body should see: packed ({@code scale_factor},
 * {@code add_offset}) or of a type the kernel language has no arrays of ({@code byte}, {@code short}). It is unpacked
 * into a raw little-endian float file, row-major over its dimensions (records made contiguous): stored × scale +
 * offset, and NaN where the value is NaN, the {@code _FillValue} or a {@code missing_value} ({@link NetcdfPacking}).
 * Streamed block by block: memory stays bounded whatever the variable's size.
 *
 * <p>Immutable; {@link #into} may run on any thread. <b>Failure:</b> {@link IOException} if reading or writing fails.
 *
 * @param header   the file's header
 * @param variable the variable
 */
public record NetcdfUnpacking(NetcdfHeader header, NetcdfVariable variable) implements Unpacking {
    private static final int BLOCK = 1 << 20;

    @Override
    public long bytes() {
        long records = variable.isRecord() ? header.numberOfRecords() : 1;
        return Math.multiplyExact(Math.multiplyExact(records, variable.elementsPerRecord()), (long) Float.BYTES);
    }

    @Override
    public String what() {
        return variable.type().name().toLowerCase(java.util.Locale.ROOT) + ", scale and offset applied, missing "
                + "values NaN";
    }

    @Override
    public void into(Path file) throws IOException {
        NetcdfPacking packing = NetcdfPacking.of(variable);
        long records = variable.isRecord() ? header.numberOfRecords() : 1;
        long perRecord = variable.elementsPerRecord();
        int size = variable.type().size();
        try (FileChannel in = FileChannel.open(header.file(), StandardOpenOption.READ);
                FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE)) {
            long written = 0;
            for (long r = 0; r < records; r++) {
                long at = variable.begin() + r * header.recordSize();
                for (long first = 0; first < perRecord; first += BLOCK) {
                    int n = (int) Math.min(BLOCK, perRecord - first);
                    ByteBuffer stored = readFully(in, at + first * size, n * size);
                    ByteBuffer values = ByteBuffer.allocate(n * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                    for (int i = 0; i < n; i++) {
                        values.putFloat(packing.physical(stored(stored, i)));
                    }
                    values.flip();
                    while (values.hasRemaining()) {
                        out.write(values, written * Float.BYTES + values.position());
                    }
                    written += n;
                }
            }
        }
    }

    private double stored(ByteBuffer b, int i) {
        return switch (variable.type()) {
            case BYTE, CHAR -> b.get(i);
            case SHORT -> b.getShort(i * Short.BYTES);
            case INT -> b.getInt(i * Integer.BYTES);
            case FLOAT -> b.getFloat(i * Float.BYTES);
            case DOUBLE -> b.getDouble(i * Double.BYTES);
        };
    }

    private ByteBuffer readFully(FileChannel in, long at, int bytes) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(bytes); // big-endian, as NetCDF stores
        while (b.hasRemaining()) {
            if (in.read(b, at + b.position()) < 0) {
                throw new IOException(header.file() + ": variable '" + variable.name() + "' ends at byte "
                        + (at + b.position()) + " (expected: " + bytes + " bytes from " + at + ")");
            }
        }
        return b.flip();
    }
}

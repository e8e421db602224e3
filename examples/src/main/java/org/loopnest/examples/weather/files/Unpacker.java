package org.loopnest.examples.weather.files;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.loopnest.format.netcdf.NetcdfDataset;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.format.netcdf.NetcdfVariable;
import org.loopnest.internal.files.OwnedNames;

/**
 * Unpacks a NetCDF variable {@code (time, level, lat, lon)} that a run cannot read as it is (packed {@code short}s
 * with {@code scale_factor}/{@code add_offset}, as ERA5 stores them; any non-float type; floats with packing) into
 * a temporary raw little-endian float32 file {@code [t][z][y][x]}: physical values, NaN where missing
 * ({@link NetcdfPacking#physical}).
 *
 * <p><b>Cost:</b> one extra pass over the variable before the run: it reads the stored values once and writes
 * 4 bytes per value, so disk space of {@code 4·t·z·y·x} bytes beside the outputs and about the time of copying that
 * many bytes. <b>Memory</b> stays bounded: one (lat, lon) grid in and one out at a time.
 *
 * <p><b>Ownership:</b> the caller deletes the file returned ({@link WeatherInput#close()}); it is also marked to be
 * deleted at JVM exit. On failure, the partial file is deleted before the exception leaves. Stateless; thread-safe.
 */
final class Unpacker {
    private Unpacker() {
    }

    /**
     * Creates the hidden temporary file a variable is unpacked into, {@code .weather-VAR.unpacked.loopnest-…tmp} in
     * {@code dir} ({@code OwnedNames}: a run into {@code dir} deletes it after a {@code kill -9}), deleted at exit too.
     */
    static Path temporary(Path dir, String variable) throws IOException {
        Path file = OwnedNames.createTemporary(Files.createDirectories(dir).resolve("weather-" + variable
                + ".unpacked"));
        file.toFile().deleteOnExit();
        return file;
    }

    /**
     * Writes the first {@code nz} levels of a variable, of one file or several joined by time, unpacked into a new
     * hidden file in {@code dir}: {@code [t][z][y][x]} float32, the files one after the other.
     *
     * @param data the variable and its files, in time order
     * @param nz the levels to unpack, from the first
     * @param dir where the temporary file goes (the output directory; made if missing)
     * @return the layout of the new file
     * @throws IOException when reading or writing fails (for example, a full disk, naming the file)
     */
    static FileGrid unpack(NetcdfDataset data, int nz, Path dir) throws IOException {
        NetcdfVariable declared = data.declared();
        long[] shape = data.shape();
        int ny = Math.toIntExact(shape[2]);
        int nx = Math.toIntExact(shape[3]);
        NetcdfPacking packing = data.packing();
        Path file = temporary(dir, declared.name());
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE)) {
            int size = declared.type().size();
            ByteBuffer stored = ByteBuffer.allocate(Math.multiplyExact(Math.multiplyExact(ny, nx), size));
            ByteBuffer physical = ByteBuffer.allocate(ny * nx * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            long at = 0;
            for (NetcdfHeader header : data.headers()) {
                NetcdfVariable v = header.variable(declared.name());
                try (FileChannel in = FileChannel.open(header.file(), StandardOpenOption.READ)) {
                    for (long t = 0; t < shapeOf(header, v)[0]; t++) {
                        for (long z = 0; z < nz; z++) {
                            readFully(in, stored.clear(), header.gridOffset(v, t, z), header.file());
                            stored.flip();
                            physical.clear();
                            while (stored.hasRemaining()) {
                                physical.putFloat(packing.physical(value(stored, v)));
                            }
                            physical.flip();
                            while (physical.hasRemaining()) {
                                at += out.write(physical, at);
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            Files.deleteIfExists(file);
            throw new IOException("unpacking " + declared.name() + " into " + file + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        long grid = (long) ny * nx * Float.BYTES;
        return new FileGrid(file, ByteOrder.LITTLE_ENDIAN, 0, nz * grid, grid, ny, nx);
    }

    /** The shape, with the record count for a record variable. */
    static long[] shapeOf(NetcdfHeader header, NetcdfVariable v) {
        long[] shape = v.shape();
        if (v.isRecord()) {
            shape[0] = header.numberOfRecords();
        }
        return shape;
    }

    private static double value(ByteBuffer b, NetcdfVariable v) {
        return switch (v.type()) {
            case BYTE -> b.get();
            case SHORT -> b.getShort();
            case INT -> b.getInt();
            case FLOAT -> b.getFloat();
            case DOUBLE -> b.getDouble();
            case CHAR -> throw new IllegalArgumentException("variable '" + v.name() + "' is text (expected: numbers)");
        };
    }

    private static void readFully(FileChannel in, ByteBuffer b, long at, Path file) throws IOException {
        while (b.hasRemaining()) {
            if (in.read(b, at + b.position()) < 0) {
                throw new EOFException(file + " ends at byte " + (at + b.position()) + " (expected: "
                        + b.capacity() + " bytes from " + at + ")");
            }
        }
    }
}

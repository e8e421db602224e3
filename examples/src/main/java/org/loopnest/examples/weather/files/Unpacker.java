package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.internal.files.OwnedNames;

/**
 * Unpacks a NetCDF variable {@code (time, level, lat, lon)} (classic or NetCDF-4, one file or several) that a run
 * cannot read as it is (packed {@code short}s with {@code scale_factor}/{@code add_offset}, as ERA5 stores them; any
 * non-float type; floats with packing; chunked or compressed) into
 * a temporary raw little-endian float32 file {@code [t][z][y][x]}: physical values, NaN where missing
 * ({@link NetcdfPacking#physical}).
 *
 * <p><b>Cost:</b> one extra pass over the variable before the run: it reads the stored values once and writes
 * 4 bytes per value, so disk space of {@code 4·t·z·y·x} bytes beside the outputs and about the time of copying that
 * many bytes. <b>Memory</b> stays bounded (the dataset's unpacking streams in blocks).
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
     * Writes a variable, of one file or several joined by time, unpacked into a new hidden file in {@code dir}
     * ({@link Dataset#unpackTo}: {@code [t][z][y][x]} float32, the files one after the other).
     *
     * @param data the variable and its files, in time order, of rank 4
     * @param dir where the temporary file goes (the output directory; made if missing)
     * @return the layout of the new file
     * @throws IOException when reading or writing fails (for example, a full disk, naming the file)
     */
    static FileGrid unpack(Dataset data, Path dir) throws IOException {
        long[] shape = data.shape();
        Path file = temporary(dir, data.variable());
        try {
            data.unpackTo(file);
        } catch (IOException e) {
            Files.deleteIfExists(file);
            throw new IOException("unpacking " + data.variable() + " into " + file + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        long grid = shape[2] * shape[3] * Float.BYTES;
        return new FileGrid(file, ByteOrder.LITTLE_ENDIAN, 0, shape[1] * grid, grid, Math.toIntExact(shape[2]),
                Math.toIntExact(shape[3]));
    }
}

package org.loopnest.format.dataset;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import org.loopnest.format.netcdf.NetcdfFormat;

/**
 * The entry point of the dataset layer: which format a file is ({@link #formatOf}), what it holds ({@link #catalog})
 * and a variable of one or more files as one array ({@link #open}), whatever the format. Classic NetCDF
 * ({@link NetcdfFormat}) and GrADS descriptors ({@link org.loopnest.format.grads.GradsFormat}) are always there;
 * NetCDF-4 comes with {@code loopnest-netcdf4} on the class path, and other formats likewise ({@link DatasetFormat}).
 *
 * <pre>{@code
 * List<Path> files = DatasetFiles.expand("era5/2025-*.nc");
 * try (DatasetCatalog first = Datasets.catalog(files.get(0))) {
 *     NetcdfLevels levels = first.levels(null);              // level, pressure_level, … in hPa
 * }
 * Dataset t = Datasets.open(files, "t");                     // classic or NetCDF-4, by the first file's signature
 * }</pre>
 *
 * <p>Stateless; thread-safe.
 */
public final class Datasets {
    private static final byte[] HDF5 = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

    private Datasets() {
    }

    /**
     * {@return the formats this class path reads: classic NetCDF and GrADS first, then those
     * {@link java.util.ServiceLoader} finds}
     */
    public static List<DatasetFormat> formats() {
        List<DatasetFormat> formats = new ArrayList<>();
        formats.add(new NetcdfFormat());
        formats.add(new org.loopnest.format.grads.GradsFormat());
        ServiceLoader.load(DatasetFormat.class, Datasets.class.getClassLoader()).forEach(formats::add);
        return formats;
    }

    /**
     * {@return the format that recognises {@code file}}
     *
     * @param file a file
     * @throws IllegalArgumentException naming the file if it is not a regular file, or no format on the class path
     *     recognises it (a NetCDF-4 file without {@code loopnest-netcdf4} said so)
     * @throws IOException if it cannot be read
     */
    public static DatasetFormat formatOf(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": " + (Files.isDirectory(file) ? "a directory"
                    : "no such file") + " (expected: a data file)");
        }
        List<DatasetFormat> formats = formats();
        for (DatasetFormat format : formats) {
            if (format.recognizes(file)) {
                return format;
            }
        }
        String names = String.join(", ", formats.stream().map(DatasetFormat::name).toList());
        if (startsAsHdf5(file)) {
            throw new IllegalArgumentException(file + ": a NetCDF-4 (HDF5) file, and no reader of it on the class path "
                    + "(expected: loopnest-netcdf4 beside loopnest-core, or a file of: " + names + ")");
        }
        throw new IllegalArgumentException(file + ": not a file of any format read here (expected: " + names + ")");
    }

    /**
     * {@return what {@code file} holds, read by the format that recognises it}
     *
     * @param file a data file
     * @throws IllegalArgumentException naming the file if no format recognises it or it is malformed
     * @throws IOException if reading fails
     */
    public static DatasetCatalog catalog(Path file) throws IOException {
        return formatOf(file).catalog(file);
    }

    /**
     * {@return variable {@code variable} of {@code files} as one array, read by the format of the first file}
     *
     * @param files one or more files of one format, in any order
     * @param variable the variable's name
     * @throws IllegalArgumentException naming the files if there are none, no format recognises the first, the
     *     variable is missing or the files disagree
     * @throws IOException if reading fails
     */
    public static Dataset open(List<Path> files, String variable) throws IOException {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no files (expected: one or more)");
        }
        return formatOf(files.get(0)).open(files, variable);
    }

    private static boolean startsAsHdf5(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(HDF5.length), HDF5);
        }
    }
}

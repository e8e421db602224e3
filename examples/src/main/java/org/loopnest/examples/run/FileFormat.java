package org.loopnest.examples.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.loopnest.data.ElementType;

/**
 * The kinds of file {@code ./loopnest run} reads and writes, told apart by the file name's extension (an input
 * starting with a NetCDF magic number is NetCDF whatever its name, {@link #ofInput}): raw arrays
 * ({@code .f32} float32, {@code .f64} float64, {@code .i32} int32, {@code .i64} int64, row-major, no header), NetCDF
 * classic ({@code .nc}) and GrADS descriptors ({@code .ctl}, inputs only). Stateless.
 */
public enum FileFormat {
    /** A raw array: elements only, row-major over the indices it is bound with. */
    RAW,
    /** A classic NetCDF file (CDF-1 or CDF-2); a NetCDF-4/HDF5 file is refused. */
    NETCDF,
    /** A GrADS descriptor ({@code .ctl}) and the data file it names. */
    GRADS;

    private static final String EXPECTED = "expected: .f32, .f64, .i32, .i64 (raw), .nc (NetCDF), .nc4 (NetCDF-4 "
            + "output) or .ctl (GrADS)";

    /**
     * {@return the format of {@code file}, by its extension}
     *
     * @param option how messages name the option, e.g. {@code --in T=t.bin}
     * @param file   the file
     * @throws IllegalArgumentException naming the option when the extension is none of those
     */
    public static FileFormat of(String option, Path file) {
        String name = extension(file);
        return switch (name) {
            case "f32", "f64", "i32", "i64" -> RAW;
            case "nc", "nc3", "nc4", "cdf" -> NETCDF;
            case "ctl" -> GRADS;
            default -> throw new IllegalArgumentException(option + ": cannot tell the format of " + file.getFileName()
                    + " from its extension (" + EXPECTED + ")");
        };
    }

    /**
     * {@return the format of an input file: NetCDF, whatever its name, when it starts with a NetCDF magic number
     * ({@code CDF} classic, {@code \u005cx89HDF} NetCDF-4); else by its extension ({@link #of})}
     *
     * @param option how messages name the option
     * @param file   the input, a readable regular file
     * @throws IllegalArgumentException naming the option when the extension is none of those
     */
    public static FileFormat ofInput(String option, Path file) {
        return startsAsNetcdf(file) ? NETCDF : of(option, file);
    }

    /**
     * {@return whether {@code file} starts with a NetCDF magic number, {@code CDF} or {@code \u005cx89HDF}}
     *
     * @param file the file; false when it is not a regular file or cannot be read ({@link #head})
     */
    public static boolean startsAsNetcdf(Path file) {
        String magic = new String(head(file, 4), StandardCharsets.ISO_8859_1);
        return magic.startsWith("CDF") || magic.startsWith("\u0089HDF");
    }

    /**
     * {@return up to {@code n} first bytes of {@code file}; none when it is not a regular file (a FIFO is never
     * opened: its reader would wait for a writer) or cannot be read, whose check says why}
     *
     * @param file the file
     * @param n    how many bytes at most
     */
    public static byte[] head(Path file, int n) {
        if (!Files.isRegularFile(file)) {
            return new byte[0];
        }
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(n);
        } catch (IOException unreadable) {
            return new byte[0];
        }
    }

    /**
     * {@return the element type a raw file's extension says}
     *
     * @param option how messages name the option
     * @param file   a raw file
     * @throws IllegalArgumentException naming the option when it is not a raw file's extension
     */
    public static ElementType rawType(String option, Path file) {
        return switch (extension(file)) {
            case "f32" -> ElementType.FLOAT;
            case "f64" -> ElementType.DOUBLE;
            case "i32" -> ElementType.INT;
            case "i64" -> ElementType.LONG;
            default -> throw new IllegalArgumentException(option + ": " + file.getFileName() + " is not a raw file ("
                    + EXPECTED + ")");
        };
    }

    /**
     * {@return the element type an output file holds: a raw file's by its extension, float for NetCDF}
     *
     * @param option how messages name the option
     * @param file   an output file
     * @throws IllegalArgumentException naming the option when the extension is none the outputs take
     */
    public static ElementType outputType(String option, Path file) {
        return of(option, file) == NETCDF ? ElementType.FLOAT : rawType(option, file);
    }

    /**
     * {@return whether an output file is named as NetCDF-4 ({@code .nc4}), which it is written as whatever
     * {@code --netcdf4} says}
     *
     * @param file an output file
     */
    public static boolean namesNetcdf4(Path file) {
        return extension(file).equals("nc4");
    }

    private static String extension(Path file) {
        Path name = file.getFileName();
        String text = name == null ? "" : name.toString();
        int dot = text.lastIndexOf('.');
        return dot < 0 ? "" : text.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}

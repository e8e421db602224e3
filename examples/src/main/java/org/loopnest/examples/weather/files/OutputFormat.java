package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.WeatherOutput;

/** The formats {@code --format} names for the outputs of a run over files. Thread-safe (an enum). */
public enum OutputFormat {
    /** One GrADS data set, {@code weather.dat} and {@code weather.ctl} ({@link GradsOutput}). */
    GRADS(List.of(GradsOutput.DATA, GradsOutput.DESCRIPTOR)),
    /** One classic 64-bit-offset NetCDF file, {@code weather.nc} ({@link NetcdfOutput}). */
    NETCDF(List.of(NetcdfOutput.FILE)),
    /** One NetCDF-4 file, {@code weather.nc}, chunked, shuffled and deflated ({@link NetcdfOutput}). */
    NETCDF4(List.of(NetcdfOutput.FILE));

    private final List<String> names;

    OutputFormat(List<String> names) {
        this.names = names;
    }

    /**
     * {@return the format named, case ignored}
     *
     * @param name {@code grads}, {@code netcdf} or {@code netcdf4}
     * @throws IllegalArgumentException naming {@code --format} and the formats there are
     */
    public static OutputFormat parse(String name) {
        for (OutputFormat f : values()) {
            if (f.name().equalsIgnoreCase(name.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException("--format " + name + ": unknown (expected: grads, netcdf or netcdf4)");
    }

    /** {@return the names of the files written in the output directory} */
    public List<String> fileNames() {
        return names;
    }

    /**
     * Stages this format's files for the outputs of {@code in} in {@code dir}.
     *
     * @param set the set the files are staged in, committed by the caller after {@link OutputFiles#finish}
     * @param dir the output directory, existing
     * @param in the input, whose grid the outputs describe
     * @param deflate the deflate level of {@link #NETCDF4} outputs, 0 to 9
     * @param oneFile for NetCDF, the one file to write; null for one file per input file when the input is several
     *     NetCDF files (else {@code weather.nc})
     * @return the files; the caller closes them
     * @throws IllegalArgumentException if the input's times cannot be written in this format (the message names
     *     the input file), or the outputs need more room than {@code dir}'s file system has free (checked up front;
     *     the run fails naming the file if another writer takes the room meanwhile)
     * @throws IOException if a file cannot be made
     */
    public OutputFiles create(StagedFiles set, Path dir, WeatherInput in, int deflate, String oneFile)
            throws IOException {
        long columns = in.points() / in.extents()[1];
        long bytes = ((WeatherOutput.COUNT + 1) * in.points() + (ColumnOutput.COUNT - 1) * columns) * Float.BYTES;
        // NetCDF-4, or one file per input: the run's classic file stays until the copies are made
        checkRoom("--out " + dir, dir, this == NETCDF4 || this == NETCDF && oneFile == null ? 2 * bytes : bytes);
        return switch (this) {
            case GRADS -> GradsOutput.create(set, dir, in);
            case NETCDF -> NetcdfOutput.create(set, dir, in, -1, oneFile);
            case NETCDF4 -> NetcdfOutput.create(set, dir, in, deflate, oneFile);
        };
    }

    /**
     * Checks that {@code dir}'s file system has {@code needed} bytes free for the outputs.
     *
     * @throws IllegalArgumentException if it has not, starting with {@code what}
     * @throws IOException if the file system cannot be asked
     */
    static void checkRoom(String what, Path dir, long needed) throws IOException {
        long free = Files.getFileStore(dir).getUsableSpace();
        if (needed > free) {
            throw new IllegalArgumentException(what + ": the outputs need " + needed + " bytes, its file system has "
                    + free + " free (expected: room for them)");
        }
    }

    /** {@return the name as {@code --format} takes it} */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}

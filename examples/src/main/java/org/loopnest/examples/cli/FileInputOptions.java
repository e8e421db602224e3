package org.loopnest.examples.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.loopnest.examples.run.FileFormat;
import org.loopnest.examples.weather.FileKinds;
import org.loopnest.examples.weather.files.GradsInput;
import org.loopnest.examples.weather.files.NetcdfInput;
import org.loopnest.examples.weather.files.OutputFormat;
import org.loopnest.examples.weather.files.WeatherInput;
import org.loopnest.format.dataset.DatasetFiles;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of {@code loopnest weather} over files: {@code --input} (a classic NetCDF file by its magic number,
 * else a GrADS descriptor by its {@code .ctl} name or text), {@code --var-t}, {@code --var-q}, {@code --levels-var}
 * and {@code --format} of the outputs. Checked by {@link #check} (with {@code --input}: a readable regular file,
 * never a FIFO, which would block the run) or {@link #refuseWithoutInput()} (without) before anything runs; opened
 * by {@link #open}.
 *
 * <p><b>Threading:</b> filled by picocli, then read on the command's thread. <b>Failure:</b> every check throws
 * {@link IllegalArgumentException} with one line naming the option and what was expected.
 */
public final class FileInputOptions {
    @Option(names = "--input", paramLabel = "FILE",
            description = "Read T and q from a GrADS descriptor (.ctl) or a NetCDF file (.nc, classic or NetCDF-4) "
                    + "instead: shape, levels and grid come from the file, which is read chunk by chunk, never "
                    + "whole; needs --out. Several classic NetCDF files, as one dataset joined along time: a quoted "
                    + "glob ('dir/era5_*.nc') or @list.txt. See docs/FILES.md.")
    private Path input;

    @Option(names = "--var-t", paramLabel = "NAME",
            description = "The temperature variable of --input (K). Default: T for GrADS (case ignored); for "
                    + "NetCDF the first of t, T, ta, air_temperature, temp, air, else standard_name air_temperature.")
    private String varT;

    @Option(names = "--var-q", paramLabel = "NAME",
            description = "The specific humidity variable of --input (kg/kg). Default: Q for GrADS (case ignored); "
                    + "for NetCDF the first of q, Q, hus, specific_humidity, shum, spfh, else standard_name "
                    + "specific_humidity.")
    private String varQ;

    @Option(names = "--levels-var", paramLabel = "NAME",
            description = "The vertical coordinate of a NetCDF --input (Pa or hPa). Default: the first of level, "
                    + "pressure_level, isobaricInhPa, plev.")
    private String levelsVar;

    @Option(names = "--format", paramLabel = "grads|netcdf|netcdf4",
            description = "With --input, how --out is written: grads (weather.dat + weather.ctl, the default), "
                    + "netcdf (weather.nc, classic 64-bit offset) or netcdf4 (weather.nc, NetCDF-4: chunked one "
                    + "grid per chunk, shuffled and deflated). A NetCDF input's dimension names, coordinates and "
                    + "global attributes are kept, with a history line.")
    private String format;

    @Option(names = "--out-file", paramLabel = "NAME",
            description = "With several NetCDF --input files and --format netcdf or netcdf4: write one file NAME in "
                    + "--out. Default: one output file per input file, named as it (a dataset kept as the input is).")
    private String outFile;

    @Mixin
    private DeflateOption deflate;

    /** {@return the {@code --input} file, or null for a run without it} */
    Path input() {
        return input;
    }

    /** {@return the output format, {@code grads} by default} */
    OutputFormat format() {
        return format == null ? OutputFormat.GRADS : OutputFormat.parse(format);
    }

    /**
     * {@return the one NetCDF file to write in {@code --out}: {@code --out-file}, else {@code weather.nc} unless the
     * input is several files; null for one output file per input file}
     */
    String oneOutputFile() {
        return outFile != null ? outFile : perInputFile() ? null : OutputFormat.NETCDF.fileNames().get(0);
    }

    /** {@return the names of the files written in {@code --out}} */
    List<String> outputNames() {
        if (outFile != null) {
            return List.of(outFile);
        }
        return perInputFile() ? files().stream().map(p -> p.getFileName().toString()).toList()
                : format().fileNames();
    }

    /**
     * Whether the outputs are one NetCDF file per input file: several NetCDF input files, a NetCDF format, no
     * {@code --out-file}.
     */
    private boolean perInputFile() {
        return outFile == null && isPattern() && format() != OutputFormat.GRADS && files().size() > 1;
    }

    /** {@return the deflate level of NetCDF-4 outputs, 4 by default} */
    int deflate() {
        return deflate.level();
    }

    /** Refuses the options that mean something only with {@code --input}. */
    void refuseWithoutInput() {
        String[] names = {"--var-t", "--var-q", "--levels-var", "--format", "--deflate", "--out-file"};
        Object[] values = {varT, varQ, levelsVar, format, deflate.given() ? deflate : null, outFile};
        for (int i = 0; i < names.length; i++) {
            if (values[i] != null) {
                throw new IllegalArgumentException(names[i] + ": only with --input (expected: --input FILE.ctl or "
                        + "FILE.nc, or no " + names[i] + ")");
            }
        }
    }

    /**
     * Checks the options given with {@code --input}.
     *
     * @param out {@code --out}
     * @param refused options the command found given that do not go with {@code --input}
     */
    void check(Path out, List<String> refused) {
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException(refused.get(0) + ": not with --input (expected: the shape, levels and "
                    + "fields come from " + input + ")");
        }
        if (out == null) {
            throw new IllegalArgumentException("--input " + input + " needs --out DIR (expected: the directory the "
                    + "outputs are written to)");
        }
        for (Path file : files()) {
            FileKinds.requireReadable("--input " + input + (isPattern() ? ": " + file : ""), file,
                    "a GrADS .ctl or a NetCDF .nc file");
        }
        if (isPattern() && isGrads()) {
            throw new IllegalArgumentException("--input " + input + ": " + files().get(0) + " is a GrADS descriptor; "
                    + "GrADS data in several files is one descriptor (expected: NetCDF files, or one .ctl with "
                    + "OPTIONS template)");
        }
        if (levelsVar != null && isGrads()) {
            throw new IllegalArgumentException("--levels-var: only for a NetCDF --input (expected: no --levels-var; "
                    + input + " takes its levels from ZDEF)");
        }
        if (outFile != null && (format() == OutputFormat.GRADS || outFile.contains("/") || outFile.isBlank())) {
            throw new IllegalArgumentException("--out-file " + outFile + ": " + (format() == OutputFormat.GRADS
                    ? "only with --format netcdf or netcdf4" : "not a file name") + " (expected: a file name, "
                    + "written in --out, with --format netcdf or netcdf4)");
        }
        if (perInputFile()) {
            List<String> names = outputNames();
            for (int i = 0; i < names.size(); i++) {
                if (names.indexOf(names.get(i)) != i) {
                    throw new IllegalArgumentException("--input " + input + ": two files named " + names.get(i)
                            + " (expected: distinct names, one output file each; or --out-file NAME)");
                }
            }
        }
        if (deflate.given() && format() != OutputFormat.NETCDF4) {
            throw new IllegalArgumentException(deflate + ": only with --format netcdf4 (expected: "
                    + "--format netcdf4, or no --deflate)");
        }
        deflate.level();
    }

    /**
     * Opens {@code --input}: a GrADS descriptor or a NetCDF file (packed variables unpacked into {@code out}).
     *
     * @throws IllegalArgumentException naming the option when the file or a variable is not as expected
     * @throws IOException when a file cannot be read or unpacked
     */
    WeatherInput open(Path out) throws IOException {
        if (isGrads()) {
            return GradsInput.open(input, varT == null ? "T" : varT, varQ == null ? "Q" : varQ);
        }
        return isPattern() ? NetcdfInput.open(input.toString(), files(), varT, varQ, levelsVar, out)
                : NetcdfInput.open(input, varT, varQ, levelsVar, out);
    }

    /** {@return whether {@code --input} names its files by a glob or a list} */
    boolean namesSeveral() {
        return isPattern();
    }

    /** Whether {@code --input} names several files, by a glob or a list. */
    private boolean isPattern() {
        return DatasetFiles.isPattern(input.toString());
    }

    /** The files {@code --input} names: itself, or those of its glob or list. */
    private List<Path> files() {
        if (!isPattern()) {
            return List.of(input);
        }
        try {
            return DatasetFiles.expand(input.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--input " + e.getMessage(), e);
        }
    }

    /**
     * Whether {@code --input} is a GrADS descriptor: not if it starts with a NetCDF magic ({@code CDF},
     * {@code \x89HDF}); yes if it is named {@code .ctl} or starts with a letter (descriptors are text: {@code DSET},
     * a comment); else it is taken for NetCDF, whose reader names what it found.
     */
    private boolean isGrads() {
        Path first = files().get(0);
        if (FileFormat.startsAsNetcdf(first)) {
            return false;
        }
        byte[] head = FileFormat.head(first, 1);
        Path name = first.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".ctl")
                || head.length > 0 && (Character.isLetter(head[0]) || head[0] == '*');
    }
}

package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.loopnest.data.FileHolder;
import org.loopnest.examples.weather.FileKinds;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetFiles;
import org.loopnest.format.dataset.DatasetVariable;
import org.loopnest.format.dataset.Datasets;
import org.loopnest.format.netcdf.NetcdfLevels;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.internal.format.Quoted;

/**
 * Opens NetCDF files, classic (CDF-1, CDF-2) or NetCDF-4 (by the first file's signature), as a weather input through
 * the dataset layer ({@link Datasets}): {@code T} and {@code q} of dimensions {@code (time, level, lat, lon)} in that
 * order, pressure levels from the vertical coordinate ({@link NetcdfLevels}: {@code level}, {@code pressure_level},
 * {@code isobaricInhPa}, {@code plev} or the one named; Pa or hPa), the coordinates of the other dimensions copied to
 * the outputs. Only the weather's own decisions are here (which variables, which dimension order, which levels); how
 * the files are read, joined and unpacked is the dataset layer's.
 *
 * <p>Decisions: <b>float variables without {@code scale_factor}/{@code add_offset} that the dataset reads in place</b>
 * (classic, records interleaved by the record size; NetCDF-4 stored contiguously) are bound in place on the files,
 * their {@code _FillValue} and {@code missing_value} tested by the generated body ({@link MissingMarkers});
 * <b>anything else</b> (ERA5's packed {@code short}s, chunked or compressed NetCDF-4) is unpacked first into a
 * temporary float32 file beside the outputs ({@link Unpacker}: one extra pass, 4 bytes per value of disk, bounded
 * memory), deleted when the input is closed. <b>Default names</b>: the first of {@link #TEMPERATURE_NAMES} (then
 * {@code standard_name = air_temperature}), and of {@link #HUMIDITY_NAMES} (then
 * {@code standard_name = specific_humidity}). A coordinate variable missing for lat, lon or time gives indices
 * (noted). Stateless; thread-safe.
 */
public final class NetcdfInput {
    /** Temperature variable names tried, in order, when {@code --var-t} is not given. */
    public static final List<String> TEMPERATURE_NAMES = List.of("t", "T", "ta", "air_temperature", "temp", "air");
    /** Humidity variable names tried, in order, when {@code --var-q} is not given. */
    public static final List<String> HUMIDITY_NAMES = List.of("q", "Q", "hus", "specific_humidity", "shum", "spfh");

    private NetcdfInput() {
    }

    /**
     * Opens a file; reads its header and coordinates, and unpacks what needs it into {@code scratch}.
     *
     * @param file the {@code .nc} file, classic or NetCDF-4
     * @param varT the temperature variable (K), or null to look for one
     * @param varQ the specific humidity variable (kg/kg), or null to look for one
     * @param levelsVar the vertical coordinate, or null to look for one
     * @param scratch where temporary unpacked files go (the output directory, which must exist)
     * @return the input; the caller closes it
     * @throws IllegalArgumentException naming the option and what was expected: a file of no format read here, a
     *     malformed one, a variable not found (listing those there are), dimensions in another order, a bad vertical
     *     coordinate
     * @throws IOException when reading or unpacking fails
     */
    public static WeatherInput open(Path file, String varT, String varQ, String levelsVar, Path scratch)
            throws IOException {
        return open(file.toString(), List.of(file), varT, varQ, levelsVar, scratch);
    }

    /**
     * Opens one file or several joined along time (the dataset layer's rules: ordered by the time coordinate, agreeing
     * on the grid, levels, types and packing); reads their headers and coordinates, and unpacks what needs it into
     * {@code scratch} (all files into one temporary file per variable). The first file's format decides.
     *
     * @param given what {@code --input} said (a path, glob or list), for the outputs' {@code history}
     * @param files the {@code .nc} files, in any order
     * @param varT the temperature variable (K), or null to look for one
     * @param varQ the specific humidity variable (kg/kg), or null to look for one
     * @param levelsVar the vertical coordinate, or null to look for one
     * @param scratch where temporary unpacked files go (the output directory, which must exist)
     * @return the input; the caller closes it
     * @throws IllegalArgumentException naming the option and what was expected, as {@link #open(Path, String, String,
     *     String, Path)}; and files that disagree or times that repeat, naming the files
     * @throws IOException when reading or unpacking fails
     */
    public static WeatherInput open(String given, List<Path> files, String varT, String varQ, String levelsVar,
            Path scratch) throws IOException {
        String label = "--input " + (files.size() == 1 ? files.get(0).toString() : files.size() + " files");
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("--input " + file + ": " + FileKinds.describe(file)
                        + " (expected: a GrADS .ctl or a NetCDF .nc file)");
            }
        }
        DatasetCatalog opened;
        try {
            opened = Datasets.catalog(files.get(0));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--input " + files.get(0) + ": " + withoutFile(e, files.get(0)), e);
        }
        try (DatasetCatalog first = opened) {
            return open(given, label, files, first, varT, varQ, levelsVar, scratch);
        }
    }

    private static WeatherInput open(String given, String label, List<Path> files, DatasetCatalog first, String varT,
            String varQ, String levelsVar, Path scratch) throws IOException {
        NetcdfLevels levels;
        try {
            levels = first.levels(levelsVar);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException((levelsVar == null ? "--input " + files.get(0) : "--levels-var "
                    + levelsVar) + ": " + e.getMessage(), e);
        }
        DatasetVariable t = find(first, "--var-t", varT, TEMPERATURE_NAMES, "air_temperature");
        DatasetVariable q = find(first, "--var-q", varQ, HUMIDITY_NAMES, "specific_humidity");
        String levelDim = first.findVariable(levels.variable()).orElseThrow().dimensionNames().get(0);
        checkDimensions("--var-t", t, levelDim);
        checkDimensions("--var-q", q, levelDim);
        if (!q.dimensionNames().equals(t.dimensionNames()) || !Arrays.equals(q.shape(), t.shape())) {
            throw new IllegalArgumentException("--var-q " + q.name() + ": dimensions " + q.dimensionNames() + " "
                    + Arrays.toString(q.shape()) + " differ from --var-t " + t.name() + "'s " + t.dimensionNames() + " "
                    + Arrays.toString(t.shape()) + " (expected: the same)");
        }
        Dataset tData = dataset(label, files, t.name());
        Dataset qData = dataset(label, files, q.name());
        long[] shape = tData.shape();
        if (shape[0] < 1) {
            throw new IllegalArgumentException(label + ": no time steps in " + t.name()
                    + " (expected: at least one record)");
        }
        float[] hPa = new float[levels.hPa().length];
        for (int k = 0; k < hPa.length; k++) {
            hPa[k] = (float) levels.hPa()[k];
        }
        try {
            WeatherFields.checkLevels(hPa, Math.toIntExact(shape[1]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": vertical coordinate '" + levels.variable()
                    + "' " + e.getMessage(), e);
        }
        List<String> notes = new ArrayList<>(tData.notes());
        List<Path> temporaries = new ArrayList<>();
        try {
            FileGrid tGrid = bind(tData, t, scratch, notes, temporaries);
            FileGrid qGrid = bind(qData, q, scratch, notes, temporaries);
            MissingMarkers markers = MissingMarkers.of(temporaries.contains(tGrid.path()) ? new float[0]
                    : PackingMarkers.of(t.packing()), temporaries.contains(qGrid.path()) ? new float[0]
                    : PackingMarkers.of(q.packing()));
            if (!markers.none()) {
                notes.add("missing values " + markers + ": tested by the body");
            }
            List<String> dims = t.dimensionNames();
            OutputGrid grid = new OutputGrid(null, first.globalAttribute("title").map(a -> a.text()).orElse(""),
                    coordinate(first, dims.get(3), shape[3], notes), coordinate(first, dims.get(2), shape[2], notes),
                    levels.hPa(), time(first, tData, dims.get(0), shape[0], notes), -9.99e8);
            List<Path> sorted = tData.files();
            CopiedGrid copied = CopiedGrid.of(tData, t.record(), given);
            return new WeatherInput(sorted, DatasetFiles.label(sorted) + " (" + first.format() + "): " + t.name()
                    + ", " + q.name() + ", levels " + levels.variable() + " (" + levels.units() + ")", shape, hPa,
                    tGrid, qGrid, markers, grid, notes, temporaries, copied);
        } catch (IOException | RuntimeException e) {
            for (Path temporary : temporaries) {
                Files.deleteIfExists(temporary);
            }
            throw e;
        }
    }

    /** The reader's message without a leading file name that the option's label repeats. */
    private static String withoutFile(IllegalArgumentException e, Path file) {
        String message = e.getMessage();
        return message.startsWith(file + ": ") ? message.substring(file.toString().length() + 2) : message;
    }

    private static Dataset dataset(String label, List<Path> files, String variable) throws IOException {
        try {
            return Datasets.open(files, variable);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + e.getMessage(), e);
        }
    }

    private static DatasetVariable find(DatasetCatalog c, String option, String name, List<String> names,
            String standardName) {
        if (name != null) {
            return c.findVariable(name).orElseThrow(() -> new IllegalArgumentException(option + " " + name
                    + ": no such variable in " + c.file().getFileName() + " (expected one of: " + list(c) + ")"));
        }
        for (String candidate : names) {
            Optional<DatasetVariable> v = c.findVariable(candidate);
            if (v.isPresent()) {
                return v.get();
            }
        }
        return c.variables().stream().filter(v -> v.attribute("standard_name").filter(a -> a.length() > 0
                && a.text() != null).map(a -> a.text().strip()).filter(standardName::equals).isPresent()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(option + ": none of " + String.join(", ", names)
                        + " nor a standard_name " + standardName + " in " + c.file().getFileName()
                        + " (expected: " + option + " NAME, one of: " + list(c) + ")"));
    }

    private static String list(DatasetCatalog c) {
        return Quoted.names(c.variables().stream().map(DatasetVariable::name).toList());
    }

    private static void checkDimensions(String option, DatasetVariable v, String levelDim) {
        List<String> dims = v.dimensionNames();
        if (dims.size() != 4 || !dims.get(1).equals(levelDim)) {
            throw new IllegalArgumentException(option + " " + v.name() + ": dimensions (" + String.join(", ", dims)
                    + ") (expected: (time, " + levelDim + ", lat, lon) in that order, the vertical coordinate's "
                    + "dimension '" + levelDim + "' second)");
        }
    }

    /**
     * The variable in place if the dataset reads it so and it is an unpacked float (from each file, for several),
     * else unpacked into one temporary file.
     */
    private static FileGrid bind(Dataset data, DatasetVariable v, Path scratch, List<String> notes,
            List<Path> temporaries) throws IOException {
        NetcdfPacking p = v.packing();
        boolean packed = p.scale() != 1 || p.offset() != 0;
        long[] shape = data.shape();
        if (data.readsInPlace() && data.elementType() == org.loopnest.data.ElementType.FLOAT && !packed) {
            FileHolder in = data.holder();
            long[] strides = in.strides(shape);
            long size = Float.BYTES;
            return new FileGrid(in.path(), in.byteOrder(), in.offsetBytes(), shape[0] > 1 ? strides[0] * size : 0,
                    shape[1] > 1 ? strides[1] * size : 0, Math.toIntExact(shape[2]), Math.toIntExact(shape[3]),
                    in.spansFiles() ? in.parts() : null);
        }
        FileGrid unpacked = Unpacker.unpack(data, scratch);
        temporaries.add(unpacked.path());
        notes.add(v.name() + ": " + data.storage() + (packed ? " packed (scale_factor " + p.scale() + ", add_offset "
                + p.offset() + ")" : "") + ", unpacked first into a temporary float32 file of " + data.unpackedBytes()
                + " bytes");
        return unpacked;
    }

    /** The coordinate variable of a dimension, physical values; indices if there is none (noted). */
    private static double[] coordinate(DatasetCatalog c, String dim, long n, List<String> notes) throws IOException {
        Optional<double[]> values = c.coordinate(dim);
        if (values.isPresent()) {
            return values.get();
        }
        notes.add("no coordinate variable '" + dim + "': indices 0 to " + (n - 1) + " instead");
        double[] indices = new double[Math.toIntExact(n)];
        Arrays.setAll(indices, i -> i);
        return indices;
    }

    private static TimeAxis time(DatasetCatalog c, Dataset data, String dim, long n, List<String> notes)
            throws IOException {
        double[] values = data.time().isPresent() ? data.time().get() : coordinate(c, dim, n, notes);
        String units = c.findVariable(dim).flatMap(v -> v.packing().units()).orElse(null);
        if (units == null || !units.contains("since")) {
            notes.add("time '" + dim + "' has no 'units = ... since ...': steps counted as days since 2000-01-01");
            Arrays.setAll(values, i -> i);
            units = "days since 2000-01-01 00:00:00";
        }
        return new TimeAxis(values, units);
    }
}

package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.loopnest.data.FilePart;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.format.netcdf.NetcdfDataset;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfLevels;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.format.netcdf.NetcdfVariable;
import org.loopnest.internal.format.Quoted;

/**
 * Opens a classic NetCDF file (CDF-1 or CDF-2) as a weather input: {@code T} and {@code q} of dimensions
 * {@code (time, level, lat, lon)} in that order, pressure levels from the vertical coordinate ({@link NetcdfLevels}:
 * {@code level}, {@code pressure_level}, {@code isobaricInhPa}, {@code plev} or the one named; Pa or hPa), the
 * coordinates of the other dimensions copied to the outputs.
 *
 * <p>Decisions: <b>float variables without {@code scale_factor}/{@code add_offset}</b> are bound in place on the
 * file (big-endian, record variables interleaved by the record size), their {@code _FillValue} and
 * {@code missing_value} tested by the generated body ({@link MissingMarkers}); <b>anything else</b> (ERA5's packed
 * {@code short}s) is unpacked first into a temporary float32 file beside the outputs ({@link Unpacker}: one extra
 * pass, 4 bytes per value of disk, bounded memory), deleted when the input is closed. <b>Default names</b>: the
 * first of {@link #TEMPERATURE_NAMES} (then {@code standard_name = air_temperature}), and of
 * {@link #HUMIDITY_NAMES} (then {@code standard_name = specific_humidity}). A coordinate variable missing for lat,
 * lon or time gives indices (noted). NetCDF-4 (HDF5) files are refused here: {@link Netcdf4Input} reads them. Stateless; thread-safe.
 */
public final class NetcdfInput {
    /** Temperature variable names tried, in order, when {@code --var-t} is not given. */
    public static final List<String> TEMPERATURE_NAMES = List.of("t", "T", "ta", "air_temperature", "temp", "air");
    /** Humidity variable names tried, in order, when {@code --var-q} is not given. */
    public static final List<String> HUMIDITY_NAMES = List.of("q", "Q", "hus", "specific_humidity", "shum", "spfh");

    private static final byte[] HDF5_MAGIC = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

    private NetcdfInput() {
    }

    /**
     * Opens a file; reads its header and coordinates, and unpacks what needs it into {@code scratch}.
     *
     * @param file the {@code .nc} file
     * @param varT the temperature variable (K), or null to look for one
     * @param varQ the specific humidity variable (kg/kg), or null to look for one
     * @param levelsVar the vertical coordinate, or null to look for one
     * @param scratch where temporary unpacked files go (the output directory, which must exist)
     * @return the input; the caller closes it
     * @throws IllegalArgumentException naming the option and what was expected: a NetCDF-4 file, a malformed one,
     *     a variable not found (listing those there are), dimensions in another order, a bad vertical coordinate
     * @throws IOException when reading or unpacking fails
     */
    public static WeatherInput open(Path file, String varT, String varQ, String levelsVar, Path scratch)
            throws IOException {
        return open(file.toString(), List.of(file), varT, varQ, levelsVar, scratch);
    }

    /**
     * Opens one file or several joined along time ({@link NetcdfDataset}: ordered by the time coordinate, agreeing on
     * the grid, levels, types and packing); reads their headers and coordinates, and unpacks what needs it into
     * {@code scratch} (all files into one temporary file per variable).
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
            refuseHdf5(file);
        }
        NetcdfHeader first;
        NetcdfLevels levels;
        try {
            first = NetcdfFile.open(files.get(0));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--input " + files.get(0) + ": " + e.getMessage());
        }
        try {
            levels = NetcdfLevels.read(first, levelsVar);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException((levelsVar == null ? "--input " + files.get(0) : "--levels-var "
                    + levelsVar) + ": " + e.getMessage());
        }
        NetcdfDataset tData = dataset(label, files, find(first, "--var-t", varT, TEMPERATURE_NAMES,
                "air_temperature"));
        NetcdfDataset qData = dataset(label, files, find(first, "--var-q", varQ, HUMIDITY_NAMES,
                "specific_humidity"));
        NetcdfHeader h = tData.headers().get(0);
        NetcdfVariable t = tData.declared();
        NetcdfVariable q = qData.declared();
        String levelDim = h.variable(levels.variable()).dimensionNames().get(0);
        checkDimensions(h, "--var-t", t, levelDim);
        checkDimensions(h, "--var-q", q, levelDim);
        if (!q.dimensionNames().equals(t.dimensionNames())) {
            throw new IllegalArgumentException("--var-q " + q.name() + ": dimensions " + q.dimensionNames()
                    + " differ from --var-t " + t.name() + "'s " + t.dimensionNames() + " (expected: the same)");
        }
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
                    + "' " + e.getMessage());
        }
        List<String> notes = new ArrayList<>(tData.notes());
        List<Path> temporaries = new ArrayList<>();
        try {
            FileGrid tGrid = bind(tData, hPa.length, scratch, notes, temporaries);
            FileGrid qGrid = bind(qData, hPa.length, scratch, notes, temporaries);
            MissingMarkers markers = MissingMarkers.of(temporaries.contains(tGrid.path()) ? new float[0] : markers(t),
                    temporaries.contains(qGrid.path()) ? new float[0] : markers(q));
            if (!markers.none()) {
                notes.add("missing values " + markers + ": tested by the body");
            }
            List<String> dims = t.dimensionNames();
            OutputGrid grid = new OutputGrid(null, h.attribute("title").map(a -> a.text()).orElse(""),
                    coordinate(h, dims.get(3), shape[3], notes), coordinate(h, dims.get(2), shape[2], notes),
                    levels.hPa(), time(h, tData, dims.get(0), shape[0], notes), -9.99e8);
            List<Path> sorted = tData.files();
            String named = sorted.size() == 1 ? sorted.get(0).getFileName().toString() : sorted.size() + " files ("
                    + sorted.get(0).getFileName() + " … " + sorted.get(sorted.size() - 1).getFileName() + ")";
            CopiedGrid copied = CopiedGrid.of(tData, t.isRecord(), given);
            return new WeatherInput(sorted, named + " (NetCDF): " + t.name() + ", " + q.name() + ", levels "
                    + levels.variable() + " (" + levels.units() + ")", shape, hPa, tGrid, qGrid, markers, grid, notes,
                    temporaries, copied);
        } catch (IOException | RuntimeException e) {
            for (Path temporary : temporaries) {
                Files.deleteIfExists(temporary);
            }
            throw e;
        }
    }

    private static NetcdfDataset dataset(String label, List<Path> files, NetcdfVariable variable) throws IOException {
        try {
            return NetcdfDataset.open(files, variable.name());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + e.getMessage(), e);
        }
    }

    private static void refuseHdf5(Path file) throws IOException {
        byte[] magic = new byte[HDF5_MAGIC.length];
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--input " + file + ": " + org.loopnest.examples.weather.FileKinds
                    .describe(file) + " (expected: a GrADS .ctl or a NetCDF .nc file)");
        }
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(magic, 0, magic.length) == magic.length && Arrays.equals(magic, HDF5_MAGIC)) {
                throw new IllegalArgumentException("--input " + file + ": a NetCDF-4 (HDF5) file (expected here: a "
                        + "classic NetCDF-3 file, CDF-1 or CDF-2; Netcdf4Input reads NetCDF-4)");
            }
        }
    }

    private static NetcdfVariable find(NetcdfHeader h, String option, String name, List<String> names,
            String standardName) {
        if (name != null) {
            return h.findVariable(name).orElseThrow(() -> new IllegalArgumentException(option + " " + name
                    + ": no such variable in " + h.file().getFileName() + " (expected one of: " + list(h) + ")"));
        }
        for (String candidate : names) {
            Optional<NetcdfVariable> v = h.findVariable(candidate);
            if (v.isPresent()) {
                return v.get();
            }
        }
        return h.variables().stream().filter(v -> v.attribute("standard_name").filter(a -> a.type()
                == NetcdfType.CHAR).map(a -> a.text().strip()).filter(standardName::equals).isPresent()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(option + ": none of " + String.join(", ", names)
                        + " nor a standard_name " + standardName + " in " + h.file().getFileName()
                        + " (expected: " + option + " NAME, one of: " + list(h) + ")"));
    }

    private static String list(NetcdfHeader h) {
        return Quoted.names(h.variables().stream().map(NetcdfVariable::name).toList());
    }

    private static void checkDimensions(NetcdfHeader h, String option, NetcdfVariable v, String levelDim) {
        List<String> dims = v.dimensionNames();
        if (dims.size() != 4 || !dims.get(1).equals(levelDim)) {
            throw new IllegalArgumentException(option + " " + v.name() + ": dimensions (" + String.join(", ", dims)
                    + ") (expected: (time, " + levelDim + ", lat, lon) in that order, the vertical coordinate's "
                    + "dimension '" + levelDim + "' second)");
        }
        if (v.dimensions().subList(1, 4).stream().anyMatch(d -> d.record())) {
            throw new IllegalArgumentException(option + " " + v.name() + ": the record dimension is not first "
                    + dims + " (expected: only time may be the record dimension)");
        }
    }

    /**
     * The variable in place if it is float and unpacked (from each file, for several), else unpacked into one
     * temporary file.
     */
    private static FileGrid bind(NetcdfDataset data, int nz, Path scratch, List<String> notes, List<Path> temporaries)
            throws IOException {
        NetcdfVariable v = data.declared();
        NetcdfHeader h = data.headers().get(0);
        NetcdfPacking p = NetcdfPacking.of(v);
        long[] shape = data.shape();
        if (v.type() == NetcdfType.FLOAT && p.scale() == 1 && p.offset() == 0 && data.readsInPlace()) {
            long first = h.gridOffset(v, 0, 0);
            long tStride = v.isRecord() ? h.recordSize() : shape[1] * shape[2] * shape[3] * Float.BYTES;
            long zStride = nz > 1 ? h.gridOffset(v, 0, 1) - first : 0;
            List<FilePart> parts = new ArrayList<>();
            long[] counts = data.counts();
            for (int k = 0; k < counts.length; k++) {
                NetcdfHeader hk = data.headers().get(k);
                parts.add(new FilePart(hk.file(), hk.gridOffset(hk.variable(v.name()), 0, 0), counts[k]));
            }
            return new FileGrid(h.file(), ByteOrder.BIG_ENDIAN, first, tStride, zStride, Math.toIntExact(shape[2]),
                    Math.toIntExact(shape[3]), parts.size() > 1 ? parts : null);
        }
        FileGrid unpacked = Unpacker.unpack(data, scratch);
        temporaries.add(unpacked.path());
        notes.add(v.name() + ": " + v.type().name().toLowerCase(java.util.Locale.ROOT) + (p.scale() != 1
                || p.offset() != 0 ? " packed (scale_factor " + p.scale() + ", add_offset " + p.offset() + ")" : "")
                + ", unpacked first into a temporary float32 file of " + shape[0] * nz * shape[2] * shape[3] * 4
                + " bytes");
        return unpacked;
    }

    private static float[] markers(NetcdfVariable v) {
        return PackingMarkers.of(NetcdfPacking.of(v));
    }

    /** The coordinate variable of a dimension, physical values; indices if there is none (noted). */
    private static double[] coordinate(NetcdfHeader h, String dim, long n, List<String> notes) throws IOException {
        Optional<NetcdfVariable> v = h.findVariable(dim).filter(c -> c.dimensionNames().equals(List.of(dim)));
        if (v.isEmpty()) {
            notes.add("no coordinate variable '" + dim + "': indices 0 to " + (n - 1) + " instead");
            double[] indices = new double[Math.toIntExact(n)];
            Arrays.setAll(indices, i -> i);
            return indices;
        }
        NetcdfPacking p = NetcdfPacking.of(v.get());
        double[] values = NetcdfFile.readValues(h, v.get());
        for (int i = 0; i < values.length; i++) {
            values[i] = values[i] * p.scale() + p.offset();
        }
        return values;
    }

    private static TimeAxis time(NetcdfHeader h, NetcdfDataset data, String dim, long n, List<String> notes)
            throws IOException {
        double[] values = data.time().orElse(null);
        if (values == null) {
            values = coordinate(h, dim, n, notes);
        }
        String units = h.findVariable(dim).flatMap(v -> NetcdfPacking.of(v).units()).orElse(null);
        if (units == null || !units.contains("since")) {
            notes.add("time '" + dim + "' has no 'units = ... since ...': steps counted as days since 2000-01-01");
            Arrays.setAll(values, i -> i);
            units = "days since 2000-01-01 00:00:00";
        }
        return new TimeAxis(values, units);
    }
}

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
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;
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
        refuseHdf5(file);
        NetcdfHeader h;
        NetcdfLevels levels;
        try {
            h = NetcdfFile.open(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--input " + file + ": " + e.getMessage());
        }
        try {
            levels = NetcdfLevels.read(h, levelsVar);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException((levelsVar == null ? "--input " + file : "--levels-var " + levelsVar)
                    + ": " + e.getMessage());
        }
        NetcdfVariable t = find(h, "--var-t", varT, TEMPERATURE_NAMES, "air_temperature");
        NetcdfVariable q = find(h, "--var-q", varQ, HUMIDITY_NAMES, "specific_humidity");
        String levelDim = h.variable(levels.variable()).dimensionNames().get(0);
        checkDimensions(h, "--var-t", t, levelDim);
        checkDimensions(h, "--var-q", q, levelDim);
        if (!q.dimensionNames().equals(t.dimensionNames())) {
            throw new IllegalArgumentException("--var-q " + q.name() + ": dimensions " + q.dimensionNames()
                    + " differ from --var-t " + t.name() + "'s " + t.dimensionNames() + " (expected: the same)");
        }
        long[] shape = Unpacker.shapeOf(h, t);
        if (shape[0] < 1) {
            throw new IllegalArgumentException("--input " + file + ": no time steps in " + t.name()
                    + " (expected: at least one record)");
        }
        float[] hPa = new float[levels.hPa().length];
        for (int k = 0; k < hPa.length; k++) {
            hPa[k] = (float) levels.hPa()[k];
        }
        try {
            WeatherFields.checkLevels(hPa, Math.toIntExact(shape[1]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--input " + file + ": vertical coordinate '" + levels.variable()
                    + "' " + e.getMessage());
        }
        List<String> notes = new ArrayList<>();
        List<Path> temporaries = new ArrayList<>();
        try {
            FileGrid tGrid = bind(h, t, hPa.length, scratch, notes, temporaries);
            FileGrid qGrid = bind(h, q, hPa.length, scratch, notes, temporaries);
            MissingMarkers markers = MissingMarkers.of(tGrid.path().equals(h.file()) ? markers(t) : new float[0],
                    qGrid.path().equals(h.file()) ? markers(q) : new float[0]);
            if (!markers.none()) {
                notes.add("missing values " + markers + ": tested by the body");
            }
            List<String> dims = t.dimensionNames();
            OutputGrid grid = new OutputGrid(null, h.attribute("title").map(a -> a.text()).orElse(""),
                    coordinate(h, dims.get(3), shape[3], notes), coordinate(h, dims.get(2), shape[2], notes),
                    levels.hPa(), time(h, dims.get(0), shape[0], notes), -9.99e8);
            return new WeatherInput(List.of(file), file.getFileName() + " (NetCDF): " + t.name() + ", " + q.name()
                    + ", levels " + levels.variable() + " (" + levels.units() + ")", shape, hPa, tGrid, qGrid, markers,
                    grid, notes, temporaries);
        } catch (IOException | RuntimeException e) {
            for (Path temporary : temporaries) {
                Files.deleteIfExists(temporary);
            }
            throw e;
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

    /** The variable in place if it is float and unpacked, else unpacked into a temporary file. */
    private static FileGrid bind(NetcdfHeader h, NetcdfVariable v, int nz, Path scratch, List<String> notes,
            List<Path> temporaries) throws IOException {
        NetcdfPacking p = NetcdfPacking.of(v);
        long[] shape = Unpacker.shapeOf(h, v);
        if (v.type() == NetcdfType.FLOAT && p.scale() == 1 && p.offset() == 0) {
            long first = h.gridOffset(v, 0, 0);
            long tStride = shape[0] > 1 ? h.gridOffset(v, 1, 0) - first : 0;
            long zStride = nz > 1 ? h.gridOffset(v, 0, 1) - first : 0;
            return new FileGrid(h.file(), ByteOrder.BIG_ENDIAN, first, tStride, zStride, Math.toIntExact(shape[2]),
                    Math.toIntExact(shape[3]));
        }
        FileGrid unpacked = Unpacker.unpack(h, v, nz, scratch);
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

    private static TimeAxis time(NetcdfHeader h, String dim, long n, List<String> notes) throws IOException {
        double[] values = coordinate(h, dim, n, notes);
        String units = h.findVariable(dim).flatMap(v -> NetcdfPacking.of(v).units()).orElse(null);
        if (units == null || !units.contains("since")) {
            notes.add("time '" + dim + "' has no 'units = ... since ...': steps counted as days since 2000-01-01");
            Arrays.setAll(values, i -> i);
            units = "days since 2000-01-01 00:00:00";
        }
        return new TimeAxis(values, units);
    }
}

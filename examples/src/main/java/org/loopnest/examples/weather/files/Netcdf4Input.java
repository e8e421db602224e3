package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.loopnest.data.FileHolder;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.format.netcdf.NetcdfLevels;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.format.netcdf4.Netcdf4Dataset;
import org.loopnest.format.netcdf4.Netcdf4File;
import org.loopnest.format.netcdf4.Netcdf4FormatException;
import org.loopnest.format.netcdf4.Netcdf4Type;
import org.loopnest.format.netcdf4.Netcdf4Variable;
import org.loopnest.internal.format.Quoted;

/**
 * Opens a NetCDF-4 (HDF5) file as a weather input, with the same rules as {@link NetcdfInput} for classic files
 * (names tried, dimensions {@code (time, level, lat, lon)}, levels from the vertical coordinate, coordinates copied),
 * read through {@code loopnest-netcdf4} (jHDF).
 *
 * <p>Decisions: a <b>float variable stored contiguously</b> is bound in place on the file at its data's offset, in
 * its byte order, its {@code _FillValue}/{@code missing_value} tested by the body ({@link MissingMarkers});
 * <b>anything else</b> (chunked, compressed, packed {@code short}s) is unpacked first by
 * {@link Netcdf4File#unpackTo} into a temporary little-endian float32 file beside the outputs, NaN where missing
 * (one extra pass, 4 bytes of disk per value, memory bounded by one box of chunks), deleted when the input is closed.
 * Stateless; thread-safe.
 */
public final class Netcdf4Input {
    private Netcdf4Input() {
    }

    /**
     * Opens a NetCDF-4 file; reads its metadata and coordinates, and unpacks what needs it into {@code scratch}.
     *
     * @param file the {@code .nc} file, HDF5-based
     * @param varT the temperature variable (K), or null to look for one
     * @param varQ the specific humidity variable (kg/kg), or null to look for one
     * @param levelsVar the vertical coordinate, or null to look for one
     * @param scratch where temporary unpacked files go (the output directory)
     * @return the input; the caller closes it
     * @throws IllegalArgumentException naming the option and what was expected
     * @throws IOException when reading or unpacking fails
     */
    public static WeatherInput open(Path file, String varT, String varQ, String levelsVar, Path scratch)
            throws IOException {
        return open(file.toString(), List.of(file), varT, varQ, levelsVar, scratch);
    }

    /**
     * Opens one NetCDF-4 file or several joined along time ({@link Netcdf4Dataset}: in time order, agreeing on the
     * rest); unpacks what needs it into {@code scratch} (the files into one temporary file per variable).
     *
     * @param given what {@code --input} said (a path, glob or list), for the outputs' {@code history}
     * @param files the files, in any order
     * @param varT the temperature variable (K), or null to look for one
     * @param varQ the specific humidity variable (kg/kg), or null to look for one
     * @param levelsVar the vertical coordinate, or null to look for one
     * @param scratch where temporary unpacked files go (the output directory)
     * @return the input; the caller closes it
     * @throws IllegalArgumentException naming the option (and the files for a disagreement) and what was expected
     * @throws IOException when reading or unpacking fails
     */
    public static WeatherInput open(String given, List<Path> files, String varT, String varQ, String levelsVar,
            Path scratch) throws IOException {
        Path file = files.get(0);
        String label = "--input " + (files.size() == 1 ? file.toString() : files.size() + " files");
        Netcdf4File opened;
        try {
            opened = Netcdf4File.open(file);
        } catch (Netcdf4FormatException e) {
            throw new IllegalArgumentException("--input " + file + ": " + e.getMessage(), e);
        }
        try (Netcdf4File nc = opened) {
            NetcdfLevels levels;
            try {
                levels = nc.levels(levelsVar);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException((levelsVar == null ? "--input " + file : "--levels-var "
                        + levelsVar) + ": " + e.getMessage(), e);
            }
            Netcdf4Variable t = find(nc, "--var-t", varT, NetcdfInput.TEMPERATURE_NAMES, "air_temperature");
            Netcdf4Variable q = find(nc, "--var-q", varQ, NetcdfInput.HUMIDITY_NAMES, "specific_humidity");
            String levelDim = nc.variable(levels.variable()).dimensionNames().get(0);
            checkDimensions("--var-t", t, levelDim);
            checkDimensions("--var-q", q, levelDim);
            if (!Arrays.equals(q.shape(), t.shape()) || !q.dimensionNames().equals(t.dimensionNames())) {
                throw new IllegalArgumentException("--var-q " + q.name() + ": dimensions " + q.dimensionNames()
                        + " " + Arrays.toString(q.shape()) + " differ from --var-t " + t.name() + "'s "
                        + t.dimensionNames() + " " + Arrays.toString(t.shape()) + " (expected: the same)");
            }
            Netcdf4Dataset tData = dataset(label, files, t.name());
            Netcdf4Dataset qData = dataset(label, files, q.name());
            long[] shape = tData.shape();
            float[] hPa = new float[levels.hPa().length];
            for (int k = 0; k < hPa.length; k++) {
                hPa[k] = (float) levels.hPa()[k];
            }
            try {
                WeatherFields.checkLevels(hPa, Math.toIntExact(shape[1]));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--input " + file + ": vertical coordinate '" + levels.variable()
                        + "' " + e.getMessage(), e);
            }
            List<String> notes = new ArrayList<>();
            List<Path> temporaries = new ArrayList<>();
            try {
                notes.addAll(tData.notes());
                FileGrid tGrid = bind(tData, scratch, notes, temporaries);
                FileGrid qGrid = bind(qData, scratch, notes, temporaries);
                MissingMarkers markers = MissingMarkers.of(temporaries.contains(tGrid.path()) ? new float[0]
                        : markers(t), temporaries.contains(qGrid.path()) ? new float[0] : markers(q));
                if (!markers.none()) {
                    notes.add("missing values " + markers + ": tested by the body");
                }
                List<String> dims = t.dimensionNames();
                String title = nc.attributes().stream().filter(a -> a.name().equals("title")).map(a -> a.text())
                        .findFirst().orElse("");
                OutputGrid grid = new OutputGrid(null, title, coordinate(nc, dims.get(3), shape[3], notes),
                        coordinate(nc, dims.get(2), shape[2], notes), levels.hPa(),
                        time(nc, tData, dims.get(0), shape[0], notes), -9.99e8);
                List<Path> sorted = tData.files();
                String named = sorted.size() == 1 ? sorted.get(0).getFileName().toString() : sorted.size()
                        + " files (" + sorted.get(0).getFileName() + " … " + sorted.get(sorted.size() - 1)
                        .getFileName() + ")";
                CopiedGrid copied = CopiedGrid.of(tData, false, given);
                return new WeatherInput(sorted, named + " (NetCDF-4): " + t.name() + ", "
                        + q.name() + ", levels " + levels.variable() + " (" + levels.units() + ")", shape, hPa, tGrid,
                        qGrid, markers, grid, notes, temporaries, copied);
            } catch (IOException | RuntimeException e) {
                for (Path temporary : temporaries) {
                    Files.deleteIfExists(temporary);
                }
                throw e;
            }
        }
    }

    private static Netcdf4Variable find(Netcdf4File nc, String option, String name, List<String> names,
                                        String standardName) {
        if (name != null) {
            return nc.findVariable(name).orElseThrow(() -> new IllegalArgumentException(option + " " + name
                    + ": no such variable in " + nc.file().getFileName() + " (expected one of: " + list(nc) + ")"));
        }
        for (String candidate : names) {
            Optional<Netcdf4Variable> v = nc.findVariable(candidate);
            if (v.isPresent()) {
                return v.get();
            }
        }
        return nc.variables().stream().filter(v -> v.attribute("standard_name").map(a -> a.text().strip())
                .filter(standardName::equals).isPresent()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(option + ": none of " + String.join(", ", names)
                        + " nor a standard_name " + standardName + " in " + nc.file().getFileName()
                        + " (expected: " + option + " NAME, one of: " + list(nc) + ")"));
    }

    private static String list(Netcdf4File nc) {
        return Quoted.names(nc.variables().stream().map(Netcdf4Variable::name).toList());
    }

    private static void checkDimensions(String option, Netcdf4Variable v, String levelDim) {
        List<String> dims = v.dimensionNames();
        if (dims.size() != 4 || !dims.get(1).equals(levelDim)) {
            throw new IllegalArgumentException(option + " " + v.name() + ": dimensions (" + String.join(", ", dims)
                    + ") (expected: (time, " + levelDim + ", lat, lon) in that order, the vertical coordinate's "
                    + "dimension '" + levelDim + "' second)");
        }
    }

    private static Netcdf4Dataset dataset(String label, List<Path> files, String name) throws IOException {
        try {
            return Netcdf4Dataset.open(files, name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + e.getMessage(), e);
        }
    }

    /** The variable in place if it is a contiguous float in every file, else unpacked into a temporary file. */
    private static FileGrid bind(Netcdf4Dataset data, Path scratch, List<String> notes, List<Path> temporaries)
            throws IOException {
        Netcdf4Variable v = data.declared();
        long[] shape = data.shape();
        int ny = Math.toIntExact(shape[2]);
        int nx = Math.toIntExact(shape[3]);
        long grid = (long) ny * nx * Float.BYTES;
        NetcdfPacking p = v.packing();
        if (data.readsInPlace()) {
            FileHolder in = data.holder();
            return new FileGrid(in.path(), in.byteOrder(), in.offsetBytes(), shape[1] * grid, grid, ny, nx,
                    in.spansFiles() ? in.parts() : null);
        }
        FileGrid unpacked = Unpacker.unpack(data, scratch);
        temporaries.add(unpacked.path());
        notes.add(v.name() + ": " + v.type().name().toLowerCase(java.util.Locale.ROOT) + " " + v.storage().name()
                .toLowerCase(java.util.Locale.ROOT) + (p.scale() != 1 || p.offset() != 0 ? " packed (scale_factor "
                + p.scale() + ", add_offset " + p.offset() + ")" : "") + ", unpacked first into a temporary float32 "
                + "file of " + data.unpackedBytes() + " bytes");
        return unpacked;
    }

    private static float[] markers(Netcdf4Variable v) {
        return PackingMarkers.of(v.packing());
    }

    private static double[] coordinate(Netcdf4File nc, String dim, long n, List<String> notes) throws IOException {
        Optional<Netcdf4Variable> v = nc.findVariable(dim).filter(c -> c.dimensionNames().equals(List.of(dim))
                && c.type() != Netcdf4Type.OTHER);
        if (v.isEmpty()) {
            notes.add("no coordinate variable '" + dim + "': indices 0 to " + (n - 1) + " instead");
            double[] indices = new double[Math.toIntExact(n)];
            Arrays.setAll(indices, i -> i);
            return indices;
        }
        NetcdfPacking p = v.get().packing();
        double[] values = nc.readValues(v.get());
        for (int i = 0; i < values.length; i++) {
            values[i] = values[i] * p.scale() + p.offset();
        }
        return values;
    }

    private static TimeAxis time(Netcdf4File nc, Netcdf4Dataset data, String dim, long n, List<String> notes)
            throws IOException {
        double[] values = data.time().isPresent() ? data.time().get() : coordinate(nc, dim, n, notes);
        String units = nc.findVariable(dim).flatMap(v -> v.packing().units()).orElse(null);
        if (units == null || !units.contains("since")) {
            notes.add("time '" + dim + "' has no 'units = ... since ...': steps counted as days since 2000-01-01");
            Arrays.setAll(values, i -> i);
            units = "days since 2000-01-01 00:00:00";
        }
        return new TimeAxis(values, units);
    }
}

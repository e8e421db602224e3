package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Holder;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfCoordinate;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfHistory;
import org.loopnest.format.netcdf.NetcdfSlice;
import org.loopnest.format.netcdf.NetcdfVariable;
import org.loopnest.format.netcdf.NetcdfWriter;
import org.loopnest.format.netcdf4.Netcdf4Copy;
import org.loopnest.internal.files.OwnedNames;

/**
 * The outputs as one classic 64-bit-offset NetCDF file, {@value #FILE}. Over a classic NetCDF input the file copies
 * the input's grid ({@link CopiedGrid}: dimension names, coordinate variables as stored, the record dimension, global
 * attributes with a {@code history} line appended), so that it lines up with the input. Otherwise (GrADS, NetCDF-4):
 * dimensions {@code time, level, lat, lon};
 * coordinate variables with the input's values (GrADS axes, or the NetCDF input's coordinates) and CF
 * {@code units}/{@code long_name} (times counted from the first, {@code <unit> since <first time>}, so that
 * {@code float} values hold them exactly); the eight outputs {@code (time, level, lat, lon)} with {@code units},
 * {@code long_name} and {@code _FillValue} NaN (what the body writes where data are missing), and the column run's
 * {@code gh (time, level, lat, lon)}, {@code pw}, {@code cape} and {@code cin (time, lat, lon)} likewise. Written by
 * {@link NetcdfWriter}: header and coordinates before the run, the outputs in place by the run
 * ({@link NetcdfWriter#holder}), committed by {@link #finish} into the staged target, which the set moves into
 * place. With {@code --format netcdf4} the same classic file is written by the run, then copied at {@link #finish}
 * into a NetCDF-4 target, compressed ({@link Netcdf4Copy}), and deleted. Threading and ownership as
 * {@link OutputFiles}; the writer's temporary file is deleted by {@link #close}
 * (and at JVM exit, if a Ctrl-C comes first).
 */
final class NetcdfOutput implements OutputFiles {
    /** The file's name. */
    static final String FILE = "weather.nc";

    private final NetcdfWriter writer;
    private final Path target;
    private final int netcdf4Level;
    private final List<String> names;
    private final List<Path> perFile;
    private final CopiedGrid grid;
    private final List<FileGrid> layouts = new ArrayList<>();
    private final List<FileGrid> columnLayouts = new ArrayList<>();

    private NetcdfOutput(NetcdfWriter writer, Path target, int netcdf4Level, NetcdfHeader header, long[] extents,
            List<String> names, List<Path> perFile, CopiedGrid copied) {
        this.writer = writer;
        this.target = target;
        this.netcdf4Level = netcdf4Level;
        this.names = List.copyOf(names);
        this.perFile = perFile == null ? null : List.copyOf(perFile);
        this.grid = copied;
        long grid = extents[2] * extents[3] * Float.BYTES;
        for (WeatherOutput o : WeatherOutput.values()) {
            FileHolder h = writer.holder(o.key());
            NetcdfVariable v = header.variable(o.key());
            layouts.add(new FileGrid(h.path(), ByteOrder.BIG_ENDIAN, v.begin(), timeStride(header, v,
                    extents[1] * grid), grid, (int) extents[2], (int) extents[3]));
        }
        for (ColumnOutput o : ColumnOutput.values()) {
            FileHolder h = writer.holder(o.key());
            NetcdfVariable v = header.variable(o.key());
            columnLayouts.add(new FileGrid(h.path(), ByteOrder.BIG_ENDIAN, v.begin(), timeStride(header, v,
                    (o.perLevel() ? extents[1] : 1) * grid), o.perLevel() ? grid : 0, (int) extents[2],
                    (int) extents[3]));
        }
    }

    /** Bytes from one time step to the next: the record size for a record variable, else its own step. */
    private static long timeStride(NetcdfHeader header, NetcdfVariable v, long step) {
        return v.isRecord() ? header.recordSize() : step;
    }

    /**
     * Stages {@value #FILE} in {@code set} and writes its header and coordinates.
     *
     * @throws IllegalArgumentException naming the input when its times cannot be read as dates
     * @throws IOException if the file cannot be written
     */
    static NetcdfOutput create(StagedFiles set, Path dir, WeatherInput in, int netcdf4Level, String oneFile)
            throws IOException {
        if (oneFile == null && in.copied().isPresent() && in.copied().get().files().size() > 1) {
            CopiedGrid grid = in.copied().get();
            List<Path> staged = new ArrayList<>();
            for (String name : grid.files()) {
                staged.add(set.stage(dir.resolve(name).toAbsolutePath()));
            }
            Path whole = dir.resolve(FILE).toAbsolutePath(); // the run's classic file, a temporary beside it
            return copying(whole, netcdf4Level, in, grid, grid.files(), staged);
        }
        String name = oneFile == null ? FILE : oneFile;
        Path target = set.stage(dir.resolve(name).toAbsolutePath());
        if (in.copied().isPresent()) {
            return copying(target, netcdf4Level, in, in.copied().get(), List.of(name), null);
        }
        long[] e = in.extents();
        OutputGrid g = in.grid();
        if (g.time() == null) {
            throw new IllegalArgumentException("--input " + in.file() + ": its TDEF cannot be read as dates for "
                    + "--format netcdf (expected: a GrADS TDEF such as 00:00Z02JAN1987 1dy, or --format grads)");
        }
        TimeAxis time;
        try {
            time = g.time().fromFirst();
        } catch (IllegalArgumentException unreadUnits) {
            time = g.time(); // units this code cannot read as dates ("months since"): copied as they are
        }
        NetcdfWriter w = NetcdfWriter.create(target);
        try {
            w.dimension("time", e[0]).dimension("level", e[1]).dimension("lat", e[2]).dimension("lon", e[3]);
            w.attribute(NetcdfAttribute.text("Conventions", "CF-1.8"));
            w.attribute(NetcdfAttribute.text("title", g.title().isBlank() ? "LoopNest weather outputs" : g.title()));
            w.attribute(NetcdfAttribute.text("history", "loopnest weather"));
            w.variable("time", List.of("time"), NetcdfAttribute.text("units", time.units()),
                    NetcdfAttribute.text("long_name", "time"), NetcdfAttribute.text("standard_name", "time"));
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"),
                    NetcdfAttribute.text("long_name", "pressure level"), NetcdfAttribute.text("positive", "down"));
            w.variable("lat", List.of("lat"), NetcdfAttribute.text("units", "degrees_north"),
                    NetcdfAttribute.text("long_name", "latitude"));
            w.variable("lon", List.of("lon"), NetcdfAttribute.text("units", "degrees_east"),
                    NetcdfAttribute.text("long_name", "longitude"));
            declareOutputs(w, List.of("time", "level", "lat", "lon"), List.of("time", "lat", "lon"));
            NetcdfHeader header = w.writeHeader();
            w.holder(WeatherOutput.THETA.key()).path().toFile().deleteOnExit();
            w.write("time", 0, floats(time.values()));
            w.write("level", 0, floats(g.levels()));
            w.write("lat", 0, floats(g.lat()));
            w.write("lon", 0, floats(g.lon()));
            return new NetcdfOutput(w, target, netcdf4Level, header, e, List.of(name), null, null);
        } catch (IOException | RuntimeException failure) {
            w.close();
            throw failure;
        }
    }

    /**
     * The file of an output that copies its classic NetCDF input's grid ({@link CopiedGrid}): the input's dimension
     * names, coordinate variables as stored (the levels run only), record dimension, and global attributes with a
     * {@code history} line appended.
     */
    private static NetcdfOutput copying(Path target, int netcdf4Level, WeatherInput in, CopiedGrid grid,
            List<String> names, List<Path> perFile) throws IOException {
        long[] e = in.extents();
        NetcdfWriter w = NetcdfWriter.create(target);
        try {
            List<NetcdfCoordinate> coordinates = new ArrayList<>();
            for (int m = 0; m < e.length; m++) {
                Optional<NetcdfCoordinate> c = grid.coordinate(m, e[m]);
                if (c.isPresent()) {
                    coordinates.add(c.get());
                    c.get().declare(w);
                } else if (m == 1) { // the levels came from another variable (--levels-var): written in hPa
                    NetcdfCoordinate hPa = hectopascals(grid.names().get(1),
                            java.util.Arrays.copyOf(in.grid().levels(), (int) e[1]));
                    coordinates.add(hPa);
                    hPa.declare(w);
                } else if (m == 0 && grid.recordTime()) {
                    w.recordDimension(grid.names().get(0), e[0]);
                } else {
                    w.dimension(grid.names().get(m), e[m]);
                }
            }
            NetcdfHistory.appended(grid.globals(), grid.command(), Instant.now()).forEach(w::attribute);
            List<String> n = grid.names();
            declareOutputs(w, n, List.of(n.get(0), n.get(2), n.get(3)));
            NetcdfHeader header = w.writeHeader();
            w.holder(WeatherOutput.THETA.key()).path().toFile().deleteOnExit();
            for (NetcdfCoordinate c : coordinates) {
                c.write(w);
            }
            return new NetcdfOutput(w, target, netcdf4Level, header, e, names, perFile, grid);
        } catch (IOException | RuntimeException failure) {
            w.close();
            throw failure;
        }
    }

    /** A level coordinate of the levels run, in hPa, as floats. */
    private static NetcdfCoordinate hectopascals(String name, double[] levels) {
        java.nio.ByteBuffer values = java.nio.ByteBuffer.allocate(levels.length * Float.BYTES);
        for (double level : levels) {
            values.putFloat((float) level);
        }
        return new NetcdfCoordinate(name, org.loopnest.format.netcdf.NetcdfType.FLOAT, List.of(
                NetcdfAttribute.text("units", "hPa"), NetcdfAttribute.text("long_name", "pressure level"),
                NetcdfAttribute.text("positive", "down")), values.flip(), false);
    }

    /** The eight outputs over {@code four} dimensions, the column outputs over four or {@code three}. */
    private static void declareOutputs(NetcdfWriter w, List<String> four, List<String> three) {
        for (WeatherOutput o : WeatherOutput.values()) {
            w.variable(o.key(), four, NetcdfAttribute.text("units", o.unit()),
                    NetcdfAttribute.text("long_name", o.longName()), NetcdfAttribute.floats("_FillValue", Float.NaN));
        }
        for (ColumnOutput o : ColumnOutput.values()) {
            w.variable(o.key(), o.perLevel() ? four : three, NetcdfAttribute.text("units", o.unit()),
                    NetcdfAttribute.text("long_name", o.longName()), NetcdfAttribute.floats("_FillValue", Float.NaN));
        }
    }

    private static float[] floats(double[] values) {
        float[] f = new float[values.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) values[i];
        }
        return f;
    }

    @Override
    public List<String> names() {
        return names;
    }

    @Override
    public Holder holder(WeatherOutput o) {
        return writer.holder(o.key());
    }

    @Override
    public FileGrid layout(WeatherOutput o) {
        return layouts.get(o.ordinal());
    }

    @Override
    public Holder holder(ColumnOutput o) {
        return writer.holder(o.key());
    }

    @Override
    public FileGrid layout(ColumnOutput o) {
        return columnLayouts.get(o.ordinal());
    }

    /**
     * Commits the writer into the staged target; for NetCDF-4, copies its classic file into the target instead
     * ({@link Netcdf4Copy}: grid by grid, compressed) and deletes it.
     */
    @Override
    public void finish() throws IOException {
        if (perFile != null) {
            finishPerFile();
            return;
        }
        if (netcdf4Level < 0) {
            writer.commit();
            return;
        }
        Netcdf4Copy.fromClassic(writer.file(), target, netcdf4Level);
        writer.close();
    }

    /**
     * One output file per input file: the run's classic file cut along time into each file's steps
     * ({@link NetcdfSlice}), copied into NetCDF-4 if asked, each into its staged target; the run's file deleted.
     */
    private void finishPerFile() throws IOException {
        long first = 0;
        String time = grid.names().get(0);
        for (int k = 0; k < perFile.size(); k++) {
            long steps = grid.steps().get(k);
            if (netcdf4Level < 0) {
                NetcdfSlice.copy(writer.file(), time, first, steps, perFile.get(k));
            } else {
                Path slice = OwnedNames.name(perFile.get(k), OwnedNames.Kind.TEMPORARY); // removeStale's, if killed
                slice.toFile().deleteOnExit();
                try {
                    NetcdfSlice.copy(writer.file(), time, first, steps, slice);
                    Netcdf4Copy.fromClassic(slice, perFile.get(k), netcdf4Level);
                } finally {
                    Files.deleteIfExists(slice);
                }
            }
            first += steps;
        }
        writer.close();
    }

    /** Closes the writer: deletes its temporary file unless committed. */
    @Override
    public void close() throws IOException {
        writer.close();
    }
}

package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Holder;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * The outputs as one classic 64-bit-offset NetCDF file, {@value #FILE}: dimensions {@code time, level, lat, lon};
 * coordinate variables with the input's values (GrADS axes, or the NetCDF input's coordinates) and CF
 * {@code units}/{@code long_name} (times counted from the first, {@code <unit> since <first time>}, so that
 * {@code float} values hold them exactly); the eight outputs {@code (time, level, lat, lon)} with {@code units},
 * {@code long_name} and {@code _FillValue} NaN (what the body writes where data are missing), and the column run's
 * {@code gh (time, level, lat, lon)}, {@code pw}, {@code cape} and {@code cin (time, lat, lon)} likewise. Written by
 * {@link NetcdfWriter}: header and coordinates before the run, the outputs in place by the run
 * ({@link NetcdfWriter#holder}), committed by {@link #finish} into the staged target, which the set moves into
 * place. Threading and ownership as {@link OutputFiles}; the writer's temporary file is deleted by {@link #close}
 * (and at JVM exit, if a Ctrl-C comes first).
 */
final class NetcdfOutput implements OutputFiles {
    /** The file's name. */
    static final String FILE = "weather.nc";

    private final NetcdfWriter writer;
    private final List<FileGrid> layouts = new ArrayList<>();
    private final List<FileGrid> columnLayouts = new ArrayList<>();

    private NetcdfOutput(NetcdfWriter writer, NetcdfHeader header, long[] extents) {
        this.writer = writer;
        long grid = extents[2] * extents[3] * Float.BYTES;
        for (WeatherOutput o : WeatherOutput.values()) {
            FileHolder h = writer.holder(o.key());
            layouts.add(new FileGrid(h.path(), ByteOrder.BIG_ENDIAN, header.variable(o.key()).begin(),
                    extents[1] * grid, grid, (int) extents[2], (int) extents[3]));
        }
        for (ColumnOutput o : ColumnOutput.values()) {
            FileHolder h = writer.holder(o.key());
            columnLayouts.add(new FileGrid(h.path(), ByteOrder.BIG_ENDIAN, header.variable(o.key()).begin(),
                    (o.perLevel() ? extents[1] : 1) * grid, o.perLevel() ? grid : 0, (int) extents[2],
                    (int) extents[3]));
        }
    }

    /**
     * Stages {@value #FILE} in {@code set} and writes its header and coordinates.
     *
     * @throws IllegalArgumentException naming the input when its times cannot be read as dates
     * @throws IOException if the file cannot be written
     */
    static NetcdfOutput create(StagedFiles set, Path dir, WeatherInput in) throws IOException {
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
        NetcdfWriter w = NetcdfWriter.create(set.stage(dir.resolve(FILE).toAbsolutePath()));
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
            for (WeatherOutput o : WeatherOutput.values()) {
                w.variable(o.key(), List.of("time", "level", "lat", "lon"), NetcdfAttribute.text("units", o.unit()),
                        NetcdfAttribute.text("long_name", o.longName()), NetcdfAttribute.floats("_FillValue",
                                Float.NaN));
            }
            for (ColumnOutput o : ColumnOutput.values()) {
                w.variable(o.key(), o.perLevel() ? List.of("time", "level", "lat", "lon") : List.of("time", "lat",
                        "lon"), NetcdfAttribute.text("units", o.unit()), NetcdfAttribute.text("long_name",
                        o.longName()), NetcdfAttribute.floats("_FillValue", Float.NaN));
            }
            NetcdfHeader header = w.writeHeader();
            w.holder(WeatherOutput.THETA.key()).path().toFile().deleteOnExit();
            w.write("time", 0, floats(time.values()));
            w.write("level", 0, floats(g.levels()));
            w.write("lat", 0, floats(g.lat()));
            w.write("lon", 0, floats(g.lon()));
            return new NetcdfOutput(w, header, e);
        } catch (IOException | RuntimeException failure) {
            w.close();
            throw failure;
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
        return List.of(FILE);
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

    /** Commits the writer into the staged target. */
    @Override
    public void finish() throws IOException {
        writer.commit();
    }

    /** Closes the writer: deletes its temporary file unless committed. */
    @Override
    public void close() throws IOException {
        writer.close();
    }
}

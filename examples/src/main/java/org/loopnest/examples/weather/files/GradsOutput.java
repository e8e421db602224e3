package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.Holder;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.grads.GradsVariable;

/**
 * The outputs as one GrADS data set: {@value #DATA} holding the eight variables (GrADS layout: per time step, each
 * variable's levels in turn, x fastest, little-endian float32, NaN where missing, which GrADS reads as undefined)
 * and {@value #DESCRIPTOR} describing them ({@code DSET ^weather.dat}; the input's grid, {@code UNDEF}, title and
 * {@code yrev}, or a grid built from NetCDF coordinates; {@code VARS} with names, level counts and descriptions
 * with units). The data file is staged before the run and written in place by it; the descriptor is staged only
 * by {@link #finish}. Threading and ownership as {@link OutputFiles}.
 */
final class GradsOutput implements OutputFiles {
    /** The data file's name. */
    static final String DATA = "weather.dat";
    /** The descriptor's name. */
    static final String DESCRIPTOR = "weather.ctl";

    private final StagedFiles set;
    private final Path dir;
    private final GradsDescriptor descriptor;
    private final List<FileGrid> layouts = new ArrayList<>();
    private final List<FileGrid> columnLayouts = new ArrayList<>();

    private GradsOutput(StagedFiles set, Path dir, GradsDescriptor descriptor, Path staged, WeatherInput in) {
        this.set = set;
        this.dir = dir;
        this.descriptor = descriptor;
        long[] e = in.extents();
        for (WeatherOutput o : WeatherOutput.values()) {
            long first = descriptor.offset(o.key(), 0, 0);
            long tStride = e[0] > 1 ? descriptor.offset(o.key(), 1, 0) - first : 0;
            long zStride = e[1] > 1 ? descriptor.offset(o.key(), 0, 1) - first : 0;
            layouts.add(new FileGrid(staged, ByteOrder.LITTLE_ENDIAN, first, tStride, zStride, (int) e[2],
                    (int) e[3]));
        }
        for (ColumnOutput o : ColumnOutput.values()) {
            long first = descriptor.offset(o.key(), 0, 0);
            long tStride = e[0] > 1 ? descriptor.offset(o.key(), 1, 0) - first : 0;
            long zStride = o.perLevel() && e[1] > 1 ? descriptor.offset(o.key(), 0, 1) - first : 0;
            columnLayouts.add(new FileGrid(staged, ByteOrder.LITTLE_ENDIAN, first, tStride, zStride, (int) e[2],
                    (int) e[3]));
        }
    }

    /**
     * Stages {@value #DATA} in {@code set}, sized for the outputs, and describes it.
     *
     * @throws IllegalArgumentException naming the input whose times cannot be described (not evenly spaced, units
     *     that are not dates)
     * @throws IOException if the staged file cannot be made or sized
     */
    static GradsOutput create(StagedFiles set, Path dir, WeatherInput in) throws IOException {
        int nz = (int) in.extents()[1];
        List<GradsVariable> variables = new ArrayList<>();
        for (WeatherOutput o : WeatherOutput.values()) {
            variables.add(GradsVariable.of(o.key(), nz, o.longName() + " [" + o.unit() + "]"));
        }
        for (ColumnOutput o : ColumnOutput.values()) { // levs 0: one record per time step
            variables.add(GradsVariable.of(o.key(), o.perLevel() ? nz : 0, o.longName() + " [" + o.unit() + "]"));
        }
        Path target = dir.resolve(DATA).toAbsolutePath();
        GradsDescriptor descriptor;
        try {
            descriptor = in.grid().grads(target, variables, ByteOrder.LITTLE_ENDIAN);
        } catch (IllegalArgumentException e) { // the input's times, which a GrADS TDEF cannot say
            throw new IllegalArgumentException("--input " + in.file() + ": " + e.getMessage() + " for the GrADS "
                    + "outputs' TDEF; --format netcdf copies the times as they are");
        }
        Path staged = set.stage(target);
        try (FileChannel channel = FileChannel.open(staged, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(1), descriptor.expectedFileSize() - 1); // sparse until written
        }
        return new GradsOutput(set, dir, descriptor, staged, in);
    }

    @Override
    public List<String> names() {
        return List.of(DATA, DESCRIPTOR);
    }

    @Override
    public Holder holder(WeatherOutput o) {
        return layouts.get(o.ordinal()).outputInPlace();
    }

    @Override
    public FileGrid layout(WeatherOutput o) {
        return layouts.get(o.ordinal());
    }

    @Override
    public Holder holder(ColumnOutput o) {
        FileGrid grid = columnLayouts.get(o.ordinal());
        return o.perLevel() ? grid.outputInPlace() : grid.levelOutputInPlace();
    }

    @Override
    public FileGrid layout(ColumnOutput o) {
        return columnLayouts.get(o.ordinal());
    }

    /** Stages {@value #DESCRIPTOR}. */
    @Override
    public void finish() throws IOException {
        descriptor.write(set.stage(dir.resolve(DESCRIPTOR).toAbsolutePath()));
    }

    /** Nothing of its own: the set owns the staged files. */
    @Override
    public void close() {
    }
}

package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.loopnest.data.Holder;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * The outputs as eight raw little-endian float32 files {@code [t][z][y][x]}, {@code theta.f32} to {@code lcl_t.f32}
 * ({@link WeatherOutput#fileName()}), and the column run's four ({@link ColumnOutput#fileName()}: {@code gh.f32}
 * {@code [t][z][y][x]}, {@code pw.f32}, {@code cape.f32} and {@code cin.f32} {@code [t][y][x]}): each staged in the
 * set before the run, sized (sparse) and written in place by
 * it, so the heap does not limit the grid. Nothing to finish: the set's commit puts them in place. Threading and
 * ownership as {@link OutputFiles}.
 */
public final class RawOutput implements OutputFiles {
    private final Map<WeatherOutput, FileGrid> layouts;
    private final Map<ColumnOutput, FileGrid> columnLayouts;

    private RawOutput(Map<WeatherOutput, FileGrid> layouts, Map<ColumnOutput, FileGrid> columnLayouts) {
        this.layouts = layouts;
        this.columnLayouts = columnLayouts;
    }

    /**
     * Stages the eight files in {@code set}, in {@code dir}, sized for {@code shape}.
     *
     * @param set   the set the files are staged in, committed (or not) by the caller
     * @param dir   the directory, existing
     * @param shape the grid
     * @param what  how a message names {@code dir}, e.g. {@code --out derived}
     * @return the files
     * @throws IllegalArgumentException if {@code dir}'s file system has not room for them, naming {@code what}
     * @throws IOException if a file cannot be made
     */
    public static RawOutput create(StagedFiles set, Path dir, GridShape shape, String what) throws IOException {
        GridShape columns = new GridShape(shape.t(), 1, shape.y(), shape.x());
        OutputFormat.checkRoom(what, dir, (WeatherOutput.COUNT + 1) * shape.fieldBytes()
                + (ColumnOutput.COUNT - 1) * columns.fieldBytes());
        Map<WeatherOutput, FileGrid> layouts = new EnumMap<>(WeatherOutput.class);
        for (WeatherOutput o : WeatherOutput.values()) {
            Path staged = set.stage(dir.resolve(o.fileName()).toAbsolutePath());
            try (RandomAccessFile file = new RandomAccessFile(staged.toFile(), "rw")) {
                file.setLength(shape.fieldBytes());
            }
            layouts.put(o, RawInput.layout(staged, shape));
        }
        Map<ColumnOutput, FileGrid> columnLayouts = new EnumMap<>(ColumnOutput.class);
        for (ColumnOutput o : ColumnOutput.values()) {
            GridShape of = o.perLevel() ? shape : columns;
            Path staged = set.stage(dir.resolve(o.fileName()).toAbsolutePath());
            try (RandomAccessFile file = new RandomAccessFile(staged.toFile(), "rw")) {
                file.setLength(of.fieldBytes());
            }
            columnLayouts.put(o, RawInput.layout(staged, of));
        }
        return new RawOutput(layouts, columnLayouts);
    }

    @Override
    public List<String> names() {
        return Stream.concat(Stream.of(WeatherOutput.values()).map(WeatherOutput::fileName),
                Stream.of(ColumnOutput.values()).map(ColumnOutput::fileName)).toList();
    }

    @Override
    public Holder holder(ColumnOutput o) {
        FileGrid grid = columnLayouts.get(o);
        return o.perLevel() ? grid.outputInPlace() : grid.levelOutputInPlace();
    }

    @Override
    public FileGrid layout(ColumnOutput o) {
        return columnLayouts.get(o);
    }

    @Override
    public Holder holder(WeatherOutput o) {
        return layouts.get(o).outputInPlace();
    }

    @Override
    public FileGrid layout(WeatherOutput o) {
        return layouts.get(o);
    }

    /** Nothing to complete: the staged files are the outputs. */
    @Override
    public void finish() {
    }

    /** Nothing of its own: the set owns the staged files. */
    @Override
    public void close() {
    }
}

package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.loopnest.examples.weather.MissingMarkers;

/**
 * A weather run's input read from files: where {@code T} and {@code q} lie ({@link FileGrid}s, bound as file-backed
 * arrays, never read whole), the grid {@code t, z, y, x}, the pressure of each level run, the values the files use
 * for "no data" beyond the body's rule, the grid the outputs describe, and notes for the run's output (which levels
 * are run, what was unpacked). Made by {@link GradsInput#open} or {@link NetcdfInput#open} (classic or NetCDF-4).
 *
 * <p><b>Ownership:</b> temporary files made for the input (unpacked NetCDF variables) belong to it and are deleted
 * by {@link #close()} (and at JVM exit if still there). Not thread-safe to close while a run reads it.
 */
public final class WeatherInput implements AutoCloseable {
    private final String source;
    private final long[] extents;
    private final float[] levels;
    private final FileGrid temperature;
    private final FileGrid humidity;
    private final MissingMarkers markers;
    private final OutputGrid grid;
    private final List<String> notes;
    private final List<Path> temporaries;
    private final List<Path> reads;
    private final CopiedGrid copied;

    WeatherInput(List<Path> reads, String source, long[] extents, float[] levels, FileGrid temperature,
            FileGrid humidity, MissingMarkers markers, OutputGrid grid, List<String> notes, List<Path> temporaries) {
        this(reads, source, extents, levels, temperature, humidity, markers, grid, notes, temporaries, null);
    }

    WeatherInput(List<Path> reads, String source, long[] extents, float[] levels, FileGrid temperature,
            FileGrid humidity, MissingMarkers markers, OutputGrid grid, List<String> notes, List<Path> temporaries,
            CopiedGrid copied) {
        this.copied = copied;
        this.source = source;
        this.extents = extents.clone();
        this.levels = levels.clone();
        this.temperature = temperature;
        this.humidity = humidity;
        this.markers = markers;
        this.grid = grid;
        this.notes = List.copyOf(notes);
        this.temporaries = List.copyOf(temporaries);
        this.reads = List.copyOf(reads);
    }

    /** {@return the file given as the input: the descriptor, the NetCDF file, or the raw temperature file} */
    public Path file() {
        return reads.get(0);
    }

    /**
     * {@return every file the run reads, {@link #file()} first: a descriptor's data file too, or the raw humidity
     * file; not the temporaries made for the input}
     */
    public List<Path> reads() {
        return reads;
    }

    /** {@return the extents {@code t, z, y, x} of the run, a copy} */
    public long[] extents() {
        return extents.clone();
    }

    /** {@return the pressure of each level run, in hPa, a copy} */
    public float[] levels() {
        return levels.clone();
    }

    /** {@return where {@code T} (K) lies} */
    public FileGrid temperature() {
        return temperature;
    }

    /** {@return where {@code q} (kg/kg) lies} */
    public FileGrid humidity() {
        return humidity;
    }

    /** {@return the files' missing values that the body's rule does not catch} */
    public MissingMarkers markers() {
        return markers;
    }

    /**
     * {@return the classic NetCDF input's own grid, for a NetCDF output to copy (names, coordinates as stored,
     * globals), if the input is one}
     */
    public java.util.Optional<CopiedGrid> copied() {
        return java.util.Optional.ofNullable(copied);
    }

    /** {@return the grid the outputs lie on} */
    public OutputGrid grid() {
        return grid;
    }

    /** {@return what the run should say about the input: levels run, unpacking, markers} */
    public List<String> notes() {
        return notes;
    }

    /** {@return the number of grid points {@code t·z·y·x}} */
    public long points() {
        return extents[0] * extents[1] * extents[2] * extents[3];
    }

    /** Deletes the temporary files made for this input. Idempotent. */
    @Override
    public void close() throws IOException {
        for (Path file : temporaries) {
            Files.deleteIfExists(file);
        }
    }

    /** {@return e.g. {@code model.ctl (GrADS): T, Q; t=5 z=5 y=46 x=72 (82800 points), levels [...] hPa}} */
    @Override
    public String toString() {
        return source + "; t=" + extents[0] + " z=" + extents[1] + " y=" + extents[2] + " x=" + extents[3] + " ("
                + points() + " points), levels " + Arrays.toString(levels) + " hPa";
    }
}

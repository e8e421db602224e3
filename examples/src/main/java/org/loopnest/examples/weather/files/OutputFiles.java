package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.util.List;
import org.loopnest.data.Holder;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * The files the eight outputs of a run over files, and the four of its column run, go to, written in place by the
 * run (file-backed outputs) into staged temporaries, and put in place only once the run and its check succeeded.
 *
 * <p>Lifecycle: made by {@link OutputFormat#create} (files staged, sized, described; nothing in place yet); bind
 * {@link #holder} per output and run; then {@link #finish} stages what completes them (a descriptor, a committed
 * NetCDF file) into the {@link StagedFiles} set, whose commit moves them all into place together. {@link #close()}
 * without {@link #finish} deletes what this object made itself; the set deletes its own staged files.
 *
 * <p>Threading: one thread makes, finishes and closes; a run writes the files from its own threads in between.
 */
public interface OutputFiles extends AutoCloseable {
    /** {@return the names of the files in the output directory, e.g. {@code weather.dat, weather.ctl}} */
    List<String> names();

    /**
     * {@return the array a run writes output {@code o} into}
     *
     * @param o the output
     */
    Holder holder(WeatherOutput o);

    /**
     * {@return where output {@code o} lies before {@link #finish}, to read it back for the check}
     *
     * @param o the output
     */
    FileGrid layout(WeatherOutput o);

    /**
     * {@return the array the column run writes column output {@code o} into: indexed {@code t, z, y, x} for
     * {@link ColumnOutput#GH}, {@code t, y, x} for the others}
     *
     * @param o the column output
     */
    Holder holder(ColumnOutput o);

    /**
     * {@return where column output {@code o} lies before {@link #finish}, to read it back for the check (level 0 only
     * for an output without levels)}
     *
     * @param o the column output
     */
    FileGrid layout(ColumnOutput o);

    /**
     * Completes the files after the run succeeded and stages them in the set.
     *
     * @throws IOException when writing fails; nothing is in place yet then
     */
    void finish() throws IOException;

    /** Deletes what this object made and was not finished. Idempotent. */
    @Override
    void close() throws IOException;
}

package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.FilePart;
import org.loopnest.examples.weather.FileKinds;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.format.grads.GradsAxis;
import org.loopnest.format.grads.GradsDataFile;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.grads.GradsVariable;

/**
 * Opens a GrADS data set ({@code .ctl} and its data file) as a weather input: {@code T} and {@code q} bound straight
 * on the data file as strided arrays, their layout from {@link GradsDescriptor#offset}; pressure levels from
 * {@code ZDEF} (hPa); {@code UNDEF} missing. A {@code template} descriptor's data files (one per day, say) are one
 * input joined along time ({@link FileGrid#parts()}, {@link org.loopnest.data.Holder#files}).
 *
 * <p>Decisions: <b>levels</b> — a variable with fewer levels than {@code ZDEF} has them at the first {@code ZDEF}
 * values, so the run covers the levels both variables define, the first {@code min(levels T, levels q)} (the Debian
 * sample: T on 7, Q on 5, so 1000 to 300 hPa), and says so in a note; <b>{@code yrev}</b> — rows are run in the
 * file's order and the outputs keep it; <b>{@code UNDEF}</b> — the body's rule catches values {@code <= −1e30}
 * (GrADS's usual −2.56e33 or −9.99e33); any other {@code UNDEF} is tested by the generated body as well
 * ({@link MissingMarkers}). Stateless; thread-safe.
 */
public final class GradsInput {
    private GradsInput() {
    }

    /**
     * Opens a descriptor and checks its data file; reads no data.
     *
     * @param ctl the descriptor
     * @param varT the temperature variable (K), case ignored
     * @param varQ the specific humidity variable (kg/kg), case ignored
     * @return the input
     * @throws IllegalArgumentException naming the option ({@code --input}, {@code --var-t}, {@code --var-q}) and
     *     what was expected: a malformed descriptor, a data file missing or shorter than described, a variable that
     *     is not there (listing those that are) or has no levels, levels that are not pressures
     * @throws IOException when a file cannot be read
     */
    public static WeatherInput open(Path ctl, String varT, String varQ) throws IOException {
        GradsDescriptor d = descriptor("--input " + ctl, ctl);
        GradsVariable t = variable(d, "--var-t", varT);
        GradsVariable q = variable(d, "--var-q", varQ);
        int nz = Math.min(t.levels(), q.levels());
        List<Double> zdef = d.z().values().subList(0, nz);
        float[] levels = new float[nz];
        for (int k = 0; k < nz; k++) {
            levels[k] = zdef.get(k).floatValue();
        }
        try {
            WeatherFields.checkLevels(levels, nz);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--input " + ctl + ": ZDEF " + e.getMessage());
        }
        List<String> notes = new ArrayList<>();
        if (t.levels() != q.levels()) {
            notes.add("levels: " + t.name() + " on " + t.levels() + ", " + q.name() + " on " + q.levels()
                    + " of ZDEF's " + d.z().size() + ": running the " + nz + " both define (" + zdef.get(0) + " to "
                    + zdef.get(nz - 1) + " hPa)");
        }
        noteTemplate(d, notes);
        if (d.yReversed()) {
            notes.add("yrev: rows run north to south as stored; the outputs keep the order");
        }
        MissingMarkers markers = MissingMarkers.of(new float[] {(float) d.undef()}, new float[] {(float) d.undef()});
        if (!markers.none()) {
            notes.add("UNDEF " + d.undef() + ": missing, tested by the body");
        }
        TimeAxis time = null;
        try {
            time = TimeAxis.fromGrads(d.time());
        } catch (IllegalArgumentException e) {
            notes.add("time: " + e.getMessage() + "; --format netcdf cannot write it, GrADS outputs copy TDEF");
        }
        long[] extents = {d.time().count(), nz, d.y().size(), d.x().size()};
        OutputGrid grid = new OutputGrid(d, d.title(), values(d.x(), false), values(d.y(), d.yReversed()),
                toDoubles(levels), time, d.undef());
        List<Path> reads = new ArrayList<>(List.of(ctl));
        d.dataFiles().forEach(f -> reads.add(f.path()));
        return new WeatherInput(reads, ctl.getFileName() + " (GrADS): " + t.name() + ", "
                + q.name(), extents, levels, layout(d, t.name(), nz), layout(d, q.name(), nz), markers, grid, notes,
                List.of());
    }

    /**
     * Reads a descriptor and checks its data file, for every command that reads GrADS input: the data file (each of
     * a {@code template} descriptor's files) must be a readable regular file ({@link FileKinds#requireReadable}: not
     * missing, not a FIFO that would block the run) as long as the descriptor says.
     *
     * @param label how messages start, the option and the descriptor, e.g. {@code --input model.ctl}
     * @param ctl the descriptor, checked to be a readable regular file already
     * @return the descriptor
     * @throws IllegalArgumentException {@code label: ...}: the reader's own message for a malformed descriptor or
     *     a short data file, or {@code DSET file: why} for a data file that cannot be read (for a template's file,
     *     naming the time steps it should hold)
     */
    public static GradsDescriptor descriptor(String label, Path ctl) {
        GradsDescriptor d;
        try {
            d = GradsDescriptor.parse(ctl);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + FileKinds.reason(e), e);
        }
        for (GradsDataFile file : d.dataFiles()) {
            FileKinds.requireReadable(label + ": DSET " + file.path(), file.path(), (d.isTemplate() ? "the data "
                    + "file of " + file.stepsText() + " by the template of " : "the data file of ")
                    + ctl.getFileName() + ", a readable regular file");
        }
        try {
            d.checkDataFile();
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + FileKinds.reason(e), e);
        }
        return d;
    }

    /** Says which files a template descriptor joins, where it names several. */
    private static void noteTemplate(GradsDescriptor d, List<String> notes) {
        List<GradsDataFile> files = d.dataFiles();
        if (files.size() > 1) {
            notes.add("DSET template: " + files.size() + " data files (" + files.get(0).path().getFileName() + " … "
                    + files.get(files.size() - 1).path().getFileName() + ") joined along time (" + d.time().count()
                    + " steps)");
        }
    }

    private static GradsVariable variable(GradsDescriptor d, String option, String name) {
        GradsVariable v;
        try {
            v = d.variable(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + name + ": " + e.getMessage());
        }
        if (v.levels() == 0) {
            throw new IllegalArgumentException(option + " " + name + ": a surface variable, 0 levels (expected: a "
                    + "variable on pressure levels)");
        }
        return v;
    }

    /**
     * Where a variable lies: strided over the data file, or over a template's files joined along time, each file's
     * part starting at the variable's grid {@code (t, 0)} of its first step (the same offset in every file, as each
     * holds its own steps from its start).
     */
    private static FileGrid layout(GradsDescriptor d, String var, int nz) {
        long first = d.offset(var, 0, 0);
        long tStride = d.time().count() > 1 ? d.stepBytes() : 0;
        long zStride = nz > 1 ? d.offset(var, 0, 1) - first : 0;
        List<GradsDataFile> files = d.dataFiles();
        List<FilePart> parts = new ArrayList<>();
        for (GradsDataFile file : files) {
            parts.add(new FilePart(file.path(), d.offset(var, file.firstStep(), 0), file.steps()));
        }
        return new FileGrid(files.get(0).path(), d.byteOrder(), first, tStride, zStride, d.y().size(), d.x().size(),
                parts.size() > 1 ? parts : null);
    }

    /** The axis's values in stored order: reversed for a {@code yrev} y axis, whose rows run north to south. */
    private static double[] values(GradsAxis axis, boolean reversed) {
        double[] v = new double[axis.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = axis.value(reversed ? v.length - 1 - i : i);
        }
        return v;
    }

    private static double[] toDoubles(float[] values) {
        double[] d = new double[values.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = values[i];
        }
        return d;
    }
}

package org.loopnest.examples.weather.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.loopnest.data.FileHolder;
import org.loopnest.examples.weather.FileKinds;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.format.grads.GradsDataset;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.grads.GradsVariable;

/**
 * Opens a GrADS data set ({@code .ctl} and its data file) as a weather input: {@code T} and {@code q} read in place
 * as the dataset layer lays them out ({@link GradsDataset}: its data files checked, its holder's strides and parts);
 * pressure levels from {@code ZDEF} (hPa); {@code UNDEF} missing. A {@code template} descriptor's data files (one per
 * day, say) are one input joined along time ({@link FileGrid#parts()}, {@link org.loopnest.data.Holder#files}).
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
     *     what was expected: a malformed descriptor, a data file missing, unreadable or shorter than described
     *     ({@link GradsDataset#of}), a variable that is not there (listing those that are) or has no levels, levels
     *     that are not pressures
     * @throws IOException when a file cannot be read
     */
    public static WeatherInput open(Path ctl, String varT, String varQ) throws IOException {
        String label = "--input " + ctl;
        GradsDescriptor d;
        try {
            d = GradsDescriptor.parse(ctl);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + FileKinds.reason(e), e);
        }
        GradsVariable t = variable(d, "--var-t", varT);
        GradsVariable q = variable(d, "--var-q", varQ);
        GradsDataset dt = dataset(label, d, t);
        GradsDataset dq = dataset(label, d, q);
        int nz = Math.min(t.levels(), q.levels());
        double[] zdef = Arrays.copyOf(dt.coordinate("lev").orElseThrow(), nz);
        float[] levels = new float[nz];
        for (int k = 0; k < nz; k++) {
            levels[k] = (float) zdef[k];
        }
        try {
            WeatherFields.checkLevels(levels, nz);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": ZDEF " + e.getMessage());
        }
        List<String> notes = new ArrayList<>();
        if (t.levels() != q.levels()) {
            notes.add("levels: " + t.name() + " on " + t.levels() + ", " + q.name() + " on " + q.levels()
                    + " of ZDEF's " + d.z().size() + ": running the " + nz + " both define (" + zdef[0] + " to "
                    + zdef[nz - 1] + " hPa)");
        }
        // the dataset's note of a template's files joined; its yrev note gives way to this command's decision below
        dt.notes().stream().filter(n -> n.startsWith("DSET template")).forEach(notes::add);
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
        OutputGrid grid = new OutputGrid(d, d.title(), dt.coordinate("lon").orElseThrow(),
                dt.coordinate("lat").orElseThrow(), zdef, time, d.undef());
        List<Path> reads = new ArrayList<>(List.of(ctl));
        reads.addAll(dt.files());
        return new WeatherInput(reads, ctl.getFileName() + " (GrADS): " + t.name() + ", " + q.name(), extents,
                levels, layout(dt), layout(dq), markers, grid, notes, List.of());
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

    /** The variable as a dataset, its data files checked; a failure names the {@code --input}. */
    private static GradsDataset dataset(String label, GradsDescriptor d, GradsVariable v) throws IOException {
        try {
            return GradsDataset.of(d, v.name());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(label + ": " + e.getMessage(), e);
        }
    }

    /**
     * Where a variable lies, from its dataset's holder: its first grid, the time and level strides in bytes, and for
     * a template's files each file's part (the same offset in every file, as each holds its own steps from its
     * start).
     */
    private static FileGrid layout(GradsDataset dataset) {
        FileHolder holder = dataset.holder();
        long[] shape = dataset.shape();
        long[] strides = holder.strides(shape);
        return new FileGrid(holder.path(), holder.byteOrder(), holder.offsetBytes(), strides[0] * Float.BYTES,
                strides[1] * Float.BYTES, (int) shape[2], (int) shape[3], holder.spansFiles() ? holder.parts()
                : null);
    }
}

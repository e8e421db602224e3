package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.FilePart;
import org.loopnest.data.Holder;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherBody;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code weather-files-ratio}: the weather loop ({@link WeatherBody}) over raw files against the same loop over
 * in-memory arrays of the same data ({@link WeatherNest#nest}), both on the default {@code cpu} device with the
 * automatic split. The files side reads {@code T} and {@code q} from little-endian float32 files written from the
 * synthetic fields and writes the eight outputs to eight new files (temporary names, forced to disk and moved into
 * place at the end of each run); the pressure stays an array indexed by {@code z}. Ratio = in-memory time ÷ files time.
 * A third side, {@code weather-files-ratio-in-place}, writes the outputs into eight existing files of the right size
 * ({@code Holder.fileInPlace}: no temporary files, no {@code fsync}, blocks allocated and cached), to show what the new
 * files cost. A fourth, {@code weather-files-ratio-ten-files}, reads {@code T} and {@code q} from one file per time
 * step ({@code Holder.files}, {@value #TEN} files each) against the one-file side: what a dataset kept as many files
 * costs. A fifth, {@code weather-files-ratio-vs-save}, is what a user with in-memory arrays does to keep the results:
 * the in-memory run, then each output written to a new file by one {@code FileChannel.write}, forced to disk and moved
 * into place (the durability a LoopNest commit gives): that time ÷ the files side's. Rounds interleaved; before each
 * timed side, untimed, {@code sync} writes back what the previous side left dirty and the input files are read once
 * (page cache warm). After the rounds every set of eight files must hold the same bits as the in-memory outputs. Then
 * {@code weather-netcdf4-ratio}: the eight outputs as one classic NetCDF file copied into compressed NetCDF-4
 * ({@link Netcdf4Copy}, deflate 4, what {@code --format netcdf4} adds to a run), timed over the measured rounds:
 * files time ÷ (files time + copy time), with both files' sizes. The files live in a new directory under
 * {@code java.io.tmpdir}, deleted at the end.
 */
public final class WeatherFilesRatio implements RatioRun {
    private static final long SEED = 2026;
    /** The time steps of the full grid, one file per step on the many-files side. */
    static final int TEN = 10;

    private final GridShape shape;
    private final Rounds rounds;

    /**
     * @param shape  the grid {@code t, z, y, x}
     * @param rounds warm-up and measured rounds (each runs both sides once)
     */
    public WeatherFilesRatio(GridShape shape, Rounds rounds) {
        this.shape = shape;
        this.rounds = rounds;
    }

    /** {@value #TEN} × 7 × 181 × 360 (4.6 million points: ten time steps, ten files), 2 + 9 rounds. */
    public static WeatherFilesRatio full() {
        return new WeatherFilesRatio(new GridShape(TEN, 7, 181, 360), new Rounds(2, 9));
    }

    /** Tiny sizes for a smoke run. */
    public static WeatherFilesRatio quick() {
        return new WeatherFilesRatio(new GridShape(2, 3, 8, 16), new Rounds(0, 1));
    }

    @Override
    public String label() {
        return "weather files";
    }

    @Override
    public List<BenchResult> run() {
        WeatherFields fields = WeatherFields.synthetic(shape.t(), shape.z(), shape.y(), shape.x(), SEED);
        Path dir = ScratchFiles.directory("loopnest-weather-files");
        try {
            Path t = dir.resolve("T.f32");
            Path q = dir.resolve("q.f32");
            ScratchFiles.writeFloats(t, fields.temperature());
            ScratchFiles.writeFloats(q, fields.humidity());
            Path inPlace = Files.createDirectory(dir.resolve("in-place"));
            for (WeatherOutput o : WeatherOutput.values()) {
                ScratchFiles.writeFloats(output(inPlace, o), new float[shape.points()]);
            }
            Path ten = Files.createDirectory(dir.resolve("ten"));
            Path saved = Files.createDirectory(dir.resolve("saved"));
            List<FilePart> tParts = perStep(fields.temperature(), ten, "T");
            List<FilePart> qParts = perStep(fields.humidity(), ten, "q");
            RunReport[] last = new RunReport[5];
            Commits commits = new Commits();
            Runnable warm = () -> {
                ScratchFiles.command(List.of("sync"));
                ScratchFiles.warm(t);
                ScratchFiles.warm(q);
            };
            Runnable warmTen = () -> {
                ScratchFiles.command(List.of("sync"));
                tParts.forEach(f -> ScratchFiles.warm(f.path()));
                qParts.forEach(f -> ScratchFiles.warm(f.path()));
            };
            List<Samples> s = rounds.interleave(List.of(() -> last[0] = commits.run(0, WeatherNest.nest(fields)),
                    () -> last[1] = commits.run(1, filesNest(fields, t, q, dir, false)),
                    () -> last[2] = commits.run(2, filesNest(fields, t, q, inPlace, true)),
                    () -> last[3] = commits.run(3, filesNest(fields, Holder.files(tParts, ElementType.FLOAT,
                            ByteOrder.LITTLE_ENDIAN), Holder.files(qParts, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN),
                            ten, false)),
                    () -> {
                        last[4] = commits.run(4, WeatherNest.nest(fields));
                        save(fields, saved);
                    }),
                    List.of(warm, warm, warm, warmTen, () -> {
                        clear(saved);
                        warm.run();
                    }));
            checkSame(fields, dir);
            checkSame(fields, inPlace);
            checkSame(fields, ten);
            checkSame(fields, saved);
            String setup = String.format(Locale.ROOT, "the weather body (WeatherBody) on the default cpu device, "
                            + "automatic split; grid t,z,y,x = %s (%d points; T, q in 2 files, 8 outputs to 8 files, "
                            + "%.1f MiB each; page cache warm, sync before each side); in memory: %s; %s",
                    shape, shape.points(), shape.fieldBytes() / (double) (1 << 20), describe(last[0]),
                    commits.describe(0, rounds));
            Comparison c = new Comparison("in-memory arrays", s.get(0), "raw files", s.get(1));
            Comparison p = new Comparison("in-memory arrays", s.get(0), "raw files in place", s.get(2));
            Comparison m = new Comparison("one file each", s.get(1), TEN_LABEL, s.get(3));
            Comparison v = new Comparison("in memory, then saved", s.get(4), "raw files", s.get(1));
            Netcdf4Cost cost = Netcdf4Cost.measure(fields, dir, rounds.measured());
            return List.of(new BenchResult("weather-files-ratio", c.ratio(), "ratio", "in-memory time / files time "
                            + "(outputs to new files: temporary, fsync, move); " + setup + "; files: "
                            + describe(last[1]) + "; " + commits.describe(1, rounds) + "; " + c.describe()
                            + "; outputs compared bit for bit"),
                    new BenchResult("weather-files-ratio-in-place", p.ratio(), "ratio", "in-memory time / files time "
                            + "(outputs into existing, allocated, cached files: Holder.fileInPlace, no fsync); "
                            + setup + "; files in place: " + describe(last[2]) + "; " + commits.describe(2, rounds)
                            + "; " + p.describe() + "; outputs compared bit for bit"),
                    new BenchResult("weather-files-ratio-ten-files", m.ratio(), "ratio", "one-file time / "
                            + "many-files time (T and q each in one file per time step, Holder.files; outputs to new "
                            + "files as the one-file side); " + setup + "; many files: " + describe(last[3]) + "; "
                            + commits.describe(3, rounds) + "; " + m.describe() + "; outputs compared bit for bit"),
                    new BenchResult("weather-files-ratio-vs-save", v.ratio(), "ratio", "(in-memory run + saving its "
                            + "outputs) time / files time: the in-memory arrays' run, then each of the 8 outputs "
                            + "written to a new file (one FileChannel.write of the array, little-endian), forced "
                            + "(fsync) and moved into place, against LoopNest writing them during the run (temporary, "
                            + "fsync, move); " + setup + "; files: " + describe(last[1]) + "; " + c.describe()
                            + "; " + v.describe() + "; outputs compared bit for bit"),
                    cost.row(s.get(1)));
        } catch (IOException e) {
            throw new UncheckedIOException("weather files: cannot create a directory in " + dir, e);
        } finally {
            ScratchFiles.deleteTree(dir);
        }
    }

    private static final String TEN_LABEL = "one file per time step";

    /** One little-endian float32 file per time step of {@code field}, named {@code <name>-<t>.f32} in {@code dir}. */
    private List<FilePart> perStep(float[] field, Path dir, String name) {
        int step = shape.points() / shape.t();
        List<FilePart> parts = new ArrayList<>();
        for (int k = 0; k < shape.t(); k++) {
            Path file = dir.resolve(name + "-" + k + ".f32");
            ScratchFiles.writeFloats(file, java.util.Arrays.copyOfRange(field, k * step, (k + 1) * step));
            parts.add(new FilePart(file, 0, 1));
        }
        return parts;
    }

    /**
     * The weather nest over {@code T} and {@code q} in files, its eight outputs to {@code <key>.f32} in {@code dir}:
     * new files, or with {@code inPlace} into the existing ones.
     */
    static LoopNest filesNest(WeatherFields fields, Path t, Path q, Path dir, boolean inPlace) {
        return filesNest(fields, raw(t), raw(q), dir, inPlace);
    }

    private static LoopNest filesNest(WeatherFields fields, Holder t, Holder q, Path dir, boolean inPlace) {
        LoopNest nest = LoopNest.of(fields.shape().extents()).names(WeatherNest.INDEX_NAMES)
                .in("T", t)
                .in("q", q)
                .in("p", fields.levels(), "z");
        for (WeatherOutput o : WeatherOutput.values()) {
            Path file = output(dir, o);
            nest.out(o.key(), inPlace ? Holder.fileInPlace(file, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0)
                    : raw(file));
        }
        return nest.deviceCode(WeatherBody.CODE);
    }

    /**
     * Saves the in-memory outputs as a user of arrays would: each to a temporary file beside its target, forced to disk
     * and moved into place.
     */
    private static void save(WeatherFields fields, Path dir) {
        for (WeatherOutput o : WeatherOutput.values()) {
            Path target = output(dir, o);
            Path temporary = dir.resolve("." + target.getFileName() + ".part");
            ScratchFiles.writeFloats(temporary, fields.output(o));
            ScratchFiles.force(temporary);
            try {
                Files.move(temporary, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException("weather files: cannot move " + temporary + " to " + target, e);
            }
        }
    }

    /** Deletes what {@link #save} left in {@code dir} (untimed, before each round of that side). */
    private static void clear(Path dir) {
        for (WeatherOutput o : WeatherOutput.values()) {
            ScratchFiles.delete(output(dir, o));
        }
    }

    private static Path output(Path dir, WeatherOutput o) {
        return dir.resolve(o.key() + ".f32");
    }

    private static Holder raw(Path file) {
        return Holder.file(file, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0);
    }

    private static void checkSame(WeatherFields fields, Path dir) {
        List<String> different = new ArrayList<>();
        for (WeatherOutput o : WeatherOutput.values()) {
            float[] fromFile = ScratchFiles.readFloats(output(dir, o), fields.shape().points());
            float[] inMemory = fields.output(o);
            for (int k = 0; k < inMemory.length; k++) {
                if (Float.floatToIntBits(fromFile[k]) != Float.floatToIntBits(inMemory[k])) {
                    different.add(o.key() + "[" + k + "] is " + fromFile[k] + " in " + dir + " but " + inMemory[k]
                            + " in memory");
                    break;
                }
            }
        }
        if (!different.isEmpty()) {
            throw new IllegalStateException("weather files: " + String.join("; ", different)
                    + " (expected: the same bits)");
        }
    }

    private static String describe(RunReport r) {
        return String.format(Locale.ROOT, "split d=%d r=%d, %d chunks, B=%d, last run wall %.2f ms", r.splitDepth(),
                r.group(), r.chunks(), r.inputBuffers(), r.wall().toNanos() / 1e6);
    }
}

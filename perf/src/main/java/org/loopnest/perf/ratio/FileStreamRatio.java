package org.loopnest.perf.ratio;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.device.Device;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code file-stream-ratio}: the copy body {@code b = a;} ({@link CpuCopyRatio#COPY}) from one raw float32 file to a
 * new one through {@link LoopNest} ({@code Holder.file} in and out, automatic split) against {@code cp} of the same
 * file on the same disk, run as a child process. Ratio = {@code cp} time ÷ LoopNest time. Sides, rounds interleaved:
 * <ol>
 *   <li>{@code cp IN OUT} (coreutils; its output is left in the page cache, not forced to disk);</li>
 *   <li>{@code cp IN OUT}, then {@code fsync} of OUT ({@code FileChannel.force}): the durability a LoopNest run's
 *       commit gives its outputs;</li>
 *   <li>LoopNest on the default {@code cpu} device (each chunk's window of both files mapped, the body run in
 *       place; the output written to a temporary file, forced to disk and moved into place);</li>
 *   <li>LoopNest on an unthrottled {@code sim} (positional reads and writes between the files and the staging
 *       buffers);</li>
 *   <li>LoopNest on the default {@code cpu} device into an existing output file of the right size
 *       ({@code Holder.fileInPlace}: no temporary file, no {@code fsync}, the file's blocks already allocated and in
 *       the page cache): not a like-for-like comparison with {@code cp}, but it shows what the new file's page
 *       faults and the commit cost.</li>
 * </ol>
 * Before each timed side, untimed: its previous output is deleted (kept for the in-place side), {@code sync} writes
 * back whatever the other sides left dirty, and the input is read once from end to end, so that every side starts
 * with the input in the page cache and nothing pending on the disk. Each side's output is compared byte for byte
 * with the input after the rounds.
 * The files live in a new directory under {@code java.io.tmpdir}, deleted at the end (also on failure): it needs
 * {@value #FILES} times the file's size of free disk (the input and five outputs), checked before anything is
 * written.
 */
public final class FileStreamRatio implements RatioRun {
    /** Floats per row of the copy nest: rows of 1 MiB. */
    static final int ROW_FLOATS = 1 << 18;
    /** Files of the run's size alive at once: the input and one output per side. */
    static final int FILES = 6;

    private final long bytes;
    private final Rounds rounds;

    /**
     * @param bytes  the file's size, a positive multiple of 1 MiB
     * @param rounds warm-up and measured rounds (each runs every side once)
     * @throws IllegalArgumentException if {@code bytes} is not a positive multiple of 1 MiB
     */
    public FileStreamRatio(long bytes, Rounds rounds) {
        if (bytes <= 0 || bytes % ((long) ROW_FLOATS * Float.BYTES) != 0) {
            throw new IllegalArgumentException("file stream: " + bytes + " bytes (expected: a positive multiple of "
                    + (long) ROW_FLOATS * Float.BYTES + ")");
        }
        this.bytes = bytes;
        this.rounds = rounds;
    }

    /** {@code bytes} (0: 1 GiB), 1 + 3 rounds. The figure is for 4 GiB ({@code --file-size 4g}). */
    public static FileStreamRatio full(long bytes) {
        return new FileStreamRatio(bytes == 0 ? 1L << 30 : bytes, new Rounds(1, 3));
    }

    /** {@code bytes} (0: 8 MiB), 0 + 1 rounds, for a smoke run. */
    public static FileStreamRatio quick(long bytes) {
        return new FileStreamRatio(bytes == 0 ? 8L << 20 : bytes, new Rounds(0, 1));
    }

    @Override
    public String label() {
        return "file stream";
    }

    @Override
    public List<BenchResult> run() {
        Path dir = ScratchFiles.directory("loopnest-file-stream");
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("sim").build())) {
            checkRoom(dir, bytes, dir.toFile().getUsableSpace());
            Path in = dir.resolve("in.f32");
            ScratchFiles.writePattern(in, bytes);
            Path[] out = {dir.resolve("cp.f32"), dir.resolve("cp-fsync.f32"), dir.resolve("cpu.f32"),
                    dir.resolve("sim.f32"), dir.resolve("in-place.f32")};
            ScratchFiles.writePattern(out[4], bytes);
            RunReport[] last = new RunReport[3];
            Commits commits = new Commits();
            List<Runnable> sides = List.of(() -> ScratchFiles.command(List.of("cp", in.toString(), out[0].toString())),
                    () -> {
                        ScratchFiles.command(List.of("cp", in.toString(), out[1].toString()));
                        ScratchFiles.force(out[1]);
                    },
                    () -> last[0] = commits.run(0, copy(in, out[2], null)),
                    () -> last[1] = commits.run(1, copy(in, out[3], sim)),
                    () -> last[2] = commits.run(2, copy(in, Holder.fileInPlace(out[4], ElementType.FLOAT,
                            ByteOrder.LITTLE_ENDIAN, 0), null)));
            List<Runnable> before = List.of(prepare(in, out[0]), prepare(in, out[1]), prepare(in, out[2]),
                    prepare(in, out[3]), prepare(in, null));
            List<Samples> s = rounds.interleave(sides, before);
            for (Path o : out) {
                String difference = ScratchFiles.firstDifference(in, o);
                if (difference != null) {
                    throw new IllegalStateException("file stream: " + difference);
                }
            }
            return rows(s, last, commits);
        } finally {
            ScratchFiles.deleteTree(dir);
        }
    }

    /** The nest {@code b = a;} over {@code in}, {@code out} ({@code [rows][}{@value #ROW_FLOATS}{@code ]} floats). */
    LoopNest copy(Path in, Path out, Device device) {
        return copy(in, Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0), device);
    }

    private LoopNest copy(Path in, Holder out, Device device) {
        LoopNest nest = LoopNest.of(bytes / Float.BYTES / ROW_FLOATS, ROW_FLOATS).names("r", "c")
                .in("a", Holder.file(in, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .out("b", out)
                .deviceCode(CpuCopyRatio.COPY);
        return device == null ? nest : nest.on(device);
    }

    /**
     * Checks that {@code usable} bytes hold {@value #FILES} files of {@code bytes}.
     *
     * @throws IllegalStateException naming the directory, the bytes needed and those free
     */
    static void checkRoom(Path dir, long bytes, long usable) {
        ScratchFiles.checkRoom("file stream", dir, FILES, bytes, usable, "the input and five outputs",
                "choose a smaller --file-size or another java.io.tmpdir");
    }

    private static Runnable prepare(Path in, Path out) {
        return () -> {
            if (out != null) {
                ScratchFiles.delete(out);
            }
            ScratchFiles.command(List.of("sync"));
            ScratchFiles.warm(in);
        };
    }

    private List<BenchResult> rows(List<Samples> s, RunReport[] last, Commits commits) {
        String size = String.format(Locale.ROOT, "%.2f GiB raw float32 file, %s", bytes / (double) (1L << 30),
                "page cache warm for every side (input read once before each timed side, sync before it), "
                        + "outputs compared byte for byte with the input");
        Supplier<String> cpu = () -> describe("default cpu device", last[0]) + "; " + commits.describe(0, rounds);
        Comparison plain = new Comparison("cp", s.get(0), "LoopNest cpu", s.get(2));
        Comparison synced = new Comparison("cp + fsync", s.get(1), "LoopNest cpu", s.get(2));
        Comparison sim = new Comparison("cp", s.get(0), "LoopNest sim", s.get(3));
        Comparison simSynced = new Comparison("cp + fsync", s.get(1), "LoopNest sim", s.get(3));
        Comparison inPlace = new Comparison("cp", s.get(0), "LoopNest cpu in place", s.get(4));
        return List.of(
                row("file-stream-ratio", plain, "cp time / LoopNest time, copy body 'b = a;' file to new file; "
                        + size + "; " + cpu.get()),
                row("file-stream-ratio-fsync", synced, "(cp + fsync of its output) time / LoopNest time (whose "
                        + "commit forces the output to disk); " + size + "; " + cpu.get()),
                row("file-stream-ratio-sim", sim, "cp time / LoopNest time on an unthrottled sim (positional file "
                        + "reads and writes); " + size + "; " + describe("sim", last[1]) + "; "
                        + commits.describe(1, rounds)),
                row("file-stream-ratio-sim-fsync", simSynced, "(cp + fsync) time / LoopNest time on the sim; " + size
                        + "; " + describe("sim", last[1])),
                row("file-stream-ratio-in-place", inPlace, "cp time / LoopNest time on the default cpu device writing "
                        + "into an existing, allocated and cached output file (Holder.fileInPlace: no temporary file, "
                        + "no fsync; not like for like, it shows what the new file costs); " + size + "; "
                        + describe("default cpu device", last[2]) + "; " + commits.describe(2, rounds)));
    }

    private BenchResult row(String name, Comparison c, String detail) {
        return new BenchResult(name, c.ratio(), "ratio", detail + "; " + c.describe() + String.format(Locale.ROOT,
                "; GB/s read+written: %s %.2f, LoopNest %.2f", c.baselineName(), 2.0 * bytes / c.baseline().median(),
                2.0 * bytes / c.candidate().median()));
    }

    private static String describe(String device, RunReport r) {
        return String.format(Locale.ROOT, "%s, split d=%d r=%d, %d chunks, B=%d; last run wall %.2f ms", device,
                r.splitDepth(), r.group(), r.chunks(), r.inputBuffers(), r.wall().toNanos() / 1e6);
    }
}

package org.loopnest.perf;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * What writing new output files and forcing them to disk costs on this machine, and whether forcing finished parts
 * while later ones are written hides it: the probe behind BENCHMARKS.md run 32 ({@code weather-files-ratio}). Writes
 * a new file of {@code MB} mebibytes of floats in {@code windows} mapped windows, one thread, in three modes per
 * round: {@code mapped} (force the file at the end), {@code mapped+force-window} (each finished window forced on a
 * second thread, {@code MappedByteBuffer.force}), {@code mapped+force-file} (the whole file forced after each window
 * on a second thread); then {@code write} (each window's floats put in one reused direct buffer and written with one
 * positional {@code write}, the file forced at the end). Prints the loop's time, the wait for the second thread and
 * the final force, per mode and round, after a {@code sync}.
 *
 * <pre>
 * java -cp perf/target/benchmarks.jar org.loopnest.perf.WriteBackProbe 10 146 7 /tmp
 * </pre>
 *
 * <p>Writes only its own temporary file in {@code DIR} (deleted after each round). Exit status 0, 2 for a bad command
 * line, 1 if a file cannot be written.
 */
public final class WriteBackProbe {
    private static final String USAGE = "usage: WriteBackProbe WINDOWS MB ROUNDS DIR";
    private static final String[] MODES = {"mapped", "mapped+force-window", "mapped+force-file", "write"};

    private WriteBackProbe() {
    }

    /**
     * Runs the probe.
     *
     * @param args {@code WINDOWS MB ROUNDS DIR}: windows per file (1 to 1024), the file's size in MiB (1 to 4096,
     *     a multiple of 4 bytes per window), rounds (1 to 100), an existing directory
     * @throws IOException if the file cannot be written
     * @throws InterruptedException if interrupted while waiting for {@code sync} or the second thread
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        PrintStream out = System.out;
        int windows;
        long mib;
        int rounds;
        try {
            if (args.length != 4) {
                throw new IllegalArgumentException("4 arguments expected, " + args.length + " given");
            }
            windows = bounded("WINDOWS", args[0], 1, 1024);
            mib = bounded("MB", args[1], 1, 4096);
            rounds = bounded("ROUNDS", args[2], 1, 100);
            if (!Files.isDirectory(Path.of(args[3]))) {
                throw new IllegalArgumentException("DIR " + args[3] + ": not a directory");
            }
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + " (" + USAGE + ")");
            System.exit(2);
            return;
        }
        long window = (mib << 20) / windows / Float.BYTES * Float.BYTES;
        ByteBuffer reused = ByteBuffer.allocateDirect(Math.toIntExact(window)).order(ByteOrder.LITTLE_ENDIAN);
        ExecutorService second = Executors.newSingleThreadExecutor();
        try {
            for (int r = 0; r < rounds; r++) {
                for (int mode = 0; mode < MODES.length; mode++) {
                    new ProcessBuilder("sync").inheritIO().start().waitFor(60, TimeUnit.SECONDS);
                    Path file = Files.createTempFile(Path.of(args[3]), ".loopnest-probe", ".f32");
                    try {
                        out.println(String.format(Locale.ROOT, "round %d %-20s %s", r, MODES[mode],
                                round(file, mode, windows, window, reused, second)));
                    } finally {
                        Files.deleteIfExists(file);
                    }
                }
            }
        } finally {
            second.shutdownNow();
        }
    }

    private static String round(Path file, int mode, int windows, long window, ByteBuffer reused,
            ExecutorService second) throws IOException, InterruptedException {
        long start = System.nanoTime();
        List<Future<?>> forces = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            for (int k = 0; k < windows; k++) {
                ByteBuffer target = mode == 3 ? reused.clear()
                        : channel.map(FileChannel.MapMode.READ_WRITE, k * window, window);
                FloatBuffer floats = target.order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
                for (int i = 0; i < floats.capacity(); i++) {
                    floats.put(i, i * 0.5f + k);
                }
                if (mode == 1) {
                    MappedByteBuffer mapped = (MappedByteBuffer) target;
                    forces.add(second.submit(() -> mapped.force()));
                } else if (mode == 2) {
                    forces.add(second.submit(() -> {
                        channel.force(false);
                        return null;
                    }));
                } else if (mode == 3) {
                    ByteBuffer bytes = reused.duplicate().clear();
                    for (long at = k * window; bytes.hasRemaining(); ) {
                        at += channel.write(bytes, at);
                    }
                }
            }
            long loop = System.nanoTime();
            for (Future<?> f : forces) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IOException("forcing " + file + " failed: " + e.getCause(), e.getCause());
                }
            }
            long waited = System.nanoTime();
            channel.force(true);
            long end = System.nanoTime();
            return String.format(Locale.ROOT, "loop %6.1f ms, wait %5.1f ms, final force %5.1f ms, total %6.1f ms",
                    (loop - start) / 1e6, (waited - loop) / 1e6, (end - waited) / 1e6, (end - start) / 1e6);
        }
    }

    private static int bounded(String name, String text, int min, int max) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " " + text + ": not a whole number");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " " + value + ": out of range (expected: " + min + " to " + max
                    + ")");
        }
        return value;
    }
}

package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The files' bandwidth without a loop: the inputs read once from end to end (page cache warm, as before every timed
 * run) and a new file of the outputs' size written and forced to disk ({@code fsync}), as a data-local run's nodes
 * read and write and the commit forces. Bytes per second = (input bytes + output bytes) ÷ time, median of the rounds.
 * Stateless.
 */
final class FileBandwidth {
    private FileBandwidth() {
    }

    /**
     * Measures the bandwidth in {@code dir} (the scratch file {@code bandwidth.f32} is deleted after each round).
     *
     * @param inputs      the files read, warmed before each round
     * @param outputBytes the bytes written and forced
     * @return bytes per second, one sample per measured round
     */
    static Samples measure(Path dir, List<Path> inputs, long outputBytes, Rounds rounds) {
        long inputBytes = inputs.stream().mapToLong(p -> p.toFile().length()).sum();
        Path out = dir.resolve("bandwidth.f32");
        List<Double> rates = rounds.collect(() -> {
            ScratchFiles.command(List.of("sync"));
            inputs.forEach(ScratchFiles::warm);
            long start = System.nanoTime();
            inputs.forEach(ScratchFiles::warm);
            write(out, outputBytes);
            double rate = (inputBytes + outputBytes) / ((System.nanoTime() - start) / 1e9);
            ScratchFiles.delete(out);
            return rate;
        });
        return new Samples(rates.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Writes {@code bytes} zero bytes to a new {@code file} and forces them to disk. */
    private static void write(Path file, long bytes) {
        ByteBuffer piece = ByteBuffer.allocateDirect(ScratchFiles.PIECE_BYTES);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (long at = 0; at < bytes; at += ScratchFiles.PIECE_BYTES) {
                piece.clear().limit((int) Math.min(ScratchFiles.PIECE_BYTES, bytes - at));
                while (piece.hasRemaining()) {
                    channel.write(piece, at + piece.position());
                }
            }
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}

package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The files of the file-backed measurements: raw little-endian float32 files written, read back, warmed into the
 * page cache and compared piece by piece ({@value #PIECE_BYTES} bytes at a time, so that no file needs memory in
 * proportion to its size), child processes such as {@code cp} and {@code sync}, and the scratch directory deleted
 * afterwards. Stateless; every failure is an {@link UncheckedIOException} or {@link IllegalStateException} naming the
 * file or the command.
 */
final class ScratchFiles {
    /** Bytes read or written at a time. */
    static final int PIECE_BYTES = 4 << 20;
    private static final long COMMAND_TIMEOUT_MINUTES = 10;

    private ScratchFiles() {
    }

    /** A new empty directory under {@code java.io.tmpdir} named {@code prefix…}. */
    static Path directory(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for " + prefix + " in "
                    + System.getProperty("java.io.tmpdir"), e);
        }
    }

    /** The value {@link #writePattern} puts at float {@code k}: exact in float32, never NaN. */
    static float pattern(long k) {
        return (k % 1_000_003) + 0.25f;
    }

    /** Writes {@code bytes / 4} floats of {@link #pattern}, little-endian, to a new {@code file}. */
    static void writePattern(Path file, long bytes) {
        ByteBuffer piece = ByteBuffer.allocateDirect(PIECE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (long at = 0; at < bytes; at += PIECE_BYTES) {
                int n = (int) Math.min(PIECE_BYTES, bytes - at);
                piece.clear().limit(n);
                long k = at / Float.BYTES;
                for (int m = 0; m < n; m += Float.BYTES) {
                    piece.putFloat(m, pattern(k++));
                }
                while (piece.hasRemaining()) {
                    channel.write(piece, at + piece.position());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Writes {@code values} little-endian to a new {@code file}. */
    static void writeFloats(Path file, float[] values) {
        ByteBuffer all = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        all.asFloatBuffer().put(values);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            while (all.hasRemaining()) {
                channel.write(all);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Reads a little-endian float32 file of exactly {@code count} floats. */
    static float[] readFloats(Path file, int count) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length != (long) count * Float.BYTES) {
                throw new IllegalStateException(file + " holds " + bytes.length + " bytes (expected: "
                        + (long) count * Float.BYTES + ")");
            }
            float[] values = new float[count];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
            return values;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Reads {@code file} once from end to end, so that the page cache holds it (as far as memory allows). */
    static void warm(Path file) {
        ByteBuffer piece = ByteBuffer.allocateDirect(PIECE_BYTES);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long at = 0;
            int n;
            while ((n = channel.read(piece.clear(), at)) > 0) {
                at += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /**
     * Compares two files byte for byte.
     *
     * @return {@code null} if they are equal, else where they first differ
     */
    static String firstDifference(Path expected, Path actual) {
        ByteBuffer a = ByteBuffer.allocateDirect(PIECE_BYTES);
        ByteBuffer b = ByteBuffer.allocateDirect(PIECE_BYTES);
        try (FileChannel x = FileChannel.open(expected, StandardOpenOption.READ);
                FileChannel y = FileChannel.open(actual, StandardOpenOption.READ)) {
            if (x.size() != y.size()) {
                return actual + " holds " + y.size() + " bytes (expected: " + x.size() + ", as " + expected + ")";
            }
            for (long at = 0; at < x.size(); at += PIECE_BYTES) {
                int n = (int) Math.min(PIECE_BYTES, x.size() - at);
                readFully(x, a.clear().limit(n), at);
                readFully(y, b.clear().limit(n), at);
                int m = a.flip().mismatch(b.flip());
                if (m >= 0) {
                    return actual + " differs from " + expected + " at byte " + (at + m)
                            + " (expected: the same bytes)";
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot compare " + actual + " with " + expected, e);
        }
    }

    /**
     * Checks that {@code usable} bytes hold {@code files} files of {@code bytes} before a row writes any.
     *
     * @param row the row's label, the message's start
     * @param files how many files of {@code bytes} the row writes at most
     * @param what what the files are, for the message (e.g. {@code "the input and five outputs"})
     * @param advice what the user may change (e.g. {@code "choose another java.io.tmpdir"})
     * @throws IllegalStateException naming the directory, the bytes needed and those free
     */
    static void checkRoom(String row, Path dir, int files, long bytes, long usable, String what, String advice) {
        if (usable / files < bytes) {
            throw new IllegalStateException(row + ": " + dir + " has " + usable + " bytes free (expected: at least "
                    + files + " × " + bytes + " = " + files * bytes + " for " + what + "; " + advice + ")");
        }
    }

    /** Deletes {@code file} if it exists. */
    static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
    }

    /** Deletes {@code dir} and everything under it, if it exists. */
    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(ScratchFiles::delete);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    /** Forces {@code file}'s data to disk ({@code fsync}), as a run's commit does for its outputs. */
    static void force(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot force " + file + " to disk", e);
        }
    }

    /**
     * Runs a command as a child process (output discarded) and waits for it.
     *
     * @throws IllegalStateException naming the command if it exits with a non-zero status or runs longer than
     *     {@value #COMMAND_TIMEOUT_MINUTES} minutes (it is then destroyed)
     */
    static void command(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(COMMAND_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException(command + " ran longer than " + COMMAND_TIMEOUT_MINUTES
                        + " minutes (expected: it ends)");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(command + " exited with status " + p.exitValue() + " (expected: 0)");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(command + ": interrupted while waiting for it", e);
        }
    }

    private static void readFully(FileChannel channel, ByteBuffer into, long at) throws IOException {
        while (into.hasRemaining()) {
            int n = channel.read(into, at + into.position());
            if (n < 0) {
                throw new IOException("end of file at byte " + (at + into.position()));
            }
        }
    }
}

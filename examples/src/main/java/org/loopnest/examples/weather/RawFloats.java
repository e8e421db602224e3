package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Raw little-endian float32 files, the layout of GrADS binary data: no header, {@code 4·n} bytes for {@code n}
 * values.
 *
 * <p><b>Failure:</b> {@link #writeAll} writes every file to a temporary name in the target directory first and
 * renames them only once all are complete, all or none ({@link StagedFiles}), so an error or an interruption
 * never leaves a half-written output under its final name nor a mix of old and new outputs.
 */
public final class RawFloats {
    private static final int BLOCK_FLOATS = 1 << 18;

    private RawFloats() {
    }

    /**
     * Checks that {@code file} is a regular file this user can read holding exactly {@code count} float32 values.
     *
     * @param what names the file in the message, e.g. {@code --input-t}
     * @throws IllegalArgumentException saying what the file is (missing, a directory, a FIFO, a device,
     *     unreadable, or its size in bytes) and what was expected, e.g. {@code --input-t t.f32: a directory
     *     (expected: a regular file of 6720 bytes = 1680 float32 values)}
     * @throws IOException if the file's attributes cannot be read
     */
    public static void checkSize(Path file, long count, String what) throws IOException {
        long expected = count * Float.BYTES;
        String wanted = expected + " bytes = " + count + " float32 values)";
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(what + " " + file + ": " + FileKinds.describe(file)
                    + " (expected: a regular file of " + wanted);
        }
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException(what + " " + file + ": not readable by this user (expected: a "
                    + "readable regular file of " + wanted);
        }
        long size = Files.size(file);
        if (size != expected) {
            throw new IllegalArgumentException(what + " " + file + ": " + size + " bytes (expected: " + wanted);
        }
    }

    /** Reads all of {@code file} into {@code into}; its size must be {@code 4·into.length} ({@link #checkSize}). */
    public static void read(Path file, float[] into) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(BLOCK_FLOATS * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int done = 0; done < into.length; ) {
                int n = Math.min(BLOCK_FLOATS, into.length - done);
                block.clear().limit(n * Float.BYTES);
                while (block.hasRemaining()) {
                    if (channel.read(block) < 0) {
                        throw new IOException(file + ": ended after " + (done * 4L + block.position()) + " bytes");
                    }
                }
                block.flip();
                block.asFloatBuffer().get(into, done, n);
                done += n;
            }
        }
    }

    /** Writes {@code values} to {@code file}, replacing it. Not atomic; see {@link #writeAll}. */
    public static void write(Path file, float[] values) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(BLOCK_FLOATS * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        FloatBuffer floats = block.asFloatBuffer();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (int done = 0; done < values.length; ) {
                int n = Math.min(BLOCK_FLOATS, values.length - done);
                floats.clear();
                floats.put(values, done, n);
                block.clear().limit(n * Float.BYTES);
                while (block.hasRemaining()) {
                    channel.write(block);
                }
                done += n;
            }
        }
    }

    /**
     * Writes each array to {@code dir/name}, creating {@code dir} if needed, as one {@link StagedFiles} set: all
     * to temporary files first, then all renamed into place, or none (the old files stay). On failure or
     * interruption the temporary files are deleted.
     *
     * @return the files written, in the map's order
     * @throws IOException if a file cannot be written or moved into place; the old files are then kept
     */
    public static List<Path> writeAll(Path dir, Map<String, float[]> files) throws IOException {
        Files.createDirectories(dir);
        try (StagedFiles set = StagedFiles.open()) {
            List<Path> written = stageAll(set, dir, files);
            set.commit();
            return written;
        }
    }

    /**
     * Stages each array as {@code dir/name} in {@code set} and writes it to its temporary; the caller commits the
     * set. {@code dir} must exist.
     *
     * @return the target files, in the map's order
     */
    public static List<Path> stageAll(StagedFiles set, Path dir, Map<String, float[]> files) throws IOException {
        List<Path> targets = new ArrayList<>();
        for (Map.Entry<String, float[]> file : files.entrySet()) {
            Path target = dir.resolve(file.getKey());
            write(set.stage(target), file.getValue());
            targets.add(target);
        }
        return targets;
    }
}

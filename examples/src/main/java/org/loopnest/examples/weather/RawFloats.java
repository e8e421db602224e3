package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Raw little-endian float32 files, the layout of GrADS binary data: no header, {@code 4·n} bytes for {@code n}
 * values.
 *
 * <p><b>Failure:</b> {@link #writeAll} writes every file to a temporary name in the target directory first and
 * renames them only once all are complete, so an error never leaves a half-written output under its final name.
 */
public final class RawFloats {
    private static final int BLOCK_FLOATS = 1 << 18;

    private RawFloats() {
    }

    /**
     * Checks that {@code file} holds exactly {@code count} float32 values.
     *
     * @param what names the file in the message, e.g. {@code --input-t}
     * @throws IllegalArgumentException saying the size found and the size expected, in bytes
     * @throws IOException if the file cannot be read
     */
    public static void checkSize(Path file, long count, String what) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(what + " " + file + ": no such file");
        }
        long size = Files.size(file);
        long expected = count * Float.BYTES;
        if (size != expected) {
            throw new IllegalArgumentException(what + " " + file + ": " + size + " bytes (expected: " + expected
                    + " bytes = " + count + " float32 values)");
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
     * Writes each array to {@code dir/name}, creating {@code dir} if needed: all to temporary files first, then
     * renamed (atomically where the file system can). On failure the temporary files are deleted.
     *
     * @return the files written, in the map's order
     */
    public static List<Path> writeAll(Path dir, Map<String, float[]> files) throws IOException {
        Files.createDirectories(dir);
        Map<Path, Path> staged = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, float[]> file : files.entrySet()) {
                Path temp = stagingFile(dir, file.getKey());
                staged.put(temp, dir.resolve(file.getKey()));
                write(temp, file.getValue());
            }
            for (Map.Entry<Path, Path> move : staged.entrySet()) {
                moveIntoPlace(move.getKey(), move.getValue());
            }
        } finally {
            for (Path temp : staged.keySet()) {
                Files.deleteIfExists(temp);
            }
        }
        return new ArrayList<>(staged.values());
    }

    /** Writes {@code text} (UTF-8) to {@code file} through a temporary file and a rename. */
    public static void writeText(Path file, String text) throws IOException {
        Path temp = stagingFile(file.toAbsolutePath().getParent(), file.getFileName().toString());
        try {
            Files.writeString(temp, text);
            moveIntoPlace(temp, file);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** A new empty hidden file beside {@code name}, created with the default permissions (the umask applies). */
    private static Path stagingFile(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                    + ".tmp");
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException taken) {
                if (attempt == 10) {
                    throw taken;
                }
            }
        }
    }

    private static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (java.nio.file.AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}

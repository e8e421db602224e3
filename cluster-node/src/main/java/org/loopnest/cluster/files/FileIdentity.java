package org.loopnest.cluster.files;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Optional;
import java.util.zip.CRC32C;

/**
 * What a node and its coordinator read of a file to decide that they see the same one: its size, its last
 * modification time (milliseconds) and the CRC32C of its first and of its last {@link #END_BYTES} bytes. Reading it
 * costs two positional reads of at most 64 KiB each, whatever the file's size.
 *
 * <p><b>Pitfalls:</b> a change in the middle of a file that keeps its size and its modification time is not seen:
 * that is the cost of checking only the ends. The file system's own identity ({@link BasicFileAttributes#fileKey()},
 * device and inode) is not compared: it differs between the machines that mount the same shared storage, so it would
 * call the same file different. A file system that stores times in whole seconds compares at that precision.
 *
 * <p><b>Threading:</b> immutable; safe from any thread. {@link #of} blocks on the file system.
 *
 * @param path           the file's path as the side that read it names it (used in messages only, never compared)
 * @param size           its size in bytes, {@code >= 0}
 * @param modifiedMillis its last modification time, in milliseconds since the epoch
 * @param head           the CRC32C of its first {@code min(END_BYTES, size)} bytes, an unsigned 32-bit value
 * @param tail           the CRC32C of its last {@code min(END_BYTES, size)} bytes (the same bytes as {@code head} in a
 *                       file of at most {@code END_BYTES}), an unsigned 32-bit value
 */
public record FileIdentity(String path, long size, long modifiedMillis, long head, long tail) {
    /** How many bytes at each end of a file are hashed: 64 KiB. */
    public static final int END_BYTES = 64 * 1024;

    private static final long MAX_CRC = 0xFFFF_FFFFL;

    /**
     * Checks the values.
     *
     * @param path           the file's path, not blank
     * @param size           its size in bytes
     * @param modifiedMillis its last modification time, in milliseconds since the epoch
     * @param head           the CRC32C of its first bytes
     * @param tail           the CRC32C of its last bytes
     * @throws IllegalArgumentException naming the first value out of range and what was expected
     */
    public FileIdentity {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("path is blank (expected: the file's path)");
        }
        if (size < 0) {
            throw new IllegalArgumentException(path + ": size = " + size + " (expected: >= 0)");
        }
        if (head < 0 || head > MAX_CRC || tail < 0 || tail > MAX_CRC) {
            throw new IllegalArgumentException(path + ": head = " + head + ", tail = " + tail + " (expected: CRC32C "
                    + "values, 0 to " + MAX_CRC + ")");
        }
    }

    /**
     * Reads the identity of {@code file}: its attributes, then its two ends by positional reads (never the whole
     * file).
     *
     * @param file the file, whose {@link Path#toString()} becomes {@link #path()}
     * @return what this machine sees of it
     * @throws IOException naming {@code file} if it cannot be read, or if it became shorter while read
     */
    public static FileIdentity of(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            long size = attributes.size();
            int bytes = (int) Math.min(END_BYTES, size);
            ByteBuffer buffer = ByteBuffer.allocate(bytes);
            long head = crc(channel, 0, buffer, file);
            long tail = crc(channel, size - bytes, buffer, file);
            return new FileIdentity(file.toString(), size, attributes.lastModifiedTime().toMillis(), head, tail);
        } catch (EOFException e) {
            throw e;
        } catch (IOException e) {
            throw new IOException(file + ": cannot read its size, time and ends: " + e, e);
        }
    }

    /** The CRC32C of the {@code buffer.capacity()} bytes of {@code channel} from {@code position}. */
    private static long crc(FileChannel channel, long position, ByteBuffer buffer, Path file) throws IOException {
        buffer.clear();
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                throw new EOFException(file + ": ended at byte " + (position + buffer.position()) + " while read "
                        + "(expected: a file that does not shrink while the run starts)");
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(buffer.flip());
        return crc.getValue();
    }

    /**
     * Compares this identity, read here (on a node), with {@code seen}, read on the coordinator.
     *
     * @param seen what the coordinator read of the same path
     * @return empty if the size, the modification time and both ends are equal; otherwise one sentence naming
     *     {@code seen}'s path and the first of these that differs, e.g. {@code /data/t.nc: 1048576 bytes here,
     *     1048000 on the coordinator}, {@code modified 2026-11-28T00:10:01.123Z here, 2026-11-28T00:10:00Z on the
     *     coordinator}, {@code its first 64 KiB differ} or {@code its last 64 KiB differ} (a file of less than 64 KiB:
     *     its size, {@code its first 10 bytes differ})
     */
    public Optional<String> differs(FileIdentity seen) {
        String name = seen.path() + ": ";
        if (size != seen.size()) {
            return Optional.of(name + size + " bytes here, " + seen.size() + " on the coordinator");
        }
        if (modifiedMillis != seen.modifiedMillis()) {
            return Optional.of(name + "modified " + Instant.ofEpochMilli(modifiedMillis) + " here, "
                    + Instant.ofEpochMilli(seen.modifiedMillis()) + " on the coordinator");
        }
        if (head != seen.head()) {
            return Optional.of(name + "its first " + ends() + " differ");
        }
        if (tail != seen.tail()) {
            return Optional.of(name + "its last " + ends() + " differ");
        }
        return Optional.empty();
    }

    /** {@return how much of each end was hashed: {@code 64 KiB}, or {@code 10 bytes} for a file of 10 bytes} */
    private String ends() {
        return size >= END_BYTES ? END_BYTES / 1024 + " KiB" : size + (size == 1 ? " byte" : " bytes");
    }
}

package org.loopnest.device.cuda;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * PTX on disk, one file {@code <sha-256>.ptx} per compiler, options and source. Files are written to a temporary
 * name and moved into place, so that readers never see half a file and concurrent writers of one key are
 * harmless. Thread-safe, and safe across processes sharing the directory.
 *
 * <p><b>Failure:</b> the cache is only an optimization: a directory that cannot be created, read or written
 * makes {@link #read} miss and {@link #write} do nothing.
 */
final class PtxCache {
    private final Path directory;

    /** A cache in {@code directory}, created when first written. */
    PtxCache(Path directory) {
        this.directory = directory;
    }

    /** The directory. */
    Path directory() {
        return directory;
    }

    /** The key of {@code parts}: the hex SHA-256 of the parts, each ended by a NUL character. */
    static String key(String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The file that holds {@code key}'s PTX. */
    Path file(String key) {
        return directory.resolve(key + ".ptx");
    }

    /** The PTX stored under {@code key}, if any. */
    Optional<String> read(String key) {
        try {
            return Optional.of(Files.readString(file(key), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Stores {@code ptx} under {@code key}; does nothing if the directory cannot be written. */
    void write(String key, String ptx) {
        Path temp = null;
        try {
            Files.createDirectories(directory);
            temp = Files.createTempFile(directory, key, ".tmp");
            Files.writeString(temp, ptx, StandardCharsets.UTF_8);
            try {
                Files.move(temp, file(key), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file(key), StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        } catch (IOException | RuntimeException e) {
            // Not cached: the next compilation of this source compiles again.
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // A stray temporary file in the cache directory; harmless.
                }
            }
        }
    }
}

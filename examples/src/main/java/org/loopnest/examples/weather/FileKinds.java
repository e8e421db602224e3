package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Says in words what a path is, for messages about a file given where another kind was expected.
 *
 * <p><b>Threading:</b> stateless; safe from any thread.
 */
public final class FileKinds {
    private static final int TYPE_MASK = 0170000;
    private static final int FIFO = 0010000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int BLOCK_DEVICE = 0060000;
    private static final int SOCKET = 0140000;

    private FileKinds() {
    }

    /**
     * What {@code path} is, following links: {@code no such file}, {@code a regular file}, {@code a directory},
     * or, where the file system tells (Linux, macOS), {@code a FIFO}, {@code a character device},
     * {@code a block device}, {@code a socket}; else {@code not a regular file}.
     */
    public static String describe(Path path) {
        if (!Files.exists(path)) {
            return "no such file";
        }
        if (Files.isRegularFile(path)) {
            return "a regular file";
        }
        if (Files.isDirectory(path)) {
            return "a directory";
        }
        return special(path);
    }

    private static String special(Path path) {
        int type;
        try {
            type = (Integer) Files.getAttribute(path, "unix:mode") & TYPE_MASK;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "not a regular file";
        }
        return switch (type) {
            case FIFO -> "a FIFO";
            case CHARACTER_DEVICE -> "a character device";
            case BLOCK_DEVICE -> "a block device";
            case SOCKET -> "a socket";
            default -> "not a regular file";
        };
    }
}

package org.loopnest.internal.format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Says in words what a path is, for messages about a file given where another kind was expected, and makes the one
 * check of a file that is about to be read: a regular file this user can read (a FIFO would block its reader until a
 * writer comes, a device such as {@code /dev/zero} never ends, a directory cannot be read as a file). Used by the
 * format readers and the command line alike.
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
     * {@return what {@code path} is, following links: {@code no such file}, {@code a regular file},
     * {@code a directory}, or, where the file system tells (Linux, macOS), {@code a FIFO}, {@code a character device},
     * {@code a block device}, {@code a socket}; else {@code not a regular file}}
     *
     * @param path any path
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

    /**
     * Checks that {@code file} is a regular file this user can read, before it is opened.
     *
     * @param label how the message starts: the option and the file, e.g. {@code --input model.ctl}
     * @param file the file
     * @param expected what was expected, e.g. {@code a readable regular file}
     * @throws IllegalArgumentException {@code label: reason (expected: ...)}, the reason {@code no such file},
     *     {@code a directory}, {@code a FIFO}, {@code a character device} and so on ({@link #describe}), or
     *     {@code a regular file without read permission}
     */
    public static void requireReadable(String label, Path file, String expected) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new IllegalArgumentException(label + ": " + (Files.isRegularFile(file)
                    ? "a regular file without read permission" : describe(file)) + " (expected: " + expected + ")");
        }
    }
}

package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Says in words what a path is, for messages about a file given where another kind was expected (core's
 * {@code org.loopnest.internal.format.FileKinds}), and why reading one failed.
 *
 * <p><b>Threading:</b> stateless; safe from any thread.
 */
public final class FileKinds {
    private FileKinds() {
    }

    /**
     * What {@code path} is, following links: {@code no such file}, {@code a regular file}, {@code a directory},
     * or, where the file system tells (Linux, macOS), {@code a FIFO}, {@code a character device},
     * {@code a block device}, {@code a socket}; else {@code not a regular file}.
     */
    public static String describe(Path path) {
        return org.loopnest.internal.format.FileKinds.describe(path);
    }

    /**
     * The one check of a file a command reads, made before it is opened: a regular file this user can read. A FIFO
     * would block its reader until a writer comes, a device such as {@code /dev/zero} never ends, a directory cannot
     * be read as a file.
     *
     * @param label how the message starts: the option and the file, e.g. {@code --input model.ctl}
     * @param file the file
     * @param expected what was expected, e.g. {@code a readable regular file}
     * @throws IllegalArgumentException {@code label: reason (expected: ...)}, the reason {@code no such file},
     *     {@code a directory}, {@code a FIFO}, {@code a character device} and so on ({@link #describe}), or
     *     {@code a regular file without read permission}
     */
    public static void requireReadable(String label, Path file, String expected) {
        org.loopnest.internal.format.FileKinds.requireReadable(label, file, expected);
    }

    /**
     * The reason of a failure to read a file, naming the file: the exception's message, except that the JDK's
     * {@link NoSuchFileException} and {@link AccessDeniedException}, whose message is only the path, become
     * {@code PATH: no such file} and {@code PATH: permission denied}, and one with no message gives its kind.
     *
     * @param e the failure
     * @return one line
     */
    public static String reason(Exception e) {
        if (e instanceof NoSuchFileException missing) {
            return missing.getFile() + ": no such file";
        }
        if (e instanceof AccessDeniedException denied) {
            return denied.getFile() + ": permission denied";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}

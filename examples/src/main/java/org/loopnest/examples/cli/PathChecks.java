package org.loopnest.examples.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import org.loopnest.examples.weather.FileKinds;

/**
 * Checks of the paths a command will write, made before anything runs so that bad input exits with code 2 and
 * writes nothing. The checks ask the file system ({@link Files#isWritable}), which also catches a read-only mount
 * for any user, root included.
 *
 * <p><b>Threading:</b> stateless; safe from any thread. <b>Failure:</b> each check throws
 * {@link IllegalArgumentException} with a one-line message naming the option, the path and what was expected.
 */
final class PathChecks {
    private PathChecks() {
    }

    /**
     * A directory the command writes {@code names} into, made if missing: it, or its nearest existing parent, is a
     * writable directory, and none of {@code names} in it is a directory. Does nothing for {@code null}.
     */
    static void directory(String option, Path dir, Collection<String> names) {
        if (dir == null) {
            return;
        }
        Path existing = nearestExisting(dir);
        if (existing != null && !Files.isDirectory(existing)) {
            throw new IllegalArgumentException(option + " " + dir + ": " + (existing.equals(dir.toAbsolutePath())
                    ? "exists and is" : existing + " is") + " not a directory (expected: a directory, or a path "
                    + "where one can be made)");
        }
        if (existing != null && !Files.isWritable(existing)) {
            throw new IllegalArgumentException(option + " " + dir + ": " + existing + " is not writable");
        }
        for (String name : names) {
            Path file = dir.resolve(name);
            if (Files.isDirectory(file)) {
                throw new IllegalArgumentException(option + " " + dir + ": " + file + " is a directory (expected: "
                        + "no file or a regular file named " + name + ", which is replaced)");
            }
        }
    }

    /**
     * A file the command writes, replacing it: not a directory, in an existing writable directory. Does nothing
     * for {@code null}.
     */
    static void file(String option, Path file) {
        if (file == null) {
            return;
        }
        String expected = " (expected: a file in an existing, writable directory)";
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(option + " " + file + ": " + FileKinds.describe(file) + expected);
        }
        Path parent = file.toAbsolutePath().getParent();
        Path existing = nearestExisting(parent);
        if (existing != null && !Files.isDirectory(existing)) {
            throw new IllegalArgumentException(option + " " + file + ": " + existing + " is "
                    + FileKinds.describe(existing) + ", not a directory" + expected);
        }
        if (!Files.isDirectory(parent)) {
            throw new IllegalArgumentException(option + " " + file + ": directory " + parent + " does not exist"
                    + expected);
        }
        if (!Files.isWritable(parent)) {
            throw new IllegalArgumentException(option + " " + file + ": directory " + parent + " is not writable"
                    + expected);
        }
    }

    private static Path nearestExisting(Path path) {
        Path existing = path.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing;
    }
}

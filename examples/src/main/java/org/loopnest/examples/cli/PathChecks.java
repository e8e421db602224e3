package org.loopnest.examples.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.loopnest.examples.weather.FileKinds;
import org.loopnest.examples.weather.StagingNames;

/**
 * Checks of the paths a command will write, made before anything runs so that bad input exits with code 2 and
 * writes nothing. A directory to write in must pass {@link Files#isWritable} (which also catches a read-only
 * mount for any user, root included) and take a probe file, created under the hidden staging name and deleted at
 * once, so that what stops even root ({@code /proc}, say) is found too.
 *
 * <p><b>Threading:</b> stateless; safe from any thread. <b>Failure:</b> each check throws
 * {@link IllegalArgumentException} with a one-line message naming the option, the path and what was expected.
 */
public final class PathChecks {
    private PathChecks() {
    }

    /**
     * A directory the command writes {@code names} into, made if missing: not an empty path; it, or its nearest
     * existing parent, is a writable directory; and none of {@code names} in it is a directory. Does nothing for
     * {@code null}.
     */
    static void directory(String option, Path dir, Collection<String> names) {
        if (dir == null) {
            return;
        }
        String expected = " (expected: a directory, or a path where one can be made)";
        if (dir.toString().isEmpty()) { // an unset shell variable: not the working directory by accident
            throw new IllegalArgumentException(option + " '': an empty path" + expected);
        }
        Path existing = nearestExisting(dir);
        if (existing != null && !Files.isDirectory(existing)) {
            throw new IllegalArgumentException(option + " " + dir + ": " + (existing.equals(dir.toAbsolutePath())
                    ? "exists and is" : existing + " is") + " not a directory" + expected);
        }
        if (existing != null) {
            String unwritable = unwritable(existing, names.isEmpty() ? "probe" : names.iterator().next());
            if (unwritable != null) {
                throw new IllegalArgumentException(option + " " + dir + ": " + existing + " is not writable ("
                        + unwritable + ")");
            }
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
     * for {@code null}. Public for the other commands of the launcher ({@code loopnest bench}).
     *
     * @throws IllegalArgumentException naming the option, the path and what was expected
     */
    public static void file(String option, Path file) {
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
        String unwritable = unwritable(parent, file.getFileName().toString());
        if (unwritable != null) {
            throw new IllegalArgumentException(option + " " + file + ": directory " + parent + " is not writable ("
                    + unwritable + ")" + expected);
        }
    }

    /**
     * A file the command reads whole: a readable regular file, not a FIFO (which blocks its reader until a writer
     * comes) or a device such as {@code /dev/zero} (which never ends). Does nothing for {@code null}.
     */
    static void readable(String option, Path file) {
        if (file != null) {
            FileKinds.requireReadable(option + " " + file, file, "a readable regular file");
        }
    }

    /**
     * Why a file {@code name} cannot be made in {@code dir}, or null if it can: asks the file system, then creates
     * and deletes a probe under the hidden staging name of {@code name}, since the permission bits do not stop
     * root while a read-only mount or a pseudo file system such as {@code /proc} does.
     */
    private static String unwritable(Path dir, String name) {
        if (!Files.isWritable(dir)) {
            return "no write permission, or a read-only file system";
        }
        Path probe = StagingNames.temporary(dir.resolve(name));
        try {
            Files.delete(Files.createFile(probe));
            return null;
        } catch (IOException e) {
            return "a file cannot be made there: " + e.getClass().getSimpleName();
        }
    }

    /**
     * Checks that no file is written twice: {@code files} maps each option to the files it writes, and no two
     * options may name the same file, however spelled ({@link SameFiles#canonical}).
     */
    static void distinct(Map<String, List<Path>> files) {
        Map<Path, String> owners = new HashMap<>();
        for (Map.Entry<String, List<Path>> option : files.entrySet()) {
            for (Path file : option.getValue()) {
                String other = owners.putIfAbsent(SameFiles.canonical(file), option.getKey());
                if (other != null) {
                    throw new IllegalArgumentException(option.getKey() + " " + file + ": also written by " + other
                            + " (expected: a different file for each output)");
                }
            }
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

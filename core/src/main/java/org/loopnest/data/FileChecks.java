package org.loopnest.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The checks a {@link FileHolder} gets when it is bound, so that a bad file fails before anything runs: an input's
 * file exists, is a readable regular file and is long enough; a new output's path is not a directory, its directory
 * exists and is writable, and its file system has room. Messages name the array, the file and what was expected.
 * Stateless.
 */
final class FileChecks {
    private FileChecks() {
    }

    static void check(String what, Role role, FileHolder holder, long[] shape) {
        Path path = holder.path();
        long end = holder.byteRange(shape)[1]; // not null: FileHolder.check refused that before
        if (role == Role.IN || holder.writesInPlace()) {
            checkExisting(what, role, path, end);
        } else {
            checkNew(what, path, end);
        }
    }

    private static void checkExisting(String what, Role role, Path path, long end) {
        if (Files.isDirectory(path)) {
            throw new IllegalArgumentException(what + ": " + path + " is a directory (expected: a file)");
        }
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(what + ": file " + path + " does not exist (expected: an existing "
                    + (role == Role.IN ? "file to read" : "file to write into") + ")");
        }
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(what + ": " + path + " is not a regular file (expected: a file)");
        }
        if (!Files.isReadable(path)) {
            throw new IllegalArgumentException(what + ": file " + path + " is not readable (expected: read "
                    + "permission)");
        }
        if (role == Role.OUT && !Files.isWritable(path)) {
            throw new IllegalArgumentException(what + ": file " + path + " is not writable (expected: write "
                    + "permission)");
        }
        long size = sizeOf(what, path);
        if (size < end) {
            throw new IllegalArgumentException(what + ": file " + path + " holds " + size + " bytes, too short for "
                    + "its shape (expected: at least " + end + " bytes)");
        }
    }

    private static void checkNew(String what, Path path, long end) {
        if (Files.isDirectory(path)) {
            throw new IllegalArgumentException(what + ": " + path + " is a directory (expected: a file name to "
                    + "write)");
        }
        Path directory = path.getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new IllegalArgumentException(what + ": the directory of " + path + " does not exist (expected: an "
                    + "existing directory)");
        }
        if (!Files.isWritable(directory)) {
            throw new IllegalArgumentException(what + ": directory " + directory + " is not writable (expected: "
                    + "write permission, for the new file and its temporary name)");
        }
        try {
            long free = Files.getFileStore(directory).getUsableSpace();
            if (free < end) {
                throw new IllegalArgumentException(what + ": " + path + " needs " + end + " bytes but its file "
                        + "system has " + free + " free (expected: room for the output)");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(what + ": cannot read the free space of " + directory + ": " + e
                    + " (expected: a file system that says its free space)", e);
        }
    }

    private static long sizeOf(String what, Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            throw new IllegalArgumentException(what + ": cannot read the size of " + path + ": " + e
                    + " (expected: a readable file)", e);
        }
    }
}

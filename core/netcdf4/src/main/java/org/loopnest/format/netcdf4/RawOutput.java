package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks where a raw output file may be written, before anything is: not a directory, not the input, room for it. */
final class RawOutput {
    private RawOutput() {
    }

    static void check(Path raw, Path input, long bytes) throws IOException {
        if (Files.isDirectory(raw)) {
            throw new IllegalArgumentException("raw = " + raw + " is a directory (expected: a file to write)");
        }
        Path dir = raw.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("raw = " + raw + ": its directory does not exist (expected: an "
                    + "existing directory)");
        }
        if (Files.exists(raw) && Files.isSameFile(raw, input)) {
            throw new IllegalArgumentException("raw = " + raw + " is the input file itself (expected: another file)");
        }
        long have = Files.getFileStore(dir).getUsableSpace() + (Files.exists(raw) ? Files.size(raw) : 0);
        if (have < bytes) {
            throw new IllegalArgumentException("raw = " + raw + " needs " + bytes + " bytes, its file system has "
                    + have + " free (expected: room for the unpacked variable)");
        }
    }
}

package org.loopnest.examples.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Tells whether two paths name one file, whatever the spelling: {@code ./} and {@code ../}, a symbolic link to the
 * file or to a directory above it, a hard link. What {@code loopnest run} and {@code loopnest weather} check every
 * file they write against, so that no output, report, trace, kernel or saved input replaces a file the run reads
 * (an input, a GrADS data file, a body file).
 *
 * <p><b>Threading:</b> stateless; safe from any thread. <b>Pitfall:</b> it looks at the file system as it is when
 * called; a link made afterwards is not seen.
 */
final class SameFiles {
    private SameFiles() {
    }

    /**
     * Refuses a written file that is one of the files read.
     *
     * @param written each option (as messages name it, e.g. {@code --out o=a.f32} or {@code --report r.json}) with
     *                the files it writes
     * @param read    each file read, with how messages name its reader, e.g. {@code --in a=a.f32}
     * @throws IllegalArgumentException {@code OPTION: FILE is read by READER (expected: a file no input reads)}
     */
    static void refuseInputs(Map<String, List<Path>> written, Map<Path, String> read) {
        for (Map.Entry<String, List<Path>> option : written.entrySet()) {
            for (Path file : option.getValue()) {
                for (Map.Entry<Path, String> input : read.entrySet()) {
                    if (same(file, input.getKey())) {
                        throw new IllegalArgumentException(option.getKey() + ": " + file + " is read by "
                                + input.getValue() + " (expected: a file no input reads)");
                    }
                }
            }
        }
    }

    /**
     * Whether {@code a} and {@code b} name one file: the same canonical path ({@link #canonical}), or, both existing,
     * one file to the file system ({@link Files#isSameFile}: hard links too).
     */
    static boolean same(Path a, Path b) {
        if (canonical(a).equals(canonical(b))) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException unreadable) {
            return false; // a file whose identity cannot be read is reported by its own check
        }
    }

    /**
     * The path with every symbolic link and {@code .}/{@code ..} of its existing part resolved: its nearest existing
     * ancestor's real path, then the names below it that do not exist yet, so that an output still to be made
     * compares equal to another spelling of the same place.
     */
    static Path canonical(Path path) {
        Path existing = path.toAbsolutePath();
        Deque<Path> missing = new ArrayDeque<>();
        while (existing.getParent() != null && !Files.exists(existing)) {
            missing.push(existing.getFileName());
            existing = existing.getParent();
        }
        Path real;
        try {
            real = existing.toRealPath();
        } catch (IOException unreadable) {
            real = existing.normalize();
        }
        for (Path name : missing) {
            real = real.resolve(name);
        }
        return real.normalize();
    }
}

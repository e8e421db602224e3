package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the hidden files {@link StagedFiles} makes beside a target {@code NAME}: temporaries
 * {@code .NAME.HEX.tmp} and backups {@code .NAME.HEX.bak}, {@code HEX} being 1 to 16 lowercase hex digits; and
 * the removal of such files that a killed run left behind.
 *
 * <p><b>Threading:</b> stateless; safe from any thread.
 */
public final class StagingNames {
    private static final Pattern STAGED = Pattern.compile("\\.(.+)\\.[0-9a-f]{1,16}\\.(tmp|bak)");

    private StagingNames() {
    }

    /** A fresh temporary name beside {@code target}, e.g. {@code .theta.f32.3f2a9c.tmp}; not created. */
    public static Path temporary(Path target) {
        return beside(target, "tmp");
    }

    /** A fresh backup name beside {@code target}, e.g. {@code .theta.f32.3f2a9c.bak}; not created. */
    public static Path backup(Path target) {
        return beside(target, "bak");
    }

    private static Path beside(Path target, String suffix) {
        String hex = Long.toHexString(ThreadLocalRandom.current().nextLong());
        return target.resolveSibling("." + target.getFileName() + "." + hex + "." + suffix);
    }

    /**
     * Removes what a killed run left in {@code dir} for the targets {@code names}, and only that: temporaries are
     * deleted; a backup is moved back to its target if the target is missing (a run killed in the middle of its
     * commit had moved it aside), else deleted. Files of other names, and directories, are left alone. Does
     * nothing if {@code dir} does not exist.
     *
     * @return the files removed or restored, in directory order
     * @throws IOException if {@code dir} cannot be listed or a file cannot be removed
     */
    public static List<Path> removeStale(Path dir, Collection<String> names) throws IOException {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return removed;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, ".*.{tmp,bak}")) {
            for (Path entry : entries) {
                Matcher m = STAGED.matcher(entry.getFileName().toString());
                if (m.matches() && names.contains(m.group(1))
                        && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    Path target = dir.resolve(m.group(1));
                    if (m.group(2).equals("bak") && !Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                        rename(entry, target);
                    } else {
                        Files.delete(entry);
                    }
                    removed.add(entry);
                }
            }
        }
        return removed;
    }

    /** Renames {@code from} to {@code to}, replacing it, atomically where the file system can. */
    static void rename(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}

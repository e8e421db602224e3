package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.internal.files.Leftovers;
import org.loopnest.internal.files.OwnedNames;

/**
 * The names of the hidden files {@link StagedFiles} makes beside a target {@code NAME} — temporaries
 * {@code .NAME.loopnest-HOST-PID-START-N.tmp}, backups {@code .bak} and commit journals, one scheme for all of
 * LoopNest ({@link OwnedNames}) — and the removal of such files that a killed run left behind.
 *
 * <p><b>Threading:</b> stateless; safe from any thread.
 */
public final class StagingNames {
    private StagingNames() {
    }

    /**
     * {@return a fresh temporary name beside {@code target}, e.g. {@code .theta.f32.loopnest-3fa2c1d0-4242-lx3k2a1b-7.tmp};
     * not created}
     *
     * @param target the file it stands beside
     */
    public static Path temporary(Path target) {
        return OwnedNames.name(target, OwnedNames.Kind.TEMPORARY);
    }

    /**
     * Deals with what killed runs left in {@code dir}, and only that: completes their interrupted commits (the targets
     * end all new), then deletes their temporaries ({@link Leftovers}). Only files of the naming scheme whose owner
     * process is gone are touched: not a live process's, not another host's, never a file of another name, a
     * directory or a link. Does nothing if {@code dir} does not exist.
     *
     * @param dir a directory a run is about to write into
     * @return the files removed, restored or put in place
     * @throws IOException if {@code dir} cannot be listed or an interrupted commit cannot be completed
     */
    public static List<Path> removeStale(Path dir) throws IOException {
        return Leftovers.remove(dir);
    }
}

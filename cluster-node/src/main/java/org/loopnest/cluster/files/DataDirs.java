package org.loopnest.cluster.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The directories under which a node may read and write a run's files itself ({@code loopnest node --data-dir DIR},
 * repeated), kept as their real paths. {@link #permit} is the one door through which a path that a coordinator's run
 * names becomes a file the node opens: the file must exist, and its real path (symbolic links followed, {@code ..}
 * resolved) must lie under one of the directories. {@link #NONE}: the node does no I/O of its own and receives every
 * chunk over its connection.
 *
 * <p><b>Threading:</b> immutable; safe from any thread. {@link #of} and {@link #permit} ask the file system, so they
 * block. <b>Failure:</b> {@link IllegalArgumentException} naming the directory or the path and what was expected.
 *
 * <p><b>Pitfalls:</b> the check holds when it is made. Open the path {@link #permit} returns (no link is left in it),
 * not the one requested. A run's files are opened again for each chunk; before each, the node checks that each path
 * still leads to the file it checked (the file system's key of the file, no link followed:
 * {@code InPlaceRun.checkUnchanged}), so a file or directory swapped for a link that leads out fails the run, but a
 * swap in the instant between that check and the chunk's opening is not seen: give the node directories that only
 * trusted users write. A path lexically outside every directory is refused before the file system is asked. A
 * directory given twice, or by two spellings, counts once; one nested in another adds nothing.
 */
public final class DataDirs {
    /** No data directories: the node does no I/O of its own; {@link #permit} refuses every path. */
    public static final DataDirs NONE = new DataDirs(List.of());

    private static final String EXPECTED_DIR = " (expected: an existing directory the node may read and write files "
            + "under)";

    private final List<Path> dirs;
    /** The directories as given (absolute, normalized) and as real paths: a path lexically under none is refused
     * before the file system is asked, so that a coordinator learns nothing of what exists elsewhere on the node. */
    private final List<Path> lexical;

    private DataDirs(List<Path> dirs) {
        this(dirs, dirs);
    }

    private DataDirs(List<Path> dirs, List<Path> lexical) {
        this.dirs = dirs;
        this.lexical = lexical;
    }

    /**
     * {@return the directories {@code dirs} as their real paths, in the order given, duplicates dropped; {@link #NONE}
     * for an empty list}
     *
     * @param dirs the directories, each an existing directory (a symbolic link to one is taken as its target)
     * @throws IllegalArgumentException for a {@code null} list, or naming the first entry ({@code --data-dir DIR: …})
     *     that is empty, missing, not a directory or cannot be resolved
     */
    public static DataDirs of(List<Path> dirs) {
        if (dirs == null) {
            throw new IllegalArgumentException("dirs = null (expected: a list of directories, empty for none)");
        }
        Set<Path> real = new LinkedHashSet<>();
        Set<Path> lexical = new LinkedHashSet<>();
        for (Path dir : dirs) {
            Path resolved = realDirectory(dir);
            real.add(resolved);
            lexical.add(resolved);
            lexical.add(dir.toAbsolutePath().normalize());
        }
        return real.isEmpty() ? NONE : new DataDirs(List.copyOf(real), List.copyOf(lexical));
    }

    private static Path realDirectory(Path dir) {
        if (dir == null || dir.toString().isEmpty()) { // an unset shell variable: not the working directory
            throw new IllegalArgumentException("--data-dir '': an empty path" + EXPECTED_DIR);
        }
        if (!Files.isDirectory(dir)) {
            String what = !Files.exists(dir) ? "no such directory"
                    : Files.isRegularFile(dir) ? "a regular file, not a directory" : "not a directory";
            throw new IllegalArgumentException("--data-dir " + dir + ": " + what + EXPECTED_DIR);
        }
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("--data-dir " + dir + ": cannot be resolved: " + e + EXPECTED_DIR, e);
        }
    }

    /** {@return whether there are no directories: the node does no I/O of its own} */
    public boolean isEmpty() {
        return dirs.isEmpty();
    }

    /** {@return the directories, as real paths, in the order given (unmodifiable)} */
    public List<Path> dirs() {
        return dirs;
    }

    /**
     * The file that a coordinator's run names, as this node may open it.
     *
     * @param requested the coordinator's path of the file: absolute, the same path on every machine that mounts the
     *     shared storage
     * @return the file's real path (symbolic links followed, {@code ..} resolved), under one of {@link #dirs()}
     * @throws IllegalArgumentException naming {@code requested} if this node has no data directories, the path is
     *     not absolute, no such file exists here (or it cannot be resolved), its real path lies outside every data
     *     directory, or it is not a regular file
     */
    public Path permit(String requested) {
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("this node was started without --data-dir: it does no I/O of its own "
                    + "(expected: node --data-dir DIR)");
        }
        Path path = absolute(requested);
        Path normal = path.normalize();
        if (lexical.stream().noneMatch(dir -> normal.startsWith(dir) && !normal.equals(dir))) {
            throw outside(requested);
        }
        Path real = realFile(path, requested);
        if (dirs.stream().noneMatch(dir -> real.startsWith(dir) && !real.equals(dir))) {
            throw outside(requested);
        }
        if (!Files.isRegularFile(real)) {
            throw new IllegalArgumentException(requested + ": not a regular file (expected: a regular file under one "
                    + "of this node's data directories, not a directory, FIFO or device)");
        }
        return real;
    }

    private IllegalArgumentException outside(String requested) {
        return new IllegalArgumentException(requested + ": outside this node's data directories " + dirs
                + " (expected: a file under one of them; a symbolic link or '..' that leads out is refused)");
    }

    private static Path absolute(String requested) {
        String expected = " (expected: an absolute path, as the coordinator's run names the file)";
        if (requested == null) {
            throw new IllegalArgumentException("requested path = null" + expected);
        }
        Path path;
        try {
            path = Path.of(requested);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(requested + ": not a path on this node: " + e.getReason() + expected,
                    e);
        }
        if (!path.isAbsolute()) {
            throw new IllegalArgumentException(requested + ": a relative path" + expected);
        }
        return path;
    }

    private static Path realFile(Path path, String requested) {
        try {
            return path.toRealPath();
        } catch (NoSuchFileException e) { // missing, or a dangling link
            throw new IllegalArgumentException(requested + ": no such file on this node", e);
        } catch (IOException e) { // e.g. a directory on the way that this node's user may not search
            throw new IllegalArgumentException(requested + ": cannot be resolved on this node: " + e
                    + " (expected: a file this node's user may read)", e);
        }
    }

    /** {@return the directories, e.g. {@code [/data, /scratch/run]}; {@code []} for {@link #NONE}} */
    @Override
    public String toString() {
        return dirs.toString();
    }

    /** {@return whether {@code other} is a {@code DataDirs} with the same directories in the same order} */
    @Override
    public boolean equals(Object other) {
        return other instanceof DataDirs that && dirs.equals(that.dirs);
    }

    /** {@return a hash of the directories} */
    @Override
    public int hashCode() {
        return dirs.hashCode();
    }
}

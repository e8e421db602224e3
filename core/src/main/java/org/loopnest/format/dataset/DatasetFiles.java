package org.loopnest.format.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files a dataset is given as: one path, a glob over the file names of one directory ({@code data/era5_*.nc},
 * {@code ?}, {@code *}, {@code [..]} and <code>{a,b}</code> as in {@link java.nio.file.FileSystem#getPathMatcher}),
 * or {@code @list.txt}, a text file naming one path per line (blank lines and lines starting with {@code #} skipped;
 * relative paths from the list's directory). A glob matches regular files only, and no hidden ones (a name starting
 * with {@code .}) unless it starts with a dot itself, as shells do; a path that exists is taken as it is, even with
 * {@code [} in its name. The order returned is the names' (a glob) or the list's; a dataset
 * orders its files by their time coordinate itself.
 *
 * <p>Stateless. <b>Failure:</b> an {@link IllegalArgumentException} naming the pattern and what was expected: a glob
 * that matches nothing, a list that cannot be read or names nothing, a path in it that does not exist or is a
 * directory.
 */
public final class DatasetFiles {
    private DatasetFiles() {
    }

    /**
     * {@return the files {@code spec} names}
     *
     * @param spec a path, a glob in its last name, or {@code @FILE}
     * @throws IllegalArgumentException as the class comment says
     */
    public static List<Path> expand(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("files: none given (expected: a path, a glob such as 'dir/*.nc' or "
                    + "@list.txt)");
        }
        List<Path> files = spec.startsWith("@") ? listed(spec) : isGlob(spec) && !Files.exists(Path.of(spec))
                ? globbed(spec) : List.of(Path.of(spec));
        for (Path file : files) {
            if (Files.isDirectory(file)) {
                throw new IllegalArgumentException(spec + ": " + file + " is a directory (expected: files only)");
            }
            if (!Files.exists(file)) {
                throw new IllegalArgumentException(spec + ": " + file + " does not exist (expected: an existing "
                        + "file)");
            }
        }
        return files;
    }

    /**
     * {@return whether {@code spec} names files by a glob or a list, rather than one path}
     *
     * @param spec what the user gave
     */
    public static boolean isPattern(String spec) {
        return spec != null && (spec.startsWith("@") || isGlob(spec));
    }

    private static boolean isGlob(String spec) {
        return lastName(spec).matches(".*[*?\\[{].*");
    }

    private static String lastName(String spec) {
        int slash = spec.lastIndexOf('/');
        return slash < 0 ? spec : spec.substring(slash + 1);
    }

    private static List<Path> globbed(String spec) {
        int slash = spec.lastIndexOf('/');
        String dirText = slash < 0 ? "." : slash == 0 ? "/" : spec.substring(0, slash);
        if (dirText.matches(".*[*?\\[\\]{}].*")) {
            throw new IllegalArgumentException(spec + ": a pattern in a directory name (expected: a pattern in the "
                    + "file name only, e.g. data/era5_*.nc)");
        }
        Path dir = Path.of(dirText);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(spec + ": directory " + dir + " does not exist (expected: an existing "
                    + "directory)");
        }
        PathMatcher matcher;
        try {
            matcher = FileSystems.getDefault().getPathMatcher("glob:" + lastName(spec));
        } catch (java.util.regex.PatternSyntaxException bad) {
            throw new IllegalArgumentException(spec + ": not a pattern: " + bad.getDescription() + " (expected: a "
                    + "glob such as era5_*.nc, with [ ] and { } closed)", bad);
        }
        boolean hidden = lastName(spec).startsWith(".");
        try (Stream<Path> entries = Files.list(dir)) {
            List<Path> found = entries.filter(p -> matcher.matches(p.getFileName()) && Files.isRegularFile(p)
                    && (hidden || !p.getFileName().toString().startsWith("."))).sorted().map(p -> slash < 0
                    ? p.getFileName() : p).toList();
            if (found.isEmpty()) {
                throw new IllegalArgumentException(spec + ": no file matches (expected: at least one file in " + dir
                        + ")");
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e, e);
        }
    }

    private static List<Path> listed(String spec) {
        Path list = Path.of(spec.substring(1));
        List<String> lines;
        try {
            lines = Files.readAllLines(list);
        } catch (IOException e) {
            throw new IllegalArgumentException(spec + ": cannot read the list " + list + ": " + e + " (expected: a "
                    + "text file naming one file per line)", e);
        }
        Path base = list.toAbsolutePath().getParent();
        List<Path> files = new ArrayList<>();
        for (String line : lines) {
            String text = line.strip();
            if (!text.isEmpty() && !text.startsWith("#")) {
                Path named = Path.of(text);
                files.add(named.isAbsolute() ? named : base.resolve(named).normalize());
            }
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException(spec + ": the list names no file (expected: one path per line)");
        }
        return List.copyOf(files);
    }

    /**
     * {@return how messages name {@code files}: the one file's name, or {@code 3 files (a.nc … c.nc)} with the first
     * and last names}
     *
     * @param files one or more files, in the order they are joined
     * @throws IllegalArgumentException if there are none
     */
    public static String label(List<Path> files) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no files (expected: one or more)");
        }
        return files.size() == 1 ? files.get(0).getFileName().toString() : files.size() + " files ("
                + files.get(0).getFileName() + " … " + files.get(files.size() - 1).getFileName() + ")";
    }
}

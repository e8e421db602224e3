package org.loopnest.internal.files;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one naming scheme of the hidden files LoopNest makes beside a file {@code NAME} it writes:
 * {@code .NAME.loopnest-TOKEN-N.KIND}, {@code TOKEN} being the owner's {@link FileOwner#token()}, {@code N} a counter
 * of the process in base 36 and {@code KIND} {@code tmp} (a temporary: a file being written, put in place by a
 * commit), {@code bak} (a target moved aside during a commit) or {@code journal} (a commit in progress,
 * {@link CommitJournal}). For example {@code .theta.f32.loopnest-3fa2c1d0-12345-lx3k2a1b-7.tmp}.
 *
 * <p>A file is LoopNest's only if its whole name matches, it is a regular file (not a link) and the token parses;
 * {@link Leftovers} deletes nothing else.
 *
 * <p>A scratch directory of a process (the nodes of {@code --nodes local:N}) is named {@code BASE-TOKEN-RANDOM}
 * ({@link #directoryPrefix}, {@link #directoryOwner}), e.g. {@code loopnest-nodes-3fa2c1d0-12345-lx3k2a1b-8812}.
 *
 * <p><b>Threading:</b> safe from any thread.
 */
public final class OwnedNames {
    /** What an owned file is. */
    public enum Kind {
        /** A file being written, to be put in place or deleted: {@code .tmp}. */
        TEMPORARY("tmp"),
        /** A target moved aside while a commit replaces it: {@code .bak}. */
        BACKUP("bak"),
        /** A commit in progress: {@code .journal}. */
        JOURNAL("journal");

        private final String suffix;

        Kind(String suffix) {
            this.suffix = suffix;
        }

        /** {@return the name's last part, without the dot} */
        public String suffix() {
            return suffix;
        }
    }

    /**
     * A file named by this scheme.
     *
     * @param file  the file
     * @param base  the name of the file it stands beside: {@code NAME}
     * @param owner the process that made it
     * @param kind  what it is
     */
    public record Owned(Path file, String base, FileOwner owner, Kind kind) {
        /** {@return the file this one stands beside, {@code NAME} in the same directory} */
        public Path target() {
            return file.resolveSibling(base);
        }
    }

    private static final Pattern NAME = Pattern.compile("\\.(.+)\\.loopnest-(" + FileOwner.TOKEN_PATTERN
            + ")-[0-9a-z]{1,13}\\.(tmp|bak|journal)");
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final int ATTEMPTS = 100;
    private static final UserPrincipal ME = me();

    private OwnedNames() {
    }

    /**
     * {@return a fresh name of {@code kind} beside {@code target}, owned by this process; not created}
     *
     * @param target the file it stands beside
     * @param kind   what it is
     */
    public static Path name(Path target, Kind kind) {
        return name(target, kind, FileOwner.current());
    }

    /**
     * {@return a fresh name of {@code kind} beside {@code target}, owned by {@code owner}; not created}
     *
     * @param target the file it stands beside
     * @param kind   what it is
     * @param owner  the process it is made for (a commit's, or a test's stand-in for a killed one)
     */
    public static Path name(Path target, Kind kind, FileOwner owner) {
        return target.resolveSibling("." + target.getFileName() + ".loopnest-" + owner.token() + "-"
                + Long.toString(COUNTER.incrementAndGet(), 36) + "." + kind.suffix());
    }

    /**
     * Creates an empty temporary beside {@code target} under a fresh name of this process (with the permissions any
     * new file gets, unlike {@code Files.createTempFile}, so that it can become the target).
     *
     * @param target the file the temporary will become, or stands for; its directory must exist
     * @return the temporary
     * @throws IOException if it cannot be created
     */
    public static Path createTemporary(Path target) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return Files.createFile(name(target, Kind.TEMPORARY));
            } catch (FileAlreadyExistsException taken) { // a file of ours from before a reboot, or not ours
                if (attempt == ATTEMPTS) {
                    throw taken;
                }
            }
        }
    }

    /**
     * {@return the prefix {@code BASE-TOKEN-} of a scratch directory of {@code owner}, for
     * {@code Files.createTempDirectory}, which appends a random number}
     *
     * @param base  what the directory is for, e.g. {@code loopnest-nodes}
     * @param owner the process it belongs to
     */
    public static String directoryPrefix(String base, FileOwner owner) {
        return base + "-" + owner.token() + "-";
    }

    /**
     * {@return the owner of {@code dir}, a directory (not a link) named {@code BASE-TOKEN-RANDOM}; empty if it is not
     * one}
     *
     * @param dir  any path
     * @param base what such directories are for, e.g. {@code loopnest-nodes}
     */
    public static Optional<FileOwner> directoryOwner(Path dir, String base) {
        Path name = dir.getFileName();
        Matcher m = Pattern.compile(Pattern.quote(base) + "-(" + FileOwner.TOKEN_PATTERN + ")-[0-9]{1,20}")
                .matcher(name == null ? "" : name.toString());
        if (!m.matches() || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        return FileOwner.parse(m.group(1));
    }

    /**
     * {@return {@code file} read by this scheme, or empty if it is not a regular file whose name this scheme makes}
     *
     * @param file any path
     */
    public static Optional<Owned> parse(Path file) {
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? parseName(file) : Optional.empty();
    }

    /** {@return {@code file}'s name read by this scheme, whatever the file is or whether it exists; else empty} */
    static Optional<Owned> parseName(Path file) {
        Path name = file.getFileName();
        Matcher m = NAME.matcher(name == null ? "" : name.toString());
        if (!m.matches()) {
            return Optional.empty();
        }
        Kind kind = switch (m.group(3)) {
            case "tmp" -> Kind.TEMPORARY;
            case "bak" -> Kind.BACKUP;
            default -> Kind.JOURNAL;
        };
        return FileOwner.parse(m.group(2)).map(owner -> new Owned(file, m.group(1), owner, kind));
    }

    /**
     * {@return whether {@code file} belongs to this process's user, where the file system tells; true where it cannot}
     * A leftover is removed only if it is: a process of another user may be invisible to this one.
     *
     * @param file any path; a link is judged by itself, not its target
     */
    public static boolean ofThisUser(Path file) {
        try {
            return ME == null || ME.equals(Files.getOwner(file, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException | UnsupportedOperationException unknown) {
            return true;
        }
    }

    private static UserPrincipal me() {
        try {
            return FileSystems.getDefault().getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException | SecurityException unknown) {
            return null;
        }
    }
}

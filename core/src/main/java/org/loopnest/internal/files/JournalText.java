package org.loopnest.internal.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A commit journal as {@link CommitJournal} writes it, one record a line, paths as {@code file:} URIs:
 * <pre>
 * loopnest commit journal 1
 * primary URI                      the journal itself (in a copy: the journal it stands for)
 * copy URI                         a copy in another directory of the set (journal only)
 * move TEMPORARY TARGET BACKUP|-   a rename, and where the old target goes (- if there was none)
 * end
 * </pre>
 *
 * @param primary the journal
 * @param copies  its copies (none in a copy)
 * @param moves   the renames (none in a copy)
 */
record JournalText(Path primary, List<Path> copies, List<Entry> moves) {
    /** Bounds a journal's size: far above any set of outputs, far below a heap. */
    private static final long MAX_BYTES = 16L << 20;

    /**
     * One rename.
     *
     * @param move   the temporary and its target
     * @param backup where the old target goes, or null if there was none
     */
    record Entry(CommitJournal.Move move, Path backup) {
    }

    /** {@return the journal in {@code file}, or null if it is not one completely written, or gone} */
    static JournalText read(Path file) throws IOException {
        List<String> lines;
        try {
            if (Files.size(file) > MAX_BYTES) {
                return null;
            }
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException gone) {
            return null;
        } catch (java.nio.charset.CharacterCodingException garbled) {
            return null;
        }
        if (lines.size() < 3 || !lines.get(0).equals(CommitJournal.HEADER) || !lines.get(lines.size() - 1).equals("end")
                || !lines.get(1).startsWith("primary ")) {
            return null;
        }
        try {
            Path primary = CommitJournal.path(lines.get(1).substring("primary ".length()));
            List<Path> copies = new ArrayList<>();
            List<Entry> moves = new ArrayList<>();
            for (String line : lines.subList(2, lines.size() - 1)) {
                String[] f = line.split(" ");
                if (f.length == 2 && f[0].equals("copy")) {
                    copies.add(CommitJournal.path(f[1]));
                } else if (f.length == 4 && f[0].equals("move")) {
                    moves.add(new Entry(new CommitJournal.Move(CommitJournal.path(f[1]), CommitJournal.path(f[2])),
                            f[3].equals("-") ? null : CommitJournal.path(f[3])));
                } else {
                    return null;
                }
            }
            return new JournalText(primary, List.copyOf(copies), List.copyOf(moves));
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException notAPath) {
            return null;
        }
    }
}

package org.loopnest.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit stopped at any rename, as {@code kill -9} stops it (nothing after the rename runs, no clean-up), leaves
 * its targets all old or all new once the next run into the directory has dealt with the leftovers, and nothing else.
 */
class CommitJournalTest {
    /** a, b exist; c is new: renames are the journal's, two backups and three placements. */
    private static final int RENAMES = 6;

    @TempDir
    Path root;

    /** Stands for {@code kill -9}: thrown by the rename step, caught by no one but the test. */
    static final class Killed extends Error {
        private static final long serialVersionUID = 1L;
    }

    /** Renames {@code k} times, then "dies" at the next rename. */
    static CommitJournal.Renamer killedAfter(int k) {
        AtomicInteger done = new AtomicInteger();
        return (from, to) -> {
            if (done.getAndIncrement() == k) {
                throw new Killed();
            }
            CommitJournal.RENAME.rename(from, to);
        };
    }

    /** Renames {@code k} times, then fails once, then renames again. */
    static CommitJournal.Renamer failingAfter(int k) {
        AtomicInteger done = new AtomicInteger();
        return (from, to) -> {
            if (done.getAndIncrement() == k) {
                throw new IOException("no room for " + to.getFileName());
            }
            CommitJournal.RENAME.rename(from, to);
        };
    }

    /** Old a and b in {@code dir}, and new a, b and c in temporaries of {@code owner}. */
    static List<CommitJournal.Move> set(Path dir, FileOwner owner) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("a"), "a-old");
        Files.writeString(dir.resolve("b"), "b-old");
        List<CommitJournal.Move> moves = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            Path target = dir.resolve(name);
            moves.add(new CommitJournal.Move(Files.writeString(OwnedNames.name(target, OwnedNames.Kind.TEMPORARY,
                    owner), name + "-new"), target));
        }
        return moves;
    }

    /** Every file in {@code dirs} by name, with its text. */
    static Map<String, String> contents(Path... dirs) throws IOException {
        Map<String, String> contents = new TreeMap<>();
        for (Path dir : dirs) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    contents.put(dir.relativize(f).toString() + (dirs.length > 1 ? "@" + dir.getFileName() : ""),
                            Files.readString(f));
                }
            }
        }
        return contents;
    }

    private static final Map<String, String> OLD = Map.of("a", "a-old", "b", "b-old");
    private static final Map<String, String> NEW = Map.of("a", "a-new", "b", "b-new", "c", "c-new");

    @Test
    void shouldLeaveAllOldOrAllNewWhenKilledAtAnyRename() throws Exception {
        FileOwner dead = Processes.finished();
        for (int k = 0; k < RENAMES; k++) {
            Path dir = root.resolve("k" + k);
            List<CommitJournal.Move> moves = set(dir, dead);
            CommitJournal.Renamer renamer = killedAfter(k);
            assertThrows(Killed.class, () -> CommitJournal.commit(moves, renamer, dead));

            Leftovers.remove(dir);
            assertEquals(k == 0 ? OLD : NEW, contents(dir), "killed after " + k + " renames");
        }
    }

    @Test
    void shouldCompleteACommitSpreadOverTwoDirectoriesFromEitherOne() throws Exception {
        FileOwner dead = Processes.finished();
        for (int k : new int[] {0, 1, 3, 4}) {
            Path one = root.resolve("k" + k).resolve("one");
            Path two = root.resolve("k" + k).resolve("two");
            List<CommitJournal.Move> moves = new ArrayList<>(set(one, dead).subList(0, 1));
            moves.add(set(two, dead).get(1)); // one/a and two/b: renames are 1 + 2 + 2
            CommitJournal.Renamer renamer = killedAfter(k);
            assertThrows(Killed.class, () -> CommitJournal.commit(moves, renamer, dead));

            Leftovers.remove(two);
            Map<String, String> expected = k == 0
                    ? Map.of("a@one", "a-old", "b@one", "b-old", "a@two", "a-old", "b@two", "b-old")
                    : Map.of("a@one", "a-new", "b@one", "b-old", "a@two", "a-old", "b@two", "b-new");
            Leftovers.remove(one);
            assertEquals(expected, contents(one, two), "killed after " + k + " renames");
        }
    }

    @Test
    void shouldPutTheOldSetBackWhenARenameFailsAndLeaveTheTemporariesToTheCaller() throws Exception {
        for (int k = 0; k < RENAMES; k++) {
            Path dir = root.resolve("k" + k);
            List<CommitJournal.Move> moves = set(dir, FileOwner.current());
            CommitJournal.Renamer renamer = failingAfter(k);
            CommitJournal.Failure failure = assertThrows(CommitJournal.Failure.class,
                    () -> CommitJournal.commit(moves, renamer, FileOwner.current()));
            assertFalse(failure.pending());
            assertTrue(failure.getMessage().endsWith("no output was replaced"), failure.getMessage());
            for (CommitJournal.Move move : moves) {
                Files.delete(move.temporary()); // the caller's
            }
            assertEquals(OLD, contents(dir), "failed after " + k + " renames");
        }
    }

    @Test
    void shouldLeaveTheCommitToTheNextRunWhenUndoingFailsToo() throws Exception {
        FileOwner dead = Processes.finished();
        List<CommitJournal.Move> moves = set(root, dead);
        AtomicInteger renames = new AtomicInteger();
        CommitJournal.Failure failure = assertThrows(CommitJournal.Failure.class,
                () -> CommitJournal.commit(moves, (from, to) -> {
                    if (renames.incrementAndGet() >= 4) { // the first placement, and every undo
                        throw new IOException("read-only");
                    }
                    CommitJournal.RENAME.rename(from, to);
                }, dead));
        assertTrue(failure.pending());
        assertTrue(failure.getMessage().contains("undoing it failed too (java.io.IOException: read-only): the next "
                + "run into " + root + " completes the commit (journal " + root + "/.loopnest-commit.loopnest-"),
                failure.getMessage());

        Leftovers.remove(root);
        assertEquals(NEW, contents(root));
    }

    @Test
    void shouldCompleteAPendingCommitOfThisProcessBeforeItsNextRunIntoTheDirectory() throws Exception {
        List<CommitJournal.Move> moves = set(root, FileOwner.current());
        AtomicInteger renames = new AtomicInteger();
        CommitJournal.Failure failure = assertThrows(CommitJournal.Failure.class,
                () -> CommitJournal.commit(moves, (from, to) -> {
                    if (renames.incrementAndGet() >= 4) { // the first placement, and every undo: no room
                        throw new IOException("no room");
                    }
                    CommitJournal.RENAME.rename(from, to);
                }, FileOwner.current()));
        assertTrue(failure.pending());

        Leftovers.remove(root); // the same process's next run: its owner lives, yet the commit is completed first
        assertEquals(NEW, contents(root));
    }

    /** {@return the one journal in {@code dir}} */
    private static Path journal(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> journals = files.filter(f -> f.toString().endsWith(".journal")).toList();
            assertEquals(1, journals.size(), journals.toString());
            return journals.get(0);
        }
    }

    @Test
    void shouldRefuseADamagedJournalNamingItAndTouchNothing() throws Exception {
        FileOwner dead = Processes.finished();
        List<CommitJournal.Move> moves = set(root, dead);
        assertThrows(Killed.class, () -> CommitJournal.commit(moves, killedAfter(4), dead)); // a placed, b backed up
        Path journal = journal(root);
        Files.writeString(journal, CommitJournal.HEADER + "\nprimary " + CommitJournal.uri(journal) + "\nmove fi");
        Map<String, String> before = contents(root);

        IOException refused = assertThrows(IOException.class, () -> Leftovers.remove(root));
        assertEquals(journal + ": a commit journal that cannot be read (expected: loopnest commit journal 1 and its "
                + "renames, as LoopNest writes it); left as it is", refused.getMessage());
        assertEquals(before, contents(root), "nothing deleted or restored: no mix of old and new");
    }

    @Test
    void shouldRefuseAJournalNamingFilesItsCommitDidNotMake() throws Exception {
        FileOwner dead = Processes.finished();
        Path precious = Files.writeString(Files.createDirectories(root.resolve("victims")).resolve("precious"), "p");
        Path out = Files.createDirectories(root.resolve("out"));
        Path a = out.resolve("a");
        Path temporary = Files.writeString(OwnedNames.name(a, OwnedNames.Kind.TEMPORARY, dead), "a-new");
        Path othersTemporary = Files.writeString(OwnedNames.name(a, OwnedNames.Kind.TEMPORARY,
                FileOwner.current()), "x");
        Path outside = OwnedNames.name(precious, OwnedNames.Kind.TEMPORARY, dead);
        Map<String, String> crafted = Map.of(
                "move " + CommitJournal.uri(precious) + " " + CommitJournal.uri(a) + " -",
                "it lists " + precious + ", which is not a tmp of " + a + " made by the journal's process",
                "move " + CommitJournal.uri(temporary) + " " + CommitJournal.uri(a) + " " + CommitJournal.uri(precious),
                "it lists " + precious + ", which is not a bak of " + a,
                "move " + CommitJournal.uri(othersTemporary) + " " + CommitJournal.uri(a) + " -",
                "it lists " + othersTemporary + ", which is not a tmp of " + a,
                "move " + CommitJournal.uri(outside) + " " + CommitJournal.uri(precious) + " -",
                "its target " + precious + " is in none of its directories [" + out + "]");
        for (Map.Entry<String, String> line : crafted.entrySet()) {
            Path journal = OwnedNames.name(out.resolve(CommitJournal.BASE), OwnedNames.Kind.JOURNAL, dead);
            Files.writeString(journal, CommitJournal.HEADER + "\nprimary " + CommitJournal.uri(journal) + "\n"
                    + line.getKey() + "\nend\n");
            IOException refused = assertThrows(IOException.class, () -> Leftovers.remove(out), line.getKey());
            assertTrue(refused.getMessage().startsWith(journal + ": a commit journal LoopNest did not write as it is: "
                    + line.getValue()), refused.getMessage());
            assertEquals("p", Files.readString(precious));
            assertTrue(Files.exists(temporary) && Files.exists(othersTemporary) && Files.exists(journal));
            Files.delete(journal);
        }
    }

    @Test
    void shouldRefuseAJournalMovedOrCopiedToAnotherDirectory() throws Exception {
        FileOwner dead = Processes.finished();
        Path out = root.resolve("out");
        List<CommitJournal.Move> moves = set(out, dead);
        assertThrows(Killed.class, () -> CommitJournal.commit(moves, killedAfter(4), dead)); // a placed, b backed up
        Path copied = Files.createDirectories(root.resolve("copied")); // cp -r out copied
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.toList()) {
                Files.copy(f, copied.resolve(f.getFileName()));
            }
        }
        Map<String, String> before = contents(out);
        String expected = ": a commit journal LoopNest did not write as it is: it lists renames but names another "
                + "file, " + journal(out) + ", as the journal: it was moved or copied from another directory";

        IOException refused = assertThrows(IOException.class, () -> Leftovers.remove(copied));
        assertTrue(refused.getMessage().startsWith(journal(copied) + expected), refused.getMessage());
        assertEquals(before, contents(out), "the commit of the directory copied from is not touched");
        assertEquals(before, contents(copied));

        Path moved = root.resolve("moved"); // mv out moved
        Files.move(out, moved);
        refused = assertThrows(IOException.class, () -> Leftovers.remove(moved));
        assertTrue(refused.getMessage().startsWith(journal(moved) + expected), refused.getMessage());
        assertEquals(before, contents(moved), "nothing deleted or restored: no mix of old and new");
    }

    @Test
    void shouldCompleteACommitMadeThroughALinkedDirectoryFromItsOtherName() throws Exception {
        FileOwner dead = Processes.finished();
        Path real = Files.createDirectories(root.resolve("real"));
        Path linked = Files.createSymbolicLink(root.resolve("linked"), real);
        List<CommitJournal.Move> moves = set(linked, dead);
        assertThrows(Killed.class, () -> CommitJournal.commit(moves, killedAfter(4), dead));

        Leftovers.remove(real); // the journal names linked/…: the same file, not a journal moved from elsewhere
        assertEquals(NEW, contents(real));
    }

    @Test
    void shouldLeaveALiveOwnersCommitAlone() throws Exception {
        List<CommitJournal.Move> moves = set(root, FileOwner.current());
        assertThrows(Killed.class, () -> CommitJournal.commit(moves, killedAfter(3), FileOwner.current()));
        Map<String, String> before = contents(root);

        assertEquals(List.of(), Leftovers.remove(root));
        assertEquals(before, contents(root));
        assertEquals(6, before.size(), before.toString()); // journal, 2 backups, placed a, temporaries of b and c
    }

    @Test
    void shouldCompleteTheCommitOfAJvmHaltedAtARename() throws Exception {
        for (int k : new int[] {0, 2, 4}) {
            Path dir = root.resolve("k" + k);
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("a"), "a-old");
            Files.writeString(dir.resolve("b"), "b-old");
            assertEquals(HaltedCommit.STATUS, Processes.runJava(HaltedCommit.class, dir.toString(), "" + k));

            Leftovers.remove(dir);
            assertEquals(k == 0 ? OLD : NEW, contents(dir), "halted after " + k + " renames");
        }
    }

    /** A child JVM that stages new a, b and c in a directory and halts at rename k of their commit. */
    static final class HaltedCommit {
        static final int STATUS = 137;

        public static void main(String[] args) throws IOException {
            Path dir = Path.of(args[0]);
            int k = Integer.parseInt(args[1]);
            List<CommitJournal.Move> moves = new ArrayList<>();
            for (String name : List.of("a", "b", "c")) {
                Path target = dir.resolve(name);
                moves.add(new CommitJournal.Move(Files.writeString(OwnedNames.createTemporary(target),
                        name + "-new"), target));
            }
            AtomicInteger done = new AtomicInteger();
            CommitJournal.commit(moves, (from, to) -> {
                if (done.getAndIncrement() == k) {
                    Runtime.getRuntime().halt(STATUS);
                }
                CommitJournal.RENAME.rename(from, to);
            }, FileOwner.current());
            System.exit(0);
        }
    }
}

package org.loopnest.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Only LoopNest's leftovers whose owner is gone are removed; live owners' and foreign files stay. */
class LeftoversTest {
    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void shouldRemoveADeadOwnersTemporaryAndKeepALiveOnesAndForeignFiles() throws Exception {
        FileOwner dead = Processes.finished();
        Path target = dir.resolve("theta.f32");
        Path deadTemporary = Files.createFile(OwnedNames.name(target, OwnedNames.Kind.TEMPORARY, dead));
        Path liveTemporary = OwnedNames.createTemporary(target);
        Path foreign = Files.createFile(dir.resolve(".theta.f32.loopnest-" + dead.token() + ".tmp")); // no counter
        Path similar = Files.createFile(dir.resolve(".theta.f32.12345.3f2a9c.tmp")); // the old scheme, or anyone's
        Path otherHost = Files.createFile(OwnedNames.name(target, OwnedNames.Kind.TEMPORARY,
                new FileOwner(dead.host().equals("00000000") ? "00000001" : "00000000", dead.pid(), "", 0)));
        Files.createDirectory(OwnedNames.name(target, OwnedNames.Kind.TEMPORARY, dead)); // a directory: not ours

        assertEquals(List.of(deadTemporary), Leftovers.remove(dir));
        assertTrue(Files.exists(liveTemporary) && Files.exists(foreign) && Files.exists(similar)
                && Files.exists(otherHost), files().toString());
        assertEquals(5, files().size(), files().toString());
    }

    @Test
    void shouldRestoreADeadOwnersBackupWhoseTargetIsMissingAndDeleteAnyOther() throws Exception {
        FileOwner dead = Processes.finished();
        Path a = dir.resolve("a");
        Path b = Files.writeString(dir.resolve("b"), "b-now");
        Files.writeString(OwnedNames.name(a, OwnedNames.Kind.BACKUP, dead), "a-old");
        Files.writeString(OwnedNames.name(b, OwnedNames.Kind.BACKUP, dead), "b-old");

        assertEquals(2, Leftovers.remove(dir).size());
        assertEquals(List.of(a, b), files());
        assertEquals("a-old", Files.readString(a));
        assertEquals("b-now", Files.readString(b));
    }

    @Test
    void shouldLeaveEveryFileOfAnOwnerThatWasAliveWhenJudgedEvenIfItEndsBeforeTheFilesAreDealtWith() throws Exception {
        FileOwner owner = Processes.finished();
        List<CommitJournal.Move> moves = CommitJournalTest.set(dir, owner);
        assertThrows(CommitJournalTest.Killed.class,
                () -> CommitJournal.commit(moves, CommitJournalTest.killedAfter(4), owner)); // a placed, b backed up
        List<Path> before = files();
        AtomicInteger asked = new AtomicInteger();
        Predicate<FileOwner> endsAfterFirstLook = o -> asked.getAndIncrement() > 0; // alive, then killed

        assertEquals(List.of(), Leftovers.remove(dir, endsAfterFirstLook, CommitJournal.RENAME));
        assertEquals(before, files(), "nothing of an owner judged alive is touched, its journal least of all");
        Leftovers.remove(dir);
        assertEquals(Map.of("a", "a-new", "b", "b-new", "c", "c-new"), CommitJournalTest.contents(dir));
    }

    @Test
    void shouldPutABackupBackInOneStepThatNeverReplacesATarget() throws Exception {
        FileOwner dead = Processes.finished();
        Path a = dir.resolve("a");
        Path backup = Files.writeString(OwnedNames.name(a, OwnedNames.Kind.BACKUP, dead), "a-old");
        CommitJournal.Renamer noRename = (from, to) -> {
            throw new AssertionError("a check, then a rename replacing " + to + ": a file placed between is lost");
        };

        assertEquals(List.of(backup), Leftovers.remove(dir, FileOwner::gone, noRename));
        assertEquals(List.of(a), files());
        assertEquals("a-old", Files.readString(a));
        Path older = Files.writeString(OwnedNames.name(a, OwnedNames.Kind.BACKUP, dead), "a-older");
        assertFalse(CommitJournal.restore(older, a, noRename), "a exists: never replaced");
        assertEquals("a-old", Files.readString(a));
        assertEquals("a-older", Files.readString(older));
    }

    @Test
    void shouldWarnOfAJournalOfAnotherHostNamingItAndLeaveIt() throws Exception {
        FileOwner me = FileOwner.current();
        FileOwner elsewhere = new FileOwner(me.host().equals("00000000") ? "00000001" : "00000000", 42, "", 1);
        Path journal = Files.writeString(OwnedNames.name(dir.resolve(CommitJournal.BASE), OwnedNames.Kind.JOURNAL,
                elsewhere), "loopnest commit journal 1\n");
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                warnings.add(record.getLevel() + " " + record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger log = java.util.logging.Logger.getLogger(Leftovers.class.getName());
        log.addHandler(handler);
        try {
            assertEquals(List.of(), Leftovers.remove(dir));
        } finally {
            log.removeHandler(handler);
        }
        assertEquals(List.of(journal), files());
        assertEquals(List.of("WARNING " + journal + ": the commit journal of a process of another host ("
                + elsewhere.host() + ") is left as it is: only a run on that host can tell whether it is finished; "
                + "its targets may be a mix of old and new files until one runs there"), warnings);
    }

    @Test
    void shouldDoNothingForADirectoryThatDoesNotExist() throws IOException {
        assertEquals(List.of(), Leftovers.remove(dir.resolve("none")));
    }
}

package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.internal.files.CommitJournal;
import org.loopnest.internal.files.FileOwner;
import org.loopnest.internal.files.Processes;

class StagedFilesTest {
    private static final List<String> NAMES = List.of("a.f32", "b.f32", "c.f32");

    @TempDir
    Path dir;

    @Test
    void shouldReplaceTheWholeSetAndLeaveNoHiddenFiles() throws IOException {
        writeOld();
        try (StagedFiles set = StagedFiles.open()) {
            stageNew(set);
            set.commit();
        }
        assertEquals(Map.of("a.f32", "new a.f32", "b.f32", "new b.f32", "c.f32", "new c.f32"), contents());
    }

    @Test
    void shouldKeepTheWholeOldSetWhenRenamingANewFileIntoPlaceFails() throws IOException {
        writeOld();
        IOException thrown;
        try (StagedFiles set = StagedFiles.open(failingOn(".tmp", 2))) {
            stageNew(set);
            thrown = assertThrows(IOException.class, set::commit);
        }
        assertEquals("output files " + NAMES.stream().map(dir::resolve).toList() + ": java.io.IOException: injected "
                + "failure moving a .tmp; no output was replaced", thrown.getMessage());
        assertEquals(oldContents(), contents());
    }

    @Test
    void shouldKeepTheTemporariesAJournalListsWhenAnErrorStopsTheCommit() throws IOException {
        writeOld();
        List<Path> temporaries;
        AtomicInteger renames = new AtomicInteger();
        try (StagedFiles set = StagedFiles.open((from, to) -> {
            if (renames.getAndIncrement() == 5) { // the journal's, three backups, a placed: b's placement
                throw new StackOverflowError();
            }
            CommitJournal.RENAME.rename(from, to);
        })) {
            temporaries = stageNew(set);
            assertThrows(StackOverflowError.class, set::commit);
        }
        assertTrue(Files.exists(temporaries.get(1)) && Files.exists(temporaries.get(2)),
                "the journal lists them: the next run puts them in place (all new) " + contents().keySet());
    }

    @Test
    void shouldKeepTheWholeOldSetWhenMovingAnOldFileAsideFails() throws IOException {
        writeOld();
        try (StagedFiles set = StagedFiles.open(failingOn("c.f32", 1))) {
            stageNew(set);
            assertThrows(IOException.class, set::commit);
        }
        assertEquals(oldContents(), contents());
    }

    @Test
    void shouldLeaveNoNewFileWhereThereWasNoneWhenTheCommitFails() throws IOException {
        try (StagedFiles set = StagedFiles.open(failingOn(".tmp", 3))) {
            stageNew(set);
            assertThrows(IOException.class, set::commit);
        }
        assertEquals(Map.of(), contents());
    }

    @Test
    void shouldLeaveTheWholeOldOrTheWholeNewSetWhenTheJvmIsKilledInTheCommit() throws Exception {
        for (int k : new int[] {0, 1, 3, 4, 6}) { // renames: the journal's, three backups, three placements
            writeOld();
            assertEquals(HaltedCommit.STATUS, Processes.runJava(HaltedCommit.class, dir.toString(), "" + k));

            StagingNames.removeStale(dir); // what the next run into the directory does first
            assertEquals(k == 0 ? oldContents() : Map.of("a.f32", "new a.f32", "b.f32", "new b.f32", "c.f32",
                    "new c.f32"), contents(), "halted at rename " + k);
        }
    }

    /** A child JVM that stages a new set and halts at rename k of its commit, as {@code kill -9} would. */
    static final class HaltedCommit {
        static final int STATUS = 137;

        public static void main(String[] args) throws IOException {
            int k = Integer.parseInt(args[1]);
            AtomicInteger renames = new AtomicInteger();
            StagedFiles set = StagedFiles.open((from, to) -> {
                if (renames.getAndIncrement() == k) {
                    Runtime.getRuntime().halt(STATUS);
                }
                CommitJournal.RENAME.rename(from, to);
            });
            for (String name : NAMES) {
                Files.writeString(set.stage(Path.of(args[0], name)), "new " + name);
            }
            set.commit();
            System.exit(0);
        }
    }

    @Test
    void shouldDeleteTheTemporariesInTheCleanUpTheShutdownHookRuns() throws IOException {
        StagedFiles set = StagedFiles.open();
        try {
            List<Path> temporaries = stageNew(set);
            assertEquals(temporaries, set.cleanUp());
            assertEquals(Map.of(), contents());
            IllegalStateException late = assertThrows(IllegalStateException.class,
                    () -> set.stage(dir.resolve("d.f32")));
            assertEquals("staged files: already committed or cleaned up (expected: stage before commit)",
                    late.getMessage());
        } finally {
            set.close();
        }
    }

    @Test
    void shouldNameTemporariesAsHiddenHexSuffixedSiblings() throws IOException {
        try (StagedFiles set = StagedFiles.open()) {
            Path temp = set.stage(dir.resolve("theta.f32"));
            assertTrue(temp.getFileName().toString().matches("\\.theta\\.f32\\.loopnest-"
                    + FileOwner.current().token() + "-[0-9a-z]+\\.tmp"), temp.toString());
            assertEquals(dir, temp.getParent());
            IllegalStateException twice = assertThrows(IllegalStateException.class,
                    () -> set.stage(dir.resolve("theta.f32")));
            assertEquals("staged files: " + dir.resolve("theta.f32") + " staged twice (expected: distinct targets)",
                    twice.getMessage());
        }
    }

    private void writeOld() throws IOException {
        for (String name : NAMES) {
            Files.writeString(dir.resolve(name), "old " + name);
        }
    }

    private List<Path> stageNew(StagedFiles set) throws IOException {
        List<Path> temporaries = new java.util.ArrayList<>();
        for (String name : NAMES) {
            Path temp = set.stage(dir.resolve(name));
            Files.writeString(temp, "new " + name);
            temporaries.add(temp);
        }
        return temporaries;
    }

    private static Map<String, String> oldContents() {
        return Map.of("a.f32", "old a.f32", "b.f32", "old b.f32", "c.f32", "old c.f32");
    }

    /** Every file in the directory, hidden ones included, with its text. */
    private Map<String, String> contents() throws IOException {
        Map<String, String> found = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                found.put(file.getFileName().toString(), Files.readString(file));
            }
        }
        return found;
    }

    /** Renames, except that the {@code nth} move whose source name contains {@code part} fails. */
    private static CommitJournal.Renamer failingOn(String part, int nth) {
        AtomicInteger seen = new AtomicInteger();
        return (from, to) -> {
            if (from.getFileName().toString().contains(part) && seen.incrementAndGet() == nth) {
                throw new IOException("injected failure moving a " + part);
            }
            CommitJournal.RENAME.rename(from, to);
        };
    }
}

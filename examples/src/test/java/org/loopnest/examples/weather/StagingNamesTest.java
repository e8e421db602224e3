package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StagingNamesTest {
    private static final List<String> NAMES = List.of("theta.f32", "es.f32");

    @TempDir
    Path dir;

    @Test
    void shouldRemoveStaleTemporariesAndBackupsOfTheGivenNamesOnly() throws IOException {
        Path target = Files.writeString(dir.resolve("theta.f32"), "current");
        Path temp = Files.write(dir.resolve(".theta.f32.3f9a01c2.tmp"), new byte[58]);
        Path backup = Files.writeString(dir.resolve(".theta.f32.77.bak"), "older");
        List<Path> kept = List.of(
                Files.writeString(dir.resolve(".notes.txt.3f9a01c2.tmp"), "another name"),
                Files.writeString(dir.resolve(".theta.f32.not-hex.tmp"), "not our pattern"),
                Files.writeString(dir.resolve("theta.f32.3f9a01c2.tmp"), "not hidden"),
                Files.createDirectory(dir.resolve(".es.f32.12.tmp")));
        List<Path> removed = StagingNames.removeStale(dir, NAMES);
        assertEquals(2, removed.size(), removed.toString());
        assertTrue(removed.containsAll(List.of(temp, backup)), removed.toString());
        assertTrue(Files.notExists(temp) && Files.notExists(backup));
        assertEquals("current", Files.readString(target));
        for (Path file : kept) {
            assertTrue(Files.exists(file), file + " is kept");
        }
    }

    @Test
    void shouldRestoreABackupWhoseTargetAKilledCommitHadMovedAside() throws IOException {
        Path backup = Files.writeString(dir.resolve(".es.f32.abc.bak"), "previous");
        assertEquals(List.of(backup), StagingNames.removeStale(dir, NAMES));
        assertEquals("previous", Files.readString(dir.resolve("es.f32")));
        assertTrue(Files.notExists(backup));
    }

    @Test
    void shouldDoNothingForADirectoryThatDoesNotExist() throws IOException {
        assertEquals(List.of(), StagingNames.removeStale(dir.resolve("missing"), NAMES));
    }
}

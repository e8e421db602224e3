package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.internal.files.FileOwner;
import org.loopnest.internal.files.OwnedNames;
import org.loopnest.internal.files.Processes;

class StagingNamesTest {
    @TempDir
    Path dir;

    @Test
    void shouldRemoveTheTemporariesOfAGoneOwnerOnlyAndKeepALiveOnesAndForeignFiles() throws Exception {
        FileOwner killed = Processes.finished();
        Path target = Files.writeString(dir.resolve("theta.f32"), "current");
        Path stale = Files.write(OwnedNames.name(target, OwnedNames.Kind.TEMPORARY, killed), new byte[58]);
        Path unpacked = Files.createFile(OwnedNames.name(dir.resolve("weather-T.unpacked"),
                OwnedNames.Kind.TEMPORARY, killed));
        List<Path> kept = List.of(
                Files.createFile(StagingNames.temporary(target)), // this JVM's: alive
                Files.writeString(dir.resolve(".theta.f32.3f9a01c2.tmp"), "a name LoopNest no longer makes"),
                Files.writeString(dir.resolve(".notes.txt.loopnest-" + killed.token() + ".tmp"), "no counter"),
                Files.writeString(dir.resolve("theta.f32.loopnest-" + killed.token() + "-1.tmp"), "not hidden"),
                Files.createDirectory(OwnedNames.name(target, OwnedNames.Kind.TEMPORARY, killed)));
        List<Path> removed = StagingNames.removeStale(dir);
        assertEquals(List.of(stale, unpacked), removed.stream().sorted().toList());
        assertEquals("current", Files.readString(target));
        for (Path file : kept) {
            assertTrue(Files.exists(file), file + " is kept");
        }
    }

    @Test
    void shouldDoNothingForADirectoryThatDoesNotExist() throws IOException {
        assertEquals(List.of(), StagingNames.removeStale(dir.resolve("missing")));
    }
}

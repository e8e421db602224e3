package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.internal.files.FileOwner;
import org.loopnest.internal.files.OwnedNames;
import org.loopnest.internal.files.Processes;

/** The nodes' directories a killed coordinator left are removed; a live one's, and anything else, stay. */
class NodeDirectoriesTest {
    @TempDir
    Path tmp;

    @Test
    void shouldRemoveTheDirectoryOfAGoneCoordinatorAndKeepALiveOnes() throws Exception {
        Path outside = Files.writeString(Files.createDirectory(tmp.resolve("elsewhere")).resolve("keep"), "kept");
        Path gone = Files.createTempDirectory(tmp, OwnedNames.directoryPrefix(NodeDirectories.BASE,
                Processes.finished()));
        Files.writeString(gone.resolve("secret"), "c2VjcmV0");
        Files.writeString(Files.createDirectory(gone.resolve("logs")).resolve("node-0.log"), "stopping");
        Files.createSymbolicLink(gone.resolve("link"), outside);
        Path live = Files.createTempDirectory(tmp, OwnedNames.directoryPrefix(NodeDirectories.BASE,
                FileOwner.current()));
        Path older = Files.createDirectory(tmp.resolve("loopnest-nodes-4711")); // no owner in the name
        Path file = Files.createFile(tmp.resolve(gone.getFileName() + "0")); // a file, not a directory

        assertEquals(List.of(gone), NodeDirectories.removeStale(tmp));
        assertTrue(Files.notExists(gone));
        assertTrue(Files.isDirectory(live) && Files.isDirectory(older) && Files.exists(file));
        assertEquals("kept", Files.readString(outside), "a link inside is deleted, not followed");
    }

    @Test
    void shouldTakeADirectoryAnotherProcessRemovedMeanwhileAsRemoved() throws Exception {
        Path gone = Files.createTempDirectory(tmp, OwnedNames.directoryPrefix(NodeDirectories.BASE,
                Processes.finished()));
        Files.delete(gone); // another coordinator's start removed it after this one listed it

        NodeDirectories.deleteTree(gone);
        NodeDirectories.deleteTree(Files.createDirectories(tmp.resolve("a").resolve("b")).getParent());
        assertEquals(List.of(), NodeDirectories.removeStale(tmp));
    }
}

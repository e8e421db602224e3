package org.loopnest.cluster.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which files a node may open itself: those under its data directories, however the path is spelled. */
class DataDirsTest {
    private static final String OUTSIDE = " (expected: a file under one of them; a symbolic link or '..' that leads "
            + "out is refused)";

    @TempDir
    Path tmp;

    private Path data;
    private Path secret;
    private DataDirs dirs;

    @BeforeEach
    void files() throws Exception {
        data = Files.createDirectory(tmp.resolve("data")).toRealPath();
        secret = Files.writeString(Files.createDirectory(tmp.resolve("private")).resolve("secret"), "not yours")
                .toRealPath();
        dirs = DataDirs.of(List.of(data));
    }

    @Test
    void shouldPermitAFileUnderADataDirectoryAsItsRealPath() throws Exception {
        Path file = Files.writeString(Files.createDirectory(data.resolve("run")).resolve("t.nc"), "temperature");

        assertEquals(file, dirs.permit(file.toString()));
        assertEquals(file, dirs.permit(data + "/run/../run/./t.nc"));
    }

    @Test
    void shouldRefuseAPathWhoseDotDotLeadsOut() {
        String requested = data + "/../private/secret";

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dirs.permit(requested));
        assertEquals(requested + ": outside this node's data directories [" + data + "]" + OUTSIDE, e.getMessage());
    }

    @Test
    void shouldRefuseASymbolicLinkInsideThatPointsOut() throws Exception {
        Path link = Files.createSymbolicLink(data.resolve("t.nc"), secret);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> dirs.permit(link.toString()));
        assertEquals(link + ": outside this node's data directories [" + data + "]" + OUTSIDE, e.getMessage());
    }

    @Test
    void shouldRefuseAFileBehindADirectoryLinkThatPointsOut() throws Exception {
        Path link = Files.createSymbolicLink(data.resolve("elsewhere"), secret.getParent());
        String requested = link + "/secret";

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dirs.permit(requested));
        assertEquals(requested + ": outside this node's data directories [" + data + "]" + OUTSIDE, e.getMessage());
    }

    @Test
    void shouldPermitASymbolicLinkInsideThatPointsInside() throws Exception {
        Path target = Files.writeString(data.resolve("2026-11-28.nc"), "temperature");
        Path link = Files.createSymbolicLink(data.resolve("latest.nc"), Path.of("2026-11-28.nc"));

        assertEquals(target, dirs.permit(link.toString()));
    }

    @Test
    void shouldRefuseARelativePath() throws Exception {
        Files.writeString(data.resolve("t.nc"), "temperature");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dirs.permit("data/t.nc"));
        assertEquals("data/t.nc: a relative path (expected: an absolute path, as the coordinator's run names the "
                + "file)", e.getMessage());
    }

    @Test
    void shouldRefuseAFileThatIsMissingOnThisNode() {
        String requested = data.resolve("missing.nc").toString();

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dirs.permit(requested));
        assertEquals(requested + ": no such file on this node", e.getMessage());
    }

    @Test
    void shouldRefuseADirectoryUnderADataDirectoryAndTheDirectoryItself() throws Exception {
        Path run = Files.createDirectory(data.resolve("run"));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dirs.permit(run.toString()));
        assertEquals(run + ": not a regular file (expected: a regular file under one of this node's data "
                + "directories, not a directory, FIFO or device)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> dirs.permit(data.toString()));
        assertEquals(data + ": outside this node's data directories [" + data + "]" + OUTSIDE, e.getMessage());
    }

    @Test
    void shouldRefuseEveryPathWithoutDataDirectories() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DataDirs.NONE.permit(secret.toString()));
        assertEquals("this node was started without --data-dir: it does no I/O of its own (expected: node "
                + "--data-dir DIR)", e.getMessage());
        assertTrue(DataDirs.NONE.isEmpty());
        assertEquals("[]", DataDirs.NONE.toString());
        assertSame(DataDirs.NONE, DataDirs.of(List.of()));
    }

    @Test
    void shouldKeepRealPathsInOrderWithoutDuplicates() throws Exception {
        Path scratch = Files.createDirectory(tmp.resolve("scratch")).toRealPath();
        Path alias = Files.createSymbolicLink(tmp.resolve("alias"), data);

        DataDirs two = DataDirs.of(List.of(scratch, alias, data.resolve("../data")));

        assertEquals(List.of(scratch, data), two.dirs());
        assertEquals("[" + scratch + ", " + data + "]", two.toString());
        assertEquals(DataDirs.of(List.of(scratch, data)), two);
    }

    @Test
    void shouldRefuseAMissingDirectoryNamingTheOption() {
        Path missing = tmp.resolve("missing");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DataDirs.of(List.of(data, missing)));
        assertEquals("--data-dir " + missing + ": no such directory (expected: an existing directory the node may "
                + "read and write files under)", e.getMessage());
    }

    @Test
    void shouldRefuseARegularFileNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DataDirs.of(List.of(secret)));
        assertEquals("--data-dir " + secret + ": a regular file, not a directory (expected: an existing directory "
                + "the node may read and write files under)", e.getMessage());
    }

    @Test
    void shouldRefuseAnEmptyPathRatherThanTakeTheWorkingDirectory() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DataDirs.of(List.of(Path.of(""))));
        assertEquals("--data-dir '': an empty path (expected: an existing directory the node may read and write "
                + "files under)", e.getMessage());
    }
}

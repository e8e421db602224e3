package org.loopnest.files;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An input of more than 2^31 float elements (8 GiB and 4 MiB) runs through the default cpu device into a new file,
 * checked in pieces. Tagged {@code large}: not part of {@code mvn verify}; run it with
 * {@code mvn -B -pl scheduler -am verify -Dloopnest.excludedGroups=gpu -Dtest=LargeFileTest
 * -Dsurefire.failIfNoSpecifiedTests=false} (about 17 GiB of free disk; a few minutes).
 */
@Tag("large")
class LargeFileTest {
    @TempDir
    Path dir;

    @Test
    void shouldRunAnInputOfMoreThan2To31FloatElements() throws Exception {
        long columns = 1 << 20;
        long rows = (1L << 11) + 1; // 2^31 + 2^20 elements
        long elements = rows * columns;
        Assumptions.assumeTrue(Files.getFileStore(dir).getUsableSpace() > 2 * elements * Float.BYTES + (1L << 30),
                "needs " + 2 * elements * Float.BYTES + " bytes free under " + dir);
        Path in = dir.resolve("in.f32");
        Path out = dir.resolve("out.f32");
        StreamedFiles.writeInput(in, elements);
        StreamedFiles.doubling(in, out, rows, columns, null).run();
        assertNull(StreamedFiles.checkOutput(out, elements));
    }
}

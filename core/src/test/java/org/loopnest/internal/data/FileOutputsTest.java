package org.loopnest.internal.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;

/** A run's new output files: made at the start, moved on commit, deleted on close, named only while the run goes. */
class FileOutputsTest {
    private final IndexSpace space = IndexSpace.of(2, 3).withNames("y", "x");
    @TempDir
    Path dir;

    private ArrayBinding out(String name, Path file, boolean inPlace) {
        return ArrayBinding.of(name, Role.OUT, inPlace
                ? Holder.fileInPlace(file, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0)
                : Holder.file(file, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0), space);
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void shouldMoveTheTemporaryFileIntoPlaceOnCommitAndRefuseToNameItAfter() throws IOException {
        Path o = dir.resolve("o.f32");
        Files.write(o, new byte[] {9});
        ArrayBinding binding = out("o", o, false);
        FileOutputs files = FileOutputs.begin(List.of(binding));
        Path temporary = files.target(binding);
        assertTrue(temporary.getFileName().toString().startsWith(".o.f32.") && Files.size(temporary) == 24,
                temporary.toString());
        assertArrayEquals(new byte[] {9}, Files.readAllBytes(o), "the previous file is untouched until the commit");
        files.commit();
        assertEquals(List.of(o), files());
        assertEquals(24, Files.size(o));
        IllegalStateException late = assertThrows(IllegalStateException.class, () -> files.target(binding));
        assertEquals("out 'o': its run has ended or never began writing " + o + " (expected: outputs written only "
                + "while their run is going)", late.getMessage());
        assertThrows(IllegalStateException.class, files::commit);
    }

    @Test
    void shouldDeleteTheTemporaryFileOnCloseAndLetAnotherRunClaimTheFile() throws IOException {
        Path o = dir.resolve("o.f32");
        ArrayBinding binding = out("o", o, false);
        FileOutputs first = FileOutputs.begin(List.of(binding));
        IllegalArgumentException busy = assertThrows(IllegalArgumentException.class,
                () -> FileOutputs.begin(List.of(out("p", o, false))));
        assertEquals("out 'p': file " + o + " is being written by another run (expected: one run at a time per "
                + "output file)", busy.getMessage());
        first.close();
        assertEquals(List.of(), files());
        FileOutputs.begin(List.of(binding)).close();
    }

    @Test
    void shouldClaimAnInPlaceOutputForItsRunWithoutATemporaryFile() throws IOException {
        Path o = Files.write(dir.resolve("o.f32"), new byte[24]);
        ArrayBinding binding = out("o", o, true);
        FileOutputs files = FileOutputs.begin(List.of(binding));
        assertEquals(o, files.target(binding));
        assertThrows(IllegalArgumentException.class, () -> FileOutputs.begin(List.of(out("p", o, true))));
        files.commit();
        assertEquals(List.of(o), files());
        FileOutputs.begin(List.of(binding)).close();
    }
}

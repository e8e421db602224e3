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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;
import org.loopnest.internal.files.CommitJournal;
import org.loopnest.internal.files.Processes;

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

    @Test
    void shouldKeepTheTemporaryFilesAJournalListsWhenAnErrorStopsTheCommit() throws IOException {
        Path one = Files.write(dir.resolve("o1.f32"), new byte[] {1});
        Path two = Files.write(dir.resolve("o2.f32"), new byte[] {2});
        List<ArrayBinding> outputs = List.of(out("o1", one, false), out("o2", two, false));
        AtomicInteger renames = new AtomicInteger();
        FileOutputs files = FileOutputs.begin(outputs, (from, to) -> {
            if (renames.getAndIncrement() == 4) { // the journal's, two backups, o1 placed: o2's placement
                throw new StackOverflowError();
            }
            CommitJournal.RENAME.rename(from, to);
        });
        Path second = files.target(outputs.get(1));
        assertThrows(StackOverflowError.class, files::commit);
        assertTrue(Files.exists(second), "the journal lists it: the next run puts it in place (all new) " + files());
        assertEquals(1, files().stream().filter(f -> f.toString().endsWith(".journal")).count(), files().toString());
    }

    @Test
    void shouldLeaveAllOldOrAllNewOutputsWhenTheJvmIsKilledInTheCommit() throws Exception {
        for (int k : new int[] {0, 2, 3}) { // renames: the journal's, o1's backup, o1 and o2
            Path one = Files.createDirectories(dir.resolve("k" + k)).resolve("o1.f32");
            Path two = one.resolveSibling("o2.f32");
            Files.write(one, new byte[] {9});
            assertEquals(HaltedRun.STATUS, Processes.runJava(HaltedRun.class, one.toString(), two.toString(), "" + k));

            FileOutputs.begin(List.of(out("o1", one, false))).close(); // the next run into the directory
            try (Stream<Path> s = Files.list(one.getParent())) {
                assertEquals(k == 0 ? List.of(one) : List.of(one, two), s.sorted().toList(), "halted at rename " + k);
            }
            assertEquals(k == 0 ? 1 : 24, Files.size(one));
        }
    }

    /** A child JVM whose run writes o1 and o2 and halts at rename k of their commit, as {@code kill -9} would. */
    static final class HaltedRun {
        static final int STATUS = 137;

        public static void main(String[] args) throws IOException {
            int k = Integer.parseInt(args[2]);
            IndexSpace space = IndexSpace.of(2, 3).withNames("y", "x");
            List<ArrayBinding> outputs = List.of(
                    ArrayBinding.of("o1", Role.OUT, Holder.file(Path.of(args[0]), ElementType.FLOAT,
                            ByteOrder.LITTLE_ENDIAN, 0), space),
                    ArrayBinding.of("o2", Role.OUT, Holder.file(Path.of(args[1]), ElementType.FLOAT,
                            ByteOrder.LITTLE_ENDIAN, 0), space));
            AtomicInteger renames = new AtomicInteger();
            FileOutputs files = FileOutputs.begin(outputs, (from, to) -> {
                if (renames.getAndIncrement() == k) {
                    Runtime.getRuntime().halt(STATUS);
                }
                CommitJournal.RENAME.rename(from, to);
            });
            for (ArrayBinding output : outputs) {
                Files.write(files.target(output), new byte[24]);
            }
            files.commit();
            System.exit(0);
        }
    }
}

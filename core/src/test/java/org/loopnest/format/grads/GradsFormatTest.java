package org.loopnest.format.grads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetFormat;
import org.loopnest.format.dataset.Datasets;

/**
 * Recognising a GrADS descriptor among data files: by its first record, whatever its name (comments, blank lines,
 * attributes and any case allowed); never a NetCDF or HDF5 file, even named {@code .ctl}; a binary file only when
 * named {@code .ctl}, so that the descriptor's reader says what is wrong with it; and {@link Datasets} picking it.
 */
class GradsFormatTest {
    private static final String DESCRIPTOR = "DSET ^m.dat\nUNDEF -999\nXDEF 2 LINEAR 0 1\nYDEF 1 LINEAR 0 1\n"
            + "ZDEF 1 LEVELS 1000\nTDEF 1 LINEAR 00Z01JAN2000 1dy\nVARS 1\nt 1 99 temperature\nENDVARS\n";

    @TempDir
    Path dir;

    private final GradsFormat format = new GradsFormat();

    @Test
    void shouldRecognizeADescriptorByItsFirstRecordWhateverItsName() throws IOException {
        assertTrue(format.recognizes(Files.writeString(dir.resolve("m.ctl"), DESCRIPTOR)));
        assertTrue(format.recognizes(Files.writeString(dir.resolve("m.des"), "* made by hand\n\n  @ x String y\n"
                + DESCRIPTOR.toLowerCase(java.util.Locale.ROOT))), "comments, attributes, lower case");
        assertTrue(format.recognizes(Files.writeString(dir.resolve("t.txt"), "title a set\n" + DESCRIPTOR)));
        assertTrue(format.recognizes(Files.writeString(dir.resolve("dtype.txt"), "DTYPE grib\n")),
                "a record GrADS knows, refused later by the reader with its own message");
        assertEquals("GrADS", format.name());
    }

    @Test
    void shouldNotRecognizeNetcdfHdf5OrOtherFiles() throws IOException {
        assertFalse(format.recognizes(Files.write(dir.resolve("classic.ctl"), new byte[] {'C', 'D', 'F', 1, 0})),
                "NetCDF, even named .ctl");
        assertFalse(format.recognizes(Files.write(dir.resolve("four.ctl"), new byte[] {(byte) 0x89, 'H', 'D', 'F',
            '\r', '\n', 0x1a, '\n'})), "HDF5, even named .ctl");
        byte[] noise = new byte[10_000];
        new java.util.Random(7).nextBytes(noise);
        noise[0] = 0;
        assertFalse(format.recognizes(Files.write(dir.resolve("noise.bin"), noise)));
        assertFalse(format.recognizes(Files.writeString(dir.resolve("notes.txt"), "* a comment\nhello DSET\n")));
        assertFalse(format.recognizes(Files.writeString(dir.resolve("empty.txt"), "")));
        byte[] late = new byte[GradsFormat.HEAD_BYTES + DESCRIPTOR.length()];
        Arrays.fill(late, (byte) '\n');
        System.arraycopy(DESCRIPTOR.getBytes(), 0, late, GradsFormat.HEAD_BYTES, DESCRIPTOR.length());
        assertFalse(format.recognizes(Files.write(dir.resolve("late.txt"), late)), "only the first 4 KiB are read");
    }

    @Test
    void shouldRecognizeABinaryFileNamedCtlSoThatItsReaderSaysWhatIsWrong() throws IOException {
        Path binary = Files.write(dir.resolve("binary.ctl"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
        assertTrue(format.recognizes(binary));
        assertEquals(format.name(), Datasets.formatOf(binary).name());
        assertEquals("binary.ctl: not a text GrADS descriptor: byte 2 is 0x00, a control byte (expected: a GrADS "
                + "descriptor, a text file)", assertThrows(GradsFormatException.class,
                () -> Datasets.catalog(binary)).getMessage());
    }

    @Test
    void shouldBePickedByDatasetsAfterClassicNetcdf() throws IOException {
        Path ctl = Files.writeString(dir.resolve("m.des"), DESCRIPTOR);
        Files.write(dir.resolve("m.dat"), new byte[8]);
        List<String> names = Datasets.formats().stream().map(DatasetFormat::name).toList();
        assertEquals(List.of("NetCDF", "GrADS"), names.subList(0, 2));
        assertInstanceOf(GradsFormat.class, Datasets.formatOf(ctl));
        try (DatasetCatalog catalog = Datasets.catalog(ctl)) {
            assertEquals("GrADS", catalog.format());
            assertEquals(List.of("t"), catalog.variables().stream().map(v -> v.name()).toList());
        }
        assertInstanceOf(GradsDataset.class, Datasets.open(List.of(ctl), "T"));
        assertEquals("NetCDF", Datasets.formatOf(Files.write(dir.resolve("c.ctl"), new byte[] {'C', 'D', 'F', 1}))
                .name(), "a NetCDF file named .ctl is NetCDF");
    }
}

package org.loopnest.format.grads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfWriter;

/** What is refused before a descriptor's text is parsed (issue 22, items 15 and 21), each naming the file. */
class DescriptorFileTest {
    private static final String EXPECTED = "(expected: a GrADS descriptor, a text file)";
    private static final Duration QUICKLY = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private String refused(Path ctl) {
        return assertTimeoutPreemptively(QUICKLY, () -> assertThrows(GradsFormatException.class,
                () -> GradsDescriptor.parse(ctl)).getMessage());
    }

    @Test
    void shouldSayANetcdfFileNamedCtlIsNotATextDescriptor() throws IOException {
        Path ctl = dir.resolve("weather.ctl");
        try (NetcdfWriter w = NetcdfWriter.create(ctl)) {
            w.dimension("x", 2).variable("t", List.of("x"));
            w.writeHeader();
            w.write("t", 0, new float[] {-1.5f, 250.25f});
            w.commit();
        }
        assertEquals("weather.ctl: not a text GrADS descriptor: it starts like a classic NetCDF file (CDF\\x02) "
                + EXPECTED, refused(ctl));
        Files.write(ctl, new byte[] {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n', (byte) 0xF0});
        assertEquals("weather.ctl: not a text GrADS descriptor: it starts like an HDF5/NetCDF-4 file (\\x89HDF) "
                + EXPECTED, refused(ctl));
    }

    @Test
    void shouldNameTheFirstByteThatIsNotText() throws IOException {
        Path ctl = dir.resolve("bin.ctl");
        Files.write(ctl, new byte[] {'D', 'S', 'E', 'T', ' ', 'x', 0, '\n'});
        assertEquals("bin.ctl: not a text GrADS descriptor: byte 6 is 0x00, a control byte " + EXPECTED, refused(ctl));
        Files.writeString(ctl, "\uFEFF* température en °C\n" + GradsDescriptorTest.SAMPLE);
        assertEquals(5, assertTimeoutPreemptively(QUICKLY, () -> GradsDescriptor.parse(ctl)).time().count(),
                "UTF-8 text is read, a byte-order mark first");
    }

    @Test
    void shouldReadADescriptorInASingleByteEncodingAsGradsDoes() throws IOException {
        Path ctl = dir.resolve("latin1.ctl");
        Files.write(ctl, ("* temperature in \u00b0C\n" + GradsDescriptorTest.SAMPLE)
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertEquals(5, assertTimeoutPreemptively(QUICKLY, () -> GradsDescriptor.parse(ctl)).time().count(),
                "a Latin-1 degree sign (0xB0, not UTF-8) is read as text");
    }

    @Test
    void shouldRefuseADescriptorOfMoreThan4MiB() throws IOException {
        Path ctl = dir.resolve("big.ctl");
        char[] comment = new char[(4 << 20) + 10];
        Arrays.fill(comment, ' ');
        comment[0] = '*';
        Files.writeString(ctl, GradsDescriptorTest.SAMPLE + new String(comment));
        assertEquals("big.ctl: larger than 4 MiB (expected: a GrADS descriptor, a text file of at most 4 MiB)",
                refused(ctl));
    }

    @Test
    void shouldRefuseADeviceBeforeReadingIt() throws IOException {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero on this system");
        Path ctl = Files.createSymbolicLink(dir.resolve("zero.ctl"), zero);
        assertEquals("zero.ctl: not a regular file (a FIFO, a device or another special file) " + EXPECTED,
                refused(ctl));
    }

    @Test
    void shouldRefuseAFifoWithoutOpeningIt() throws IOException, InterruptedException {
        Path ctl = dir.resolve("fifo.ctl");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", ctl.toString()).inheritIO().start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo command: " + e.getMessage());
            return;
        }
        assumeTrue(mkfifo.waitFor() == 0 && Files.exists(ctl), "mkfifo failed");
        assertEquals("fifo.ctl: not a regular file (a FIFO, a device or another special file) " + EXPECTED,
                refused(ctl));
    }

    @Test
    void shouldSayWhyADescriptorOrDirectoryCannotBeRead() throws IOException {
        Path ctl = dir.resolve("gone.ctl");
        NoSuchFileException missing = assertThrows(NoSuchFileException.class, () -> GradsDescriptor.parse(ctl));
        assertEquals(ctl + ": no such file (expected: a GrADS descriptor)", missing.getMessage());
        assertEquals(ctl.toString(), missing.getFile());
        Path sub = Files.createDirectory(dir.resolve("sub.ctl"));
        assertEquals("sub.ctl: a directory " + EXPECTED, refused(sub));
    }
}

package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files and arguments that are refused, each with a message naming the file and what was expected. */
class Netcdf4FileRefusalTest {
    @TempDir
    Path dir;

    private Path sample() throws Exception {
        return Ncgen.nc4(dir.resolve("sample.nc"), Netcdf4FileTest.SAMPLE);
    }

    private Path cut(Path file, long bytes) throws IOException {
        Path cut = dir.resolve("cut" + bytes + ".nc");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(file), (int) bytes));
        return cut;
    }

    private static String refusal(Path file) {
        return assertThrows(Netcdf4FormatException.class, () -> Netcdf4File.open(file)).getMessage();
    }

    @Test
    void shouldRefuseAClassicFileSayingToReadItWithNetcdfFile() throws Exception {
        Path classic = Ncgen.write(dir.resolve("classic.nc"), "64-bit-offset",
                "netcdf classic {\ndimensions: x = 2 ;\nvariables: float x(x) ;\ndata: x = 1, 2 ;\n}\n");
        assertFalse(Netcdf4File.isHdf5(classic));
        assertEquals("classic.nc: a classic NetCDF file (magic CDF\\2): read it with "
                + "org.loopnest.format.netcdf.NetcdfFile (expected: an HDF5/NetCDF-4 file)", refusal(classic));
    }

    @Test
    void shouldRefuseMissingEmptyAndForeignFiles() throws IOException {
        assertEquals("nothing.nc: no such file (expected: a NetCDF-4/HDF5 file)", refusal(dir.resolve("nothing.nc")));
        assertEquals("nothing.nc: no such file (expected: a NetCDF-4/HDF5 file)", assertThrows(
                Netcdf4FormatException.class, () -> Netcdf4File.isHdf5(dir.resolve("nothing.nc"))).getMessage());
        Files.createDirectory(dir.resolve("d.nc"));
        assertEquals("d.nc: not a regular file (expected: a NetCDF-4/HDF5 file)", refusal(dir.resolve("d.nc")));
        Path empty = Files.createFile(dir.resolve("empty.nc"));
        assertEquals("empty.nc: not an HDF5 file (no HDF5 signature at byte 0, 512, 1024, …; it begins with "
                + "nothing: empty) (expected: an HDF5/NetCDF-4 file)", refusal(empty));
        Path text = Files.writeString(dir.resolve("text.nc"), "hello, world");
        assertEquals("text.nc: not an HDF5 file (no HDF5 signature at byte 0, 512, 1024, …; it begins 68 65 6c 6c) "
                + "(expected: an HDF5/NetCDF-4 file)", refusal(text));
    }

    @Test
    void shouldFindTheSignatureAfterAUserBlock() throws Exception {
        byte[] hdf5 = Files.readAllBytes(sample());
        for (int block : new int[] {512, 1024, 4096}) {
            byte[] shifted = new byte[block + hdf5.length];
            System.arraycopy(hdf5, 0, shifted, block, hdf5.length);
            assertTrue(Netcdf4File.isHdf5(Files.write(dir.resolve("ub" + block + ".h5"), shifted)), "at " + block);
        }
        byte[] odd = new byte[100 + hdf5.length];
        System.arraycopy(hdf5, 0, odd, 100, hdf5.length);
        assertFalse(Netcdf4File.isHdf5(Files.write(dir.resolve("odd.h5"), odd)), "at 100: not a place HDF5 allows");
    }

    @Test
    void shouldRefuseTruncatedFiles() throws Exception {
        Path file = sample();
        long t;
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            t = nc.variable("t").contiguousOffset().orElseThrow();
        }
        String header = refusal(cut(file, 2000));
        assertTrue(header.startsWith("cut2000.nc: not a readable HDF5 file: "), header);
        assertTrue(header.endsWith(" (expected: a complete HDF5/NetCDF-4 file)"), header);
        String data = refusal(cut(file, t + 10));
        assertTrue(data.matches("cut\\d+\\.nc: variable '\\w+' lies at bytes \\d+ to \\d+, past the end of the file "
                + "\\(" + (t + 10) + " bytes\\) \\(expected: a file of at least \\d+ bytes\\)"), data);
    }

    @Test
    void shouldRefuseUnpackingADamagedChunkAndLeaveNoFile() throws Exception {
        byte[] bytes = Files.readAllBytes(sample());
        int damaged = 0;
        for (int i = 0; i + 1 < bytes.length; i++) {
            if (bytes[i] == 0x78 && bytes[i + 1] == 0x01) { // a zlib stream at level 1: q's chunks
                bytes[i + 1] = 0x02;
                damaged++;
            }
        }
        assertTrue(damaged > 0, "no deflated chunk found");
        Path file = Files.write(dir.resolve("damaged.nc"), bytes);
        Path raw = dir.resolve("q.f32");
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            String message = assertThrows(Netcdf4FormatException.class, () -> nc.unpackTo(nc.variable("q"), raw, 0f))
                    .getMessage();
            assertTrue(message.matches("damaged.nc: variable 'q' cannot be read: its chunk at \\[0, 0, 0, 0\\] "
                    + "\\(bytes \\d+ to \\d+\\): its deflate stream is damaged: incorrect header check \\(expected: "
                    + "a zlib stream\\)"), message);
            assertFalse(Files.exists(raw));
        }
    }

    @Test
    void shouldRefuseBadUnpackArguments() throws Exception {
        Path file = sample();
        Path other = Ncgen.nc4(dir.resolve("other.nc"), Netcdf4FileTest.SAMPLE.replace("float t(", "double t("));
        try (Netcdf4File nc = Netcdf4File.open(file); Netcdf4File o = Netcdf4File.open(other)) {
            Netcdf4Variable t = nc.variable("t");
            assertEquals("raw = " + dir + " is a directory (expected: a file to write)", assertThrows(
                    IllegalArgumentException.class, () -> nc.unpackTo(t, dir, 0f)).getMessage());
            assertEquals("raw = " + file + " is the input file itself (expected: another file)", assertThrows(
                    IllegalArgumentException.class, () -> nc.unpackTo(t, file, 0f)).getMessage());
            Path nowhere = dir.resolve("no/t.f32");
            assertEquals("raw = " + nowhere + ": its directory does not exist (expected: an existing directory)",
                    assertThrows(IllegalArgumentException.class, () -> nc.unpackTo(t, nowhere, 0f)).getMessage());
            assertEquals("sample.nc: variable 't' is not this file's (expected: one of its variables())",
                    assertThrows(Netcdf4FormatException.class, () -> nc.unpackTo(o.variable("t"),
                            dir.resolve("t.f32"), 0f)).getMessage());
            assertEquals("sample.nc: variable 's' is not numbers (type OTHER; expected: a number type to unpack)",
                    assertThrows(Netcdf4FormatException.class, () -> nc.unpackTo(nc.variable("s"),
                            dir.resolve("s.f32"), 0f)).getMessage());
            assertEquals("sample.nc: variable 's' is not numbers (type OTHER; expected: a number type to read)",
                    assertThrows(Netcdf4FormatException.class, () -> nc.readValues(nc.variable("s"))).getMessage());
            assertFalse(Files.exists(dir.resolve("t.f32")));
            nc.close();
            assertEquals("sample.nc is closed (expected: an open file to unpack 't')", assertThrows(
                    IllegalStateException.class, () -> nc.unpackTo(t, dir.resolve("t.f32"), 0f)).getMessage());
            nc.close();
        }
    }
}

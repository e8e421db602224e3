package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unidata's own tools from Debian's {@code netcdf-bin} read what the writer writes ({@code ncdump}) and write what
 * the reader reads ({@code ncgen}). Skipped, saying why, where the tools are absent.
 */
class NetcdfToolsTest {
    @TempDir
    Path dir;

    private static void assumeTool(String tool) {
        boolean found = Files.isExecutable(Path.of("/usr/bin", tool)) || List.of(System.getenv()
                .getOrDefault("PATH", "").split(File.pathSeparator)).stream()
                .anyMatch(p -> Files.isExecutable(Path.of(p, tool)));
        assumeTrue(found, () -> tool + " is absent: install Debian's netcdf-bin package");
    }

    private String run(String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), () -> String.join(" ", command) + " ran over 60 s");
        } finally {
            p.destroyForcibly();
        }
        String text = Files.readString(out);
        assertEquals(0, p.exitValue(), () -> String.join(" ", command) + " failed: " + text);
        return text;
    }

    @Test
    void shouldBeReadByNcdump() throws Exception {
        assumeTool("ncdump");
        Path file = NetcdfWriterTest.writeSample(dir.resolve("theta.nc"));
        String header = run("ncdump", "-h", file.toString());
        for (String line : List.of("netcdf theta {", "level = 3 ;", "lat = 4 ;", "lon = 5 ;",
                "float theta(level, lat, lon) ;", "theta:units = \"K\" ;",
                "theta:long_name = \"Potential temperature\" ;", "theta:_FillValue = -9999.f ;",
                "float q(lat, lon) ;", ":Conventions = \"CF-1.8\" ;", ":version = 1.5 ;")) {
            assertTrue(header.contains(line), () -> "ncdump -h lacks '" + line + "':\n" + header);
        }
        assertTrue(run("ncdump", "-k", file.toString()).contains("64-bit offset"));
        String values = run("ncdump", "-v", "level,theta", file.toString());
        assertTrue(values.contains("level = 1000, 850, 500 ;"), values);
        assertTrue(values.contains("theta =\n  270, 270.5, 271, 271.5, 272,"), values);
    }

    @Test
    void shouldWriteARecordDimensionAndCoordinatesOfTheirOwnTypesThatNcdumpReads() throws Exception {
        assumeTool("ncdump");
        Path file = dir.resolve("rec.nc");
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.recordDimension("time", 3).dimension("lat", 2);
            w.variable("time", NetcdfType.INT, List.of("time"),
                    NetcdfAttribute.text("units", "hours since 1900-01-01"));
            w.variable("lat", NetcdfType.DOUBLE, List.of("lat"), NetcdfAttribute.text("units", "degrees_north"));
            w.variable("a", List.of("time", "lat"));
            w.variable("b", List.of("time", "lat"));
            w.variable("c", List.of("lat"));
            w.writeHeader();
            w.write("time", 0, java.nio.ByteBuffer.allocate(12).putInt(1000).putInt(1006).putInt(1012).flip());
            w.write("lat", 0, java.nio.ByteBuffer.allocate(16).putDouble(10.5).putDouble(-20.25).flip());
            w.write("a", 1, new float[] {1, 2, 3, 4, 5});
            w.write("b", 0, new float[] {10, 11, 12, 13, 14, 15});
            w.write("c", 0, new float[] {7, 8});
            w.commit();
        }
        String header = run("ncdump", "-h", file.toString());
        for (String line : List.of("time = UNLIMITED ; // (3 currently)", "int time(time) ;", "double lat(lat) ;",
                "float a(time, lat) ;")) {
            assertTrue(header.contains(line), () -> "ncdump -h lacks '" + line + "':\n" + header);
        }
        String values = run("ncdump", "-v", "time,lat,a,b,c", file.toString());
        for (String line : List.of("time = 1000, 1006, 1012 ;", "lat = 10.5, -20.25 ;",
                "a =\n  0, 1,\n  2, 3,\n  4, 5 ;", "b =\n  10, 11,\n  12, 13,\n  14, 15 ;", "c = 7, 8 ;")) {
            assertTrue(values.contains(line), () -> "ncdump lacks '" + line + "':\n" + values);
        }
        NetcdfHeader read = NetcdfFile.open(file);
        assertEquals(3, read.numberOfRecords());
        assertArrayEquals(new double[] {1000, 1006, 1012}, NetcdfFile.readValues(read, read.variable("time")), 0);
    }

    @Test
    void shouldReadWhatNcgenWritesInBothClassicFormats() throws Exception {
        assumeTool("ncgen");
        Path cdl = dir.resolve("era.cdl");
        Files.writeString(cdl, """
                netcdf era {
                dimensions:
                    time = UNLIMITED ;
                    level = 2 ;
                    lat = 2 ;
                    lon = 3 ;
                variables:
                    double level(level) ;
                        level:units = "Pa" ;
                    short t(time, level, lat, lon) ;
                        t:scale_factor = 0.5 ;
                        t:add_offset = 200. ;
                        t:_FillValue = -32767s ;
                        t:units = "K" ;
                    byte flag(time) ;
                    int count(lat) ;
                    float mean(lat, lon) ;
                    :title = "sample" ;
                    :b = 1b, -2b ;
                    :s = 3s ;
                    :i = 4 ;
                    :f = 5.5f ;
                    :d = 6.25 ;
                data:
                    level = 100000, 50000 ;
                    t = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                        12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, -32767 ;
                    flag = 1, 0 ;
                    count = 7, 8 ;
                    mean = 1, 2, 3, 4, 5, 6 ;
                }
                """);
        for (String kind : List.of("classic", "64-bit-offset")) {
            Path nc = dir.resolve(kind + ".nc");
            run("ncgen", "-k", kind, "-o", nc.toString(), cdl.toString());
            NetcdfHeader h = NetcdfFile.open(nc);
            assertEquals(kind.equals("classic") ? 1 : 2, h.version());
            assertEquals(2, h.numberOfRecords());
            assertEquals("sample", h.attribute("title").orElseThrow().text());
            assertArrayEquals(new double[] {1, -2}, h.attribute("b").orElseThrow().numbers());
            assertEquals(6.25, h.attribute("d").orElseThrow().number(0));
            assertArrayEquals(new double[] {1000, 500}, NetcdfLevels.read(h, null).hPa());
            NetcdfVariable t = h.variable("t");
            double[] stored = NetcdfFile.readValues(h, t);
            assertEquals(24, stored.length);
            NetcdfPacking packing = NetcdfPacking.of(t);
            assertEquals(200 + 0.5f * 13, packing.physical(stored[13]));
            assertTrue(packing.isMissing(stored[23]));
            assertArrayEquals(new double[] {1, 0}, NetcdfFile.readValues(h, h.variable("flag")));
            assertArrayEquals(new double[] {7, 8}, NetcdfFile.readValues(h, h.variable("count")));
            assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, NetcdfFile.readValues(h, h.variable("mean")));
            try (var c = java.nio.channels.FileChannel.open(nc)) {
                java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(2);
                c.read(b, h.offset(t, 1, 0, 1, 2));
                assertEquals(17, b.flip().getShort(), kind + ": t[1,0,1,2] at its offset");
            }
        }
    }
}

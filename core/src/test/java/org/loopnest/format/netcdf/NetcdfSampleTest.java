package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real files: the NetCDF samples that Debian's {@code r-cran-ncmeta} and {@code r-cran-stars} ship
 * ({@code extdata/*.nc}, {@code nc/*.nc}; classic and NetCDF-4; {@code .ci/run} unpacks them). Each classic one is opened and compared with {@code ncdump -h} (dimensions and variables) and, for small
 * 1-D variables, {@code ncdump -v} values; each NetCDF-4 one is refused naming HDF5. Another directory is named with
 * {@code -Dloopnest.netcdf.samples=DIR}; without one (or without {@code ncdump}) the test is skipped, saying why.
 */
class NetcdfSampleTest {
    private static final List<Path> SAMPLES = System.getProperty("loopnest.netcdf.samples") != null
            ? List.of(Path.of(System.getProperty("loopnest.netcdf.samples")))
            : List.of(Path.of("/usr/lib/R/site-library/ncmeta/extdata"), Path.of("/usr/lib/R/site-library/stars/nc"));

    @TempDir
    Path dir;

    private static List<Path> samples() throws IOException {
        List<Path> present = SAMPLES.stream().filter(Files::isDirectory).toList();
        assumeTrue(!present.isEmpty(), () -> SAMPLES + " are absent: install (or unpack, as .ci/run does) Debian's "
                + "r-cran-ncmeta and r-cran-stars, or name a directory of .nc files with -Dloopnest.netcdf.samples=DIR");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ncdump")), "ncdump is absent: install Debian's netcdf-bin");
        List<Path> all = new java.util.ArrayList<>();
        for (Path dir : present) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(f -> f.toString().endsWith(".nc")).sorted().forEach(all::add);
            }
        }
        return all;
    }

    private static byte[] magic(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(4);
        }
    }

    private String ncdump(String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "ncdump", ".txt");
        List<String> command = Stream.concat(Stream.of("ncdump"), Stream.of(args)).toList();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), () -> command + " ran over 60 s");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), () -> command + " failed");
        return Files.readString(out);
    }

    @Test
    void shouldReadEveryClassicSampleAsNcdumpDoesAndRefuseTheNetcdf4Ones() throws Exception {
        int classic = 0;
        for (Path file : samples()) {
            byte[] m = magic(file);
            if (m[0] != 'C') {
                String message = assertThrows(NetcdfFormatException.class, () -> NetcdfFile.open(file)).getMessage();
                assertTrue(message.contains("an HDF5/NetCDF-4 file"), message);
                continue;
            }
            classic++;
            NetcdfHeader h = NetcdfFile.open(file);
            String header = ncdump("-h", file.toString());
            for (NetcdfDimension d : h.dimensions()) {
                String line = d.record() ? d.name() + " = UNLIMITED ; // (" + d.length() + " currently)"
                        : d.name() + " = " + d.length() + " ;";
                assertTrue(header.contains(line), () -> file + ": ncdump -h lacks '" + line + "'");
            }
            for (NetcdfVariable v : h.variables()) {
                String type = v.type() == NetcdfType.INT ? "int" : v.type().name().toLowerCase(Locale.ROOT);
                String line = type + " " + v.name() + (v.dimensions().isEmpty() ? "" : "("
                        + String.join(", ", v.dimensionNames()) + ")") + " ;";
                assertTrue(header.contains(line), () -> file + ": ncdump -h lacks '" + line + "'");
                long n = v.dimensions().size() == 1 ? v.shape()[0] : 0;
                if (v.type() != NetcdfType.CHAR && n > 0 && n <= 50) {
                    compareValues(file, h, v);
                }
            }
        }
        assertFalse(classic == 0, () -> SAMPLES + " holds no classic NetCDF file");
    }

    private void compareValues(Path file, NetcdfHeader h, NetcdfVariable v) throws Exception {
        String dump = ncdump("-p", "9,17", "-v", v.name(), file.toString());
        String data = dump.substring(dump.indexOf("data:"));
        String list = data.substring(data.indexOf(v.name() + " =") + v.name().length() + 2, data.lastIndexOf(';'));
        String[] items = list.trim().split("\\s*,\\s*");
        double[] values = NetcdfFile.readValues(h, v);
        assertEquals(items.length, values.length, () -> file + ": " + v.name());
        for (int i = 0; i < items.length; i++) {
            if (!items[i].equals("_")) {
                double expected = Double.parseDouble(items[i].replaceAll("[bsfL]$", ""));
                assertEquals(expected, values[i], Math.abs(expected) * 1e-6, file + ": " + v.name() + "[" + i + "]");
            }
        }
    }
}

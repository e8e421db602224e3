package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real files: the NetCDF-4 samples that Debian's {@code r-cran-ncmeta} ({@code extdata/*.nc}) and {@code r-cran-stars}
 * ({@code nc/*.nc}) ship, or the directories named by {@code -Dloopnest.netcdf.samples=DIR[:DIR…]}. Each HDF5 one is
 * compared with {@code ncdump}: its root variables (names, types, dimensions; in any order) with {@code ncdump -h},
 * and every small number variable's stored values with {@code ncdump -v}. Skipped, saying why, without the samples or
 * the tools.
 */
class Netcdf4SampleTest {
    private static final String SAMPLES = System.getProperty("loopnest.netcdf.samples",
            "/usr/lib/R/site-library/ncmeta/extdata" + File.pathSeparator + "/usr/lib/R/site-library/stars/nc");
    /** A declaration in ncdump -h's root "variables:" section: type, name, dimensions. */
    private static final Pattern DECLARATION = Pattern.compile("^\\t(\\w+) (\\S+?)(?:\\((.*)\\))? ;$");
    /** netCDF's default fill values, which ncdump shows as _ like a _FillValue. */
    private static final Map<Netcdf4Type, Double> DEFAULT_FILL = Map.of(Netcdf4Type.BYTE, -127.0, Netcdf4Type.UBYTE,
            255.0, Netcdf4Type.SHORT, -32767.0, Netcdf4Type.USHORT, 65535.0, Netcdf4Type.INT, -2147483647.0,
            Netcdf4Type.UINT, 4294967295.0, Netcdf4Type.FLOAT, (double) 9.96921e36f, Netcdf4Type.DOUBLE,
            9.969209968386869e36);

    @TempDir
    Path dir;

    private static List<Path> samples() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String d : SAMPLES.split(File.pathSeparator)) {
            if (Files.isDirectory(Path.of(d))) {
                try (Stream<Path> files = Files.list(Path.of(d))) {
                    files.filter(f -> f.toString().endsWith(".nc")).sorted().forEach(all::add);
                }
            }
        }
        List<Path> hdf5 = new ArrayList<>();
        for (Path f : all) {
            if (Netcdf4File.isHdf5(f)) {
                hdf5.add(f);
            }
        }
        return hdf5;
    }

    @Test
    void shouldReadEveryNetcdf4SampleAsNcdumpDoes() throws Exception {
        Ncgen.assumeTool("ncdump");
        List<Path> samples = samples();
        assumeFalse(samples.isEmpty(), () -> "no NetCDF-4 sample in " + SAMPLES + ": install Debian's r-cran-ncmeta "
                + "or r-cran-stars, or name a directory with -Dloopnest.netcdf.samples=DIR");
        int compared = 0;
        for (Path sample : samples) {
            String header = Ncgen.run(dir, "ncdump", "-h", sample.toString());
            try (Netcdf4File nc = Netcdf4File.open(sample)) {
                // as sets: the order is the objects' in the file (jHDF does not read HDF5's creation order)
                assertEquals(declarations(header).stream().sorted().toList(), nc.variables().stream()
                        .map(Netcdf4SampleTest::declaration).sorted().toList(), sample.toString());
                for (Netcdf4Variable v : nc.variables()) {
                    if (v.type().isNumber() && v.elements() <= 5000) {
                        compareValues(sample, v, nc.readValues(v));
                        compared++;
                    }
                }
            }
        }
        assertTrue(compared > 0, "no small number variable in " + samples);
    }

    private void compareValues(Path sample, Netcdf4Variable v, double[] ours) throws Exception {
        String dump = Ncgen.run(dir, "ncdump", "-v", v.name(), "-p", "9,17", sample.toString());
        String data = dump.substring(dump.indexOf("\ndata:"));
        Matcher m = Pattern.compile("\\n " + Pattern.quote(v.name()) + " =([^;]*);").matcher(data);
        assertTrue(m.find(), () -> "ncdump -v " + v.name() + " lacks its values: " + data);
        String[] theirs = m.group(1).trim().split("\\s*,\\s*");
        assertEquals(ours.length, theirs.length, sample + " " + v.name());
        double fill = v.attribute("_FillValue").map(a -> a.number(0))
                .orElse(DEFAULT_FILL.getOrDefault(v.type(), Double.NaN));
        for (int i = 0; i < ours.length; i++) {
            String t = theirs[i].trim();
            String at = sample.getFileName() + " " + v.name() + "[" + i + "]";
            double our = ours[i];
            if (t.equals("_")) {
                assertTrue(our == fill || (float) our == (float) fill, () -> at + " = " + our
                        + " (expected: the fill value " + fill + ")");
            } else if (t.equals("NaN") || t.equals("NaNf")) {
                assertTrue(Double.isNaN(our), at);
            } else {
                double expected = Double.parseDouble(t.replaceAll("[a-zA-Z]+$", ""));
                assertEquals(expected, our, Math.abs(expected) * 1e-6, at);
            }
        }
    }

    private static List<String> declarations(String header) {
        List<String> all = new ArrayList<>();
        boolean inVariables = false;
        for (String line : header.split("\n")) {
            inVariables = line.equals("variables:") || inVariables && line.startsWith("\t");
            Matcher m = DECLARATION.matcher(line);
            if (inVariables && m.matches()) {
                all.add(m.group(1) + " " + m.group(2) + "(" + (m.group(3) == null ? "" : m.group(3)) + ")");
            }
        }
        return all;
    }

    private static String declaration(Netcdf4Variable v) {
        String type = v.type() == Netcdf4Type.OTHER ? "?" : v.type().name().toLowerCase(Locale.ROOT);
        return type + " " + v.name() + "(" + String.join(", ", v.dimensionNames()) + ")";
    }
}

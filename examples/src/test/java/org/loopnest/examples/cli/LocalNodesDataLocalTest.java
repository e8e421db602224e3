package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * {@code --nodes local:N} over files: the nodes it starts are given the directories of the run's inputs and outputs
 * ({@code node --data-dir}), so that a file-to-file {@code run} and {@code weather --input} are data-local (the report
 * says each node did its own I/O) and write, byte for byte, what {@code --device cpu} writes; a weather run over
 * arrays in memory gives them none, and they are sent their chunks. Scalar kernel path: the nodes are JVMs of their
 * own, whose vector path may differ from this one's in the last bits (docs/KERNELS.md §13).
 */
@Tag("cluster")
class LocalNodesDataLocalTest {
    /** {@code node:127.0.0.1:PORT did its own I/O on the shared files (N chunks ...}. */
    private static final Pattern OWN_IO = Pattern.compile("(node:127\\.0\\.0\\.1:[0-9]+) did its own I/O on the "
            + "shared files \\(([0-9]+) chunks");

    @TempDir
    Path dir;

    /** The nodes the report says did their own I/O, each once per nest run, with the chunks each ran so. */
    private static List<String> ownIo(String report) {
        Matcher m = OWN_IO.matcher(report);
        List<String> nodes = new java.util.ArrayList<>();
        while (m.find()) {
            nodes.add(m.group(1) + " " + m.group(2));
        }
        return nodes;
    }

    private static void assertBothNodesDidTheirOwnIo(Cli run, int nests) {
        List<String> nodes = ownIo(run.out());
        assertEquals(2 * nests, nodes.size(), run.out());
        assertEquals(2, nodes.stream().map(n -> n.split(" ")[0]).distinct().count(), run.out());
        int chunks = nodes.stream().mapToInt(n -> Integer.parseInt(n.split(" ")[1])).sum();
        assertTrue(chunks > 0, "no chunk run where the files are: " + run.out());
        assertFalse(run.out().contains("was sent its chunks"), run.out());
    }

    private Path floats(String name, int count) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(count * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            bytes.putFloat(i * 0.25f + (i % 13));
        }
        return Files.write(dir.resolve(name), bytes.array());
    }

    @Test
    void shouldRunAFileToFileRunOnTwoLocalNodesThatDoTheirOwnIoAndWriteWhatTheCpuWrites() throws IOException {
        Path in = Files.createDirectory(dir.resolve("in"));
        Path a = floats("in/a.f32", 16 * 32 * 64);
        Path out = Files.createDirectory(dir.resolve("out")); // apart from the input: both directories are given
        String[] body = {"run", "--shape", "16,32,64", "--body", "b = sqrt(a) * 2.0f + (float) x;", "--in",
            "a=" + a, "--kernel-path", "scalar"};
        Cli nodes = Cli.run(concat(body, "--out", "b=" + out.resolve("b.f32"), "--nodes", "local:2"));
        assertEquals(0, nodes.code(), nodes.err());
        assertBothNodesDidTheirOwnIo(nodes, 1);
        Cli cpu = Cli.run(concat(body, "--out", "b=" + dir.resolve("cpu.f32"), "--device", "cpu"));
        assertEquals(0, cpu.code(), cpu.err());
        assertArrayEquals(Files.readAllBytes(dir.resolve("cpu.f32")), Files.readAllBytes(out.resolve("b.f32")));
        assertEquals(List.of("b.f32"), WeatherFilesCommandTest.names(out), "no temporary left beside the output");
        assertTrue(Files.exists(in), "the input's directory");
    }

    @Test
    void shouldRunWeatherOverANetcdfFileOnTwoLocalNodesThatDoTheirOwnIoAndWriteWhatTheCpuWrites()
            throws IOException {
        Path in = netcdf(Files.createDirectory(dir.resolve("in")).resolve("in.nc"));
        String[] weather = {"weather", "--input", in.toString(), "--kernel-path", "scalar"};
        Path out = dir.resolve("nodes"); // made by the run, after the nodes started
        Cli nodes = Cli.run(concat(weather, "--out", out.toString(), "--nodes", "local:2"));
        assertEquals(0, nodes.code(), nodes.err());
        assertBothNodesDidTheirOwnIo(nodes, 2); // the points, then the columns
        Cli cpu = Cli.run(concat(weather, "--out", dir.resolve("cpu").toString(), "--device", "cpu"));
        assertEquals(0, cpu.code(), cpu.err());
        List<String> names = WeatherFilesCommandTest.names(dir.resolve("cpu"));
        assertEquals(names, WeatherFilesCommandTest.names(out), "the same files, no temporary left");
        for (String name : names) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("cpu").resolve(name)),
                    Files.readAllBytes(out.resolve(name)), name);
        }
    }

    @Test
    void shouldSendTheirChunksToLocalNodesOfAWeatherRunOverArraysInMemory() {
        Cli nodes = Cli.run("weather", "--shape", "2,7,8,12", "--nodes", "local:2");
        assertEquals(0, nodes.code(), nodes.err());
        assertEquals(List.of(), ownIo(nodes.out()), nodes.out());
        assertTrue(nodes.out().contains("was sent its chunks (no I/O of its own: the run's arrays are in the "
                + "coordinator's memory)"), nodes.out());
    }

    /** A classic NetCDF file of T and q on 3 pressure levels (in Pa), 2 times and a 16 x 24 grid. */
    static Path netcdf(Path file) throws IOException {
        int nt = 2;
        int nz = 3;
        int ny = 16;
        int nx = 24;
        int grid = ny * nx;
        float[] t = new float[nt * nz * grid];
        float[] q = new float[t.length];
        for (int k = 0; k < t.length; k++) {
            int z = k / grid % nz;
            t[k] = 300 - 25 * z + (k % grid) * 0.05f;
            q[k] = (0.015f - 0.004f * z) * (1 + (k % 7) * 0.05f);
        }
        float[] lat = new float[ny];
        float[] lon = new float[nx];
        for (int y = 0; y < ny; y++) {
            lat[y] = -45 + 6 * y;
        }
        for (int x = 0; x < nx; x++) {
            lon[x] = 15 * x;
        }
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("time", nt).dimension("level", nz).dimension("lat", ny).dimension("lon", nx);
            w.variable("time", List.of("time"), NetcdfAttribute.text("units", "hours since 2000-01-01 00:00:00"));
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "Pa"));
            w.variable("lat", List.of("lat"), NetcdfAttribute.text("units", "degrees_north"));
            w.variable("lon", List.of("lon"), NetcdfAttribute.text("units", "degrees_east"));
            for (String v : new String[] {"t", "q"}) {
                w.variable(v, List.of("time", "level", "lat", "lon"));
            }
            w.writeHeader();
            w.write("time", 0, new float[] {0, 6});
            w.write("level", 0, new float[] {100000, 85000, 50000});
            w.write("lat", 0, lat);
            w.write("lon", 0, lon);
            w.write("t", 0, t);
            w.write("q", 0, q);
            w.commit();
        }
        return file;
    }

    private static String[] concat(String[] first, String... more) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(first), java.util.Arrays.stream(more))
                .toArray(String[]::new);
    }
}

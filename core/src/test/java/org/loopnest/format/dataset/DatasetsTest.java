package org.loopnest.format.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfDataset;
import org.loopnest.format.netcdf.NetcdfFormat;
import org.loopnest.format.netcdf.NetcdfLevels;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * The dataset layer's entry point in core alone: a classic file is recognised and described whatever it holds
 * (variables, record flag, packing, coordinates with packing applied, levels, globals), opened as the classic reader
 * opens it; what no format on core's class path reads is refused naming the file and what is expected (a NetCDF-4
 * file naming the module that reads it).
 */
class DatasetsTest {
    @TempDir
    Path dir;

    @Test
    void shouldDescribeAClassicFileWhateverItHolds() throws IOException {
        Path file = classic("a.nc", 0);
        DatasetFormat format = Datasets.formatOf(file);
        assertTrue(format instanceof NetcdfFormat, format.name());
        try (DatasetCatalog c = Datasets.catalog(file)) {
            assertEquals("NetCDF", c.format());
            assertEquals(file, c.file());
            assertEquals(List.of("time", "level", "lat", "t", "label"), c.variables().stream()
                    .map(DatasetVariable::name).toList());
            DatasetVariable t = c.findVariable("t").orElseThrow();
            assertEquals(List.of("time", "level", "lat"), t.dimensionNames());
            assertArrayEquals(new long[] {2, 3, 2}, t.shape());
            assertTrue(t.record() && t.numeric() && !t.isCoordinate());
            assertEquals(0.5, t.packing().scale());
            assertEquals(200.0, t.packing().offset());
            assertFalse(c.findVariable("label").orElseThrow().numeric(), "char is not numeric");
            assertTrue(c.findVariable("lat").orElseThrow().isCoordinate());
            assertArrayEquals(new double[] {-10, 10}, c.coordinate("lat").orElseThrow(), "packing applied");
            assertTrue(c.coordinate("t").isEmpty(), "no coordinate along another dimension");
            assertTrue(c.coordinate("nothing").isEmpty());
            NetcdfLevels levels = c.levels(null);
            assertEquals("level", levels.variable());
            assertArrayEquals(new double[] {1000, 850, 500}, levels.hPa(), "Pa to hPa");
            assertEquals("the data", c.globalAttribute("title").orElseThrow().text());
        }
    }

    @Test
    void shouldOpenAVariableOfSeveralFilesAsTheClassicReaderDoes() throws IOException {
        List<Path> files = List.of(classic("b.nc", 2), classic("a.nc", 0));
        Dataset viaLayer = Datasets.open(files, "t");
        NetcdfDataset direct = NetcdfDataset.open(files, "t");
        assertEquals(direct.files(), viaLayer.files());
        assertArrayEquals(new long[] {4, 3, 2}, viaLayer.shape());
        assertArrayEquals(direct.time().orElseThrow(), viaLayer.time().orElseThrow());
        assertEquals(direct.storage(), viaLayer.storage());
    }

    @Test
    void shouldRefuseWhatNoFormatReadsNamingTheFile() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.txt"), "plain text, no data\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Datasets.formatOf(text));
        assertTrue(e.getMessage().startsWith(text + ": not a file of any format read here (expected: NetCDF"),
                e.getMessage());
        Path hdf5 = Files.write(dir.resolve("era5.nc"), new byte[] {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a,
                '\n', 0, 0, 0, 0});
        e = assertThrows(IllegalArgumentException.class, () -> Datasets.open(List.of(hdf5), "t"));
        assertTrue(e.getMessage().startsWith(hdf5 + ": a NetCDF-4 (HDF5) file, and no reader of it on the class path "
                + "(expected: loopnest-netcdf4 beside loopnest-core"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Datasets.catalog(dir));
        assertEquals(dir + ": a directory (expected: a data file)", e.getMessage());
        Path missing = dir.resolve("missing.nc");
        e = assertThrows(IllegalArgumentException.class, () -> Datasets.catalog(missing));
        assertEquals(missing + ": no such file (expected: a data file)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Datasets.open(List.of(), "t"));
        assertEquals("no files (expected: one or more)", e.getMessage());
    }

    /** A classic file: t(time, level, lat) packed shorts, time from {@code firstTime}, levels in Pa, lat packed. */
    private Path classic(String name, int firstTime) throws IOException {
        Path file = dir.resolve(name);
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.recordDimension("time", 2).dimension("level", 3).dimension("lat", 2).dimension("len", 4)
                    .attribute(NetcdfAttribute.text("title", "the data"))
                    .variable("time", NetcdfType.DOUBLE, List.of("time"),
                            NetcdfAttribute.text("units", "hours since 2000-01-01"))
                    .variable("level", NetcdfType.FLOAT, List.of("level"), NetcdfAttribute.text("units", "Pa"))
                    .variable("lat", NetcdfType.SHORT, List.of("lat"), NetcdfAttribute.floats("scale_factor", 10f))
                    .variable("t", NetcdfType.SHORT, List.of("time", "level", "lat"),
                            NetcdfAttribute.doubles("scale_factor", 0.5), NetcdfAttribute.doubles("add_offset", 200))
                    .variable("label", NetcdfType.CHAR, List.of("len"));
            w.writeHeader();
            w.write("time", 0, java.nio.ByteBuffer.allocate(16).putDouble(firstTime).putDouble(firstTime + 1).flip());
            w.write("level", 0, new float[] {100000, 85000, 50000});
            w.write("lat", 0, java.nio.ByteBuffer.allocate(4).putShort((short) -1).putShort((short) 1).flip());
            w.write("t", 0, java.nio.ByteBuffer.allocate(24).putShort(0, (short) 7).position(24).flip());
            w.write("label", 0, java.nio.ByteBuffer.wrap("abcd".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
            w.commit();
        }
        return file;
    }
}

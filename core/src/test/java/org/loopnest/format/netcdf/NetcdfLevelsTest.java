package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetcdfLevelsTest {
    @TempDir
    Path dir;

    private NetcdfHeader file(String name, String units, float... values) throws IOException {
        Path file = dir.resolve(name + ".nc");
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("z", values.length).dimension("y", 1);
            w.variable(name, List.of("z"), NetcdfAttribute.text("units", units));
            w.variable("flat", List.of("z", "y"));
            w.writeHeader();
            w.write(name, 0, values);
            w.commit();
        }
        return NetcdfFile.open(file);
    }

    @Test
    void shouldFindTheVerticalCoordinateByItsUsualNamesInHectopascals() throws IOException {
        NetcdfLevels plev = NetcdfLevels.read(file("plev", "Pa", 100000, 85000, 50000), null);
        assertEquals("plev", plev.variable());
        assertArrayEquals(new double[] {1000, 850, 500}, plev.hPa(), 1e-9);
        assertEquals("Pa", plev.units());
        assertArrayEquals(new double[] {1000, 300}, NetcdfLevels.read(file("isobaricInhPa", "hPa", 1000, 300),
                null).hPa());
        assertArrayEquals(new double[] {925}, NetcdfLevels.read(file("level", "millibars", 925), null).hPa());
    }

    @Test
    void shouldReadACoordinateNamedByTheUser() throws IOException {
        assertArrayEquals(new double[] {700}, NetcdfLevels.read(file("lev", "hPa", 700), "lev").hPa());
    }

    @Test
    void shouldRefuseAMissingCoordinateOrOtherUnits() throws IOException {
        assertEquals("lev.nc: no vertical coordinate variable (expected one of: level, pressure_level, "
                + "isobaricInhPa, plev, or a name given)", assertThrows(NetcdfFormatException.class,
                        () -> NetcdfLevels.read(file("lev", "hPa", 700), null)).getMessage());
        assertEquals("level.nc: vertical coordinate 'level' has units 'm' (expected: Pa or hPa)",
                assertThrows(NetcdfFormatException.class, () -> NetcdfLevels.read(file("level", "m", 10), null))
                        .getMessage());
        assertEquals("plev.nc: vertical coordinate 'flat' has dimensions [z, y] (expected: one)",
                assertThrows(NetcdfFormatException.class, () -> NetcdfLevels.read(file("plev", "Pa", 1), "flat"))
                        .getMessage());
    }

    @Test
    void shouldMakeLevelsFromValuesReadElsewhere() {
        NetcdfPacking packing = NetcdfPacking.of("p", List.of(NetcdfAttribute.text("units", "Pa"),
                NetcdfAttribute.doubles("scale_factor", 10)));
        double[] stored = {10000, 5000};
        NetcdfLevels p = NetcdfLevels.of(dir.resolve("x.nc"), "p", packing, stored);
        assertArrayEquals(new double[] {1000, 500}, p.hPa(), 1e-9);
        assertArrayEquals(new double[] {10000, 5000}, stored);
        assertEquals("x.nc: vertical coordinate 'p' has units '' (expected: Pa or hPa)", assertThrows(
                NetcdfFormatException.class, () -> NetcdfLevels.of(dir.resolve("x.nc"), "p",
                        NetcdfPacking.of("p", List.of()), stored)).getMessage());
    }

    @Test
    void shouldNameTheFileWhenAPackingAttributeHasTheWrongKind() throws IOException {
        Path file = dir.resolve("kind.nc");
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("level", 1).variable("level", List.of("level"), NetcdfAttribute.bytes("units", (byte) 1));
            w.writeHeader();
            w.commit();
        }
        NetcdfHeader h = NetcdfFile.open(file);
        assertEquals("kind.nc: variable 'level' attribute 'units' is BYTE (expected: text)",
                assertThrows(NetcdfFormatException.class, () -> NetcdfLevels.read(h, null)).getMessage());
    }
}

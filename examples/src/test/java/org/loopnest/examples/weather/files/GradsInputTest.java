package org.loopnest.examples.weather.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.weather.WeatherFormulas;

class GradsInputTest {
    @TempDir
    Path dir;

    @Test
    void shouldLayOutTAndQOnTheDataFileSkippingRecordMarkersAndKeepUndefAsAMarker() throws IOException {
        Path ctl = SmallGrads.write(dir);
        try (WeatherInput in = GradsInput.open(ctl, "t", "q")) {
            assertArrayEquals(new long[] {2, 2, 3, 4}, in.extents());
            assertArrayEquals(new float[] {1000, 700}, in.levels());
            FileGrid t = in.temperature();
            assertEquals(ByteOrder.BIG_ENDIAN, t.order());
            assertEquals(dir.resolve("small.dat").toAbsolutePath(), t.path());
            assertEquals(56 + 4, t.firstByte(), "after PS's record (48 bytes + 2 markers) and T's first marker");
            assertEquals(56, t.zStrideBytes());
            assertEquals(6 * 56, t.tStrideBytes());
            assertArrayEquals(new float[] {SmallGrads.UNDEF}, in.markers().temperature());
            assertEquals(List.of("levels: T on 3, Q on 2 of ZDEF's 3: running the 2 both define (1000.0 to 700.0 "
                    + "hPa)", "yrev: rows run north to south as stored; the outputs keep the order",
                    "UNDEF -999.0: missing, tested by the body"), in.notes());
            float[] grid = new float[12];
            try (FileChannel channel = FileChannel.open(t.path())) {
                in.humidity().read(channel, 1, 1, grid);
            }
            assertEquals(SmallGrads.value(false, 1, 1, 7), grid[7]);
            assertArrayEquals(new double[] {45, 0, -45}, in.grid().lat(), "stored rows, north to south");
        }
    }

    @Test
    void shouldRefuseASurfaceVariableAndNameTheOption() throws IOException {
        Path ctl = SmallGrads.write(dir);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GradsInput.open(ctl, "T", "PS"));
        assertEquals("--var-q PS: a surface variable, 0 levels (expected: a variable on pressure levels)",
                e.getMessage());
        assertEquals(false, WeatherFormulas.isMissing(SmallGrads.UNDEF), "the fixture's UNDEF needs the marker");
    }
}

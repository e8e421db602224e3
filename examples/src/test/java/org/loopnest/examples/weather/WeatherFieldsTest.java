package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WeatherFieldsTest {
    @TempDir
    Path dir;

    @Test
    void shouldMakeTheSameSyntheticFieldsForTheSameSeed() {
        WeatherFields a = WeatherFields.synthetic(2, 7, 10, 12, 42);
        WeatherFields b = WeatherFields.synthetic(2, 7, 10, 12, 42);
        WeatherFields c = WeatherFields.synthetic(2, 7, 10, 12, 43);
        assertArrayEquals(a.temperature(), b.temperature());
        assertArrayEquals(a.humidity(), b.humidity());
        assertFalse(java.util.Arrays.equals(a.temperature(), c.temperature()));
    }

    @Test
    void shouldMakeRealisticSyntheticFieldsThatCoolAndDryWithHeight() {
        WeatherFields f = WeatherFields.synthetic(4, 7, 46, 72, 1);
        GridShape s = f.shape();
        double[] meanT = new double[s.z()];
        double[] meanQ = new double[s.z()];
        int missing = 0;
        int perLevel = s.y() * s.x();
        for (int k = 0; k < s.points(); k++) {
            float t = f.temperature()[k];
            float q = f.humidity()[k];
            if (WeatherFormulas.isMissing(t) || WeatherFormulas.isMissing(q)) {
                missing++;
                continue;
            }
            assertTrue(t >= 200 && t <= 310, "T = " + t);
            assertTrue(q >= 0 && q <= 0.02f, "q = " + q);
            int z = (k / perLevel) % s.z();
            meanT[z] += t;
            meanQ[z] += q;
        }
        assertTrue(missing > 0, "a few missing points");
        for (int z = 1; z < s.z(); z++) {
            assertTrue(meanT[z] < meanT[z - 1], "T falls with height at level " + z);
            assertTrue(meanQ[z] < meanQ[z - 1], "q falls with height at level " + z);
        }
    }

    @Test
    void shouldUseTheSevenStandardLevelsOrLogSpacedOnes() {
        assertArrayEquals(new float[] {1000, 850, 700, 500, 300, 200, 100}, WeatherFields.defaultLevels(7));
        float[] three = WeatherFields.defaultLevels(3);
        assertEquals(1000f, three[0]);
        assertEquals(316.2278f, three[1], 1e-3);
        assertEquals(100f, three[2], 1e-4);
        assertArrayEquals(new float[] {1000}, WeatherFields.defaultLevels(1));
    }

    @Test
    void shouldRejectAWrongNumberOfLevels() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WeatherFields.synthetic(new GridShape(1, 7, 2, 2), new float[] {1000, 500}, 1));
        assertEquals("levels: 2 given (expected: 7, one pressure in hPa per z level)", e.getMessage());
    }

    @Test
    void shouldRejectANonPositiveLevel() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WeatherFields.checkLevels(new float[] {1000, -5}, 2));
        assertEquals("levels[1] = -5.0 hPa (expected: a finite pressure > 0)", e.getMessage());
    }

    @Test
    void shouldRejectAShapeWithAZeroExtent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GridShape(1, 0, 2, 2));
        assertEquals("shape z = 0 (expected: >= 1)", e.getMessage());
    }

    @Test
    void shouldReadRawLittleEndianFiles() throws IOException {
        WeatherFields made = WeatherFields.synthetic(2, 3, 4, 5, 9);
        Path t = dir.resolve("t.f32");
        Path q = dir.resolve("q.f32");
        RawFloats.write(t, made.temperature());
        RawFloats.write(q, made.humidity());
        assertEquals(2 * 3 * 4 * 5 * 4, Files.size(t));
        byte[] bytes = Files.readAllBytes(t);
        int bits = (bytes[0] & 0xff) | (bytes[1] & 0xff) << 8 | (bytes[2] & 0xff) << 16 | (bytes[3] & 0xff) << 24;
        assertEquals(made.temperature()[0], Float.intBitsToFloat(bits), "little-endian");
        WeatherFields read = WeatherFields.fromFiles(t, q, made.shape(), made.levels());
        assertArrayEquals(made.temperature(), read.temperature());
        assertArrayEquals(made.humidity(), read.humidity());
    }

    @Test
    void shouldNameTheExpectedBytesWhenAFileHasTheWrongSize() throws IOException {
        Path t = dir.resolve("t.f32");
        Path q = dir.resolve("q.f32");
        Files.write(t, new byte[100]);
        Files.write(q, new byte[120]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WeatherFields.fromFiles(t, q, new GridShape(1, 1, 5, 6), new float[] {1000}));
        assertEquals("T file " + t + ": 100 bytes (expected: 120 bytes = 30 float32 values)", e.getMessage());
    }
}

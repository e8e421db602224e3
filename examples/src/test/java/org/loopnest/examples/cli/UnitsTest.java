package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void shouldParseSizesWithBinaryLettersAndBothKindsOfSuffix() {
        assertEquals(1024, Units.parseSize("1024"));
        assertEquals(512L << 20, Units.parseSize("512m"));
        assertEquals(512L << 20, Units.parseSize("512M"));
        assertEquals(64L << 20, Units.parseSize("64MiB"));
        assertEquals(1L << 30, Units.parseSize("1g"));
        assertEquals(16L << 10, Units.parseSize("16k"));
        assertEquals(500_000_000L, Units.parseSize("500MB"));
        assertEquals(1536L << 20, Units.parseSize("1.5g"));
        assertEquals(100, Units.parseSize("100B"));
    }

    @Test
    void shouldParseRatesWithOrWithoutPerSecond() {
        assertEquals(2_000_000_000L, Units.parseRate("2GB/s"));
        assertEquals(500_000_000L, Units.parseRate("500MB/s"));
        assertEquals(12L << 30, Units.parseRate("12GiB/s"));
        assertEquals(1_000_000L, Units.parseRate("1MB"));
        assertEquals(0, Units.parseRate("0"));
    }

    @Test
    void shouldSayWhatASizeLooksLike() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseSize("12 apples"));
        assertEquals("'12 apples' is not a size (expected: a number with an optional unit, e.g. 16777216, 512k, "
                + "512m, 1g, 64MiB, 500MB)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Units.parseSize("-5m"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseSize("99999999999t"));
    }

    @Test
    void shouldSayWhatARateLooksLike() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseRate("fast"));
        assertEquals("'fast' is not a rate (expected: a size per second, e.g. 2GB/s, 500MB/s, 12GiB/s)",
                e.getMessage());
    }
}

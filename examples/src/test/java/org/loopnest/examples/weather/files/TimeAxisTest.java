package org.loopnest.examples.weather.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.loopnest.format.grads.GradsTime;

class TimeAxisTest {
    @Test
    void shouldTurnAGradsTdefIntoCfValuesAndBack() {
        TimeAxis days = TimeAxis.fromGrads(new GradsTime(5, "02JAN1987", "1DY"));
        assertEquals("days since 1987-01-02 00:00:00", days.units());
        assertArrayEquals(new double[] {0, 1, 2, 3, 4}, days.values());
        assertEquals("00:00Z02JAN1987", days.gradsStart());
        assertEquals("1dy", days.gradsIncrement());
        TimeAxis hours = TimeAxis.fromGrads(new GradsTime(3, "18:30Z28feb2000", "6hr"));
        assertEquals("hours since 2000-02-28 18:30:00", hours.units());
        assertArrayEquals(new double[] {0, 6, 12}, hours.values());
        TimeAxis months = TimeAxis.fromGrads(new GradsTime(3, "jan2001", "1mo"));
        assertArrayEquals(new double[] {0, 31, 59}, months.values(), "January, then February of 2001");
    }

    @Test
    void shouldTurnCfTimesIntoAGradsStartAndIncrement() {
        TimeAxis era5 = new TimeAxis(new double[] {1_051_896, 1_051_897}, "hours since 1900-01-01 00:00:00.0");
        assertEquals("00:00Z01JAN2020", era5.gradsStart());
        assertEquals("1hr", era5.gradsIncrement());
        assertEquals("30mn", new TimeAxis(new double[] {0, 1800, 3600}, "seconds since 2000-01-01").gradsIncrement());
        assertEquals("2dy", new TimeAxis(new double[] {4, 6}, "days since 2000-01-01T12:00").gradsIncrement());
        assertEquals("12:00Z05JAN2000", new TimeAxis(new double[] {4, 6}, "days since 2000-01-01T12:00")
                .gradsStart());
    }

    @Test
    void shouldCountTimesFromTheFirstSoThatFloatsHoldThem() {
        TimeAxis unix = new TimeAxis(new double[] {1_700_000_000, 1_700_003_600}, "seconds since 1970-01-01");
        TimeAxis rebased = unix.fromFirst();
        assertEquals("seconds since 2023-11-14 22:13:20", rebased.units());
        assertArrayEquals(new double[] {0, 3600}, rebased.values());
        assertEquals("hours since 1987-01-02 12:00:00", TimeAxis.fromGrads(new GradsTime(2, "12z02jan1987", "6hr"))
                .fromFirst().units(), "a lower-case z is a GrADS time too");
    }

    @Test
    void shouldRefuseUnevenTimesAndUnitsItCannotRead() {
        IllegalArgumentException uneven = assertThrows(IllegalArgumentException.class,
                () -> new TimeAxis(new double[] {0, 1, 3}, "hours since 2000-01-01").gradsIncrement());
        assertEquals("times [0.0, 1.0, 3.0] hours since 2000-01-01 are not evenly spaced by whole minutes "
                + "(expected: the same step throughout, as GrADS TDEF LINEAR needs)", uneven.getMessage());
        IllegalArgumentException units = assertThrows(IllegalArgumentException.class,
                () -> new TimeAxis(new double[] {0}, "fortnights since 2000-01-01").gradsStart());
        assertEquals("time units 'fortnights since 2000-01-01' (expected: seconds, minutes, hours or days since "
                + "yyyy-mm-dd [hh:mm:ss])", units.getMessage());
        IllegalArgumentException start = assertThrows(IllegalArgumentException.class,
                () -> TimeAxis.fromGrads(new GradsTime(1, "01XYZ2000", "1dy")));
        assertEquals("TDEF start '01XYZ2000' (expected: a GrADS time such as 00:00Z02JAN1987 or 02JAN1987)",
                start.getMessage());
    }
}

package org.loopnest.perf.report;

/**
 * One measured figure: a row of the table and of {@code bench.json}. Immutable.
 *
 * @param name   a stable id, e.g. {@code cpu-weather-speed-ratio}
 * @param value  the figure (a finite number, measured, never a constant)
 * @param unit   what the figure counts, e.g. {@code ratio}
 * @param detail how it was measured: sizes, threads, the raw times behind a ratio
 */
public record BenchResult(String name, double value, String unit, String detail) {

    /** Checks every field where it enters. */
    public BenchResult {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("result name is blank (expected: a non-empty id)");
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("result '" + name + "': value = " + value + " (expected: finite)");
        }
        if (unit == null || unit.isBlank()) {
            throw new IllegalArgumentException("result '" + name + "': unit is blank (expected: e.g. ratio)");
        }
        detail = detail == null ? "" : detail;
    }
}

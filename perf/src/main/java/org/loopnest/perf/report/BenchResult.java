package org.loopnest.perf.report;

/**
 * One measured figure: a row of the table and of {@code bench.json}; or a row that this machine cannot measure
 * ({@link #skipped}), kept in the table with the reason so that a missing figure is never silent. Immutable.
 *
 * @param name   a stable id, e.g. {@code cpu-weather-speed-ratio}
 * @param value  the figure (a finite number, measured, never a constant); NaN for a skipped row
 * @param unit   what the figure counts, e.g. {@code ratio}; {@value #SKIPPED} for a skipped row
 * @param detail how it was measured: sizes, threads, the raw times behind a ratio; for a skipped row, why
 */
public record BenchResult(String name, double value, String unit, String detail) {
    /** The unit of a skipped row. */
    public static final String SKIPPED = "skipped";

    /** Checks every field where it enters. */
    public BenchResult {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("result name is blank (expected: a non-empty id)");
        }
        if (SKIPPED.equals(unit)) {
            if (!Double.isNaN(value) || detail == null || detail.isBlank()) {
                throw new IllegalArgumentException("result '" + name + "': skipped with value = " + value
                        + " and reason '" + detail + "' (expected: NaN and a reason)");
            }
        } else if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("result '" + name + "': value = " + value + " (expected: finite)");
        }
        if (unit == null || unit.isBlank()) {
            throw new IllegalArgumentException("result '" + name + "': unit is blank (expected: e.g. ratio)");
        }
        detail = detail == null ? "" : detail;
    }

    /**
     * {@return a row that was not measured on this machine, e.g. because a tool or a JDK module is absent}
     *
     * @param name   the row's id, as when it is measured
     * @param reason why it was not, and what would let it run (e.g. {@code add --add-modules jdk.incubator.vector})
     */
    public static BenchResult skipped(String name, String reason) {
        return new BenchResult(name, Double.NaN, SKIPPED, reason);
    }

    /** {@return whether the row was skipped: no value, the detail says why} */
    public boolean isSkipped() {
        return SKIPPED.equals(unit);
    }
}

package org.loopnest.perf.report;

import java.util.List;
import java.util.Locale;

/** Formats results as a plain-text table under a header naming the machine. */
public final class ResultTable {
    private ResultTable() {
    }

    /**
     * The table: machine line, column heads, one line per result (detail last, unabridged); a skipped row shows
     * {@code skipped} as its value and the reason as its detail.
     */
    public static String format(Machine machine, List<BenchResult> results) {
        int width = "name".length();
        for (BenchResult r : results) {
            width = Math.max(width, r.name().length());
        }
        String row = "%-" + width + "s  %10s  %-8s  %s%n";
        StringBuilder s = new StringBuilder();
        s.append("machine: ").append(machine.describe()).append(System.lineSeparator());
        s.append(String.format(Locale.ROOT, row, "name", "value", "unit", "detail"));
        for (BenchResult r : results) {
            String value = r.isSkipped() ? BenchResult.SKIPPED : value(r.value());
            s.append(String.format(Locale.ROOT, row, r.name(), value, r.unit(), r.detail()));
        }
        return s.toString();
    }

    /** Three decimals, or three significant digits in scientific form for values of 10^6 and more (bytes/s). */
    static String value(double v) {
        return Math.abs(v) >= 1e6 ? String.format(Locale.ROOT, "%.3e", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}

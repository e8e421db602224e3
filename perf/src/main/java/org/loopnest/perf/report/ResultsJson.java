package org.loopnest.perf.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * Writes results as {@code bench.json}:
 *
 * <pre>
 * {"machine":{"cores":2,"jvm":"…","os":"…"},
 *  "results":[{"name":"…","value":0.97,"unit":"ratio","detail":"…"}, …]}
 * </pre>
 *
 * Values keep six significant digits; a {@linkplain BenchResult#isSkipped() skipped} row has {@code "value":null},
 * {@code "unit":"skipped"} and the reason as its detail. No library: the format is two levels deep.
 */
public final class ResultsJson {
    private static final MathContext DIGITS = new MathContext(6);

    private ResultsJson() {
    }

    /** The whole document, one result per line. */
    public static String write(Machine machine, List<BenchResult> results) {
        StringBuilder out = new StringBuilder("{\"machine\":{");
        out.append("\"cores\":").append(machine.cores());
        out.append(",\"jvm\":").append(quote(machine.jvm()));
        out.append(",\"os\":").append(quote(machine.os())).append("},\n \"results\":[");
        String separator = "\n  ";
        for (BenchResult r : results) {
            out.append(separator).append(object(r));
            separator = ",\n  ";
        }
        return out.append("]}\n").toString();
    }

    /** One result as a JSON object. */
    static String object(BenchResult r) {
        String value = r.isSkipped() ? "null" : number(r.value());
        return "{\"name\":" + quote(r.name()) + ",\"value\":" + value + ",\"unit\":" + quote(r.unit())
                + ",\"detail\":" + quote(r.detail()) + "}";
    }

    /** A finite double as a JSON number with six significant digits, e.g. {@code 0.912345}. */
    static String number(double value) {
        return new BigDecimal(value).round(DIGITS).stripTrailingZeros().toPlainString();
    }

    /** A JSON string literal: quotes, backslashes and control characters escaped. */
    static String quote(String text) {
        StringBuilder s = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\t' -> s.append("\\t");
                case '\r' -> s.append("\\r");
                default -> {
                    if (c < 0x20) {
                        s.append(String.format("\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.append('"').toString();
    }
}

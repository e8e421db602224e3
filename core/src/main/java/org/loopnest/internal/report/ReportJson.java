package org.loopnest.internal.report;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.RunPrediction;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * Writes a {@link RunReport} as JSON (no library needed for one flat object), and JSON string literals.
 * Stateless to its callers: each call builds its own text, so calls may come from any thread.
 */
public final class ReportJson {
    private final StringBuilder out = new StringBuilder("{");

    private ReportJson() {
    }

    /**
     * A report as one flat JSON object, the text of {@link RunReport#toJson()}.
     *
     * @param r the report
     * @return the JSON text
     */
    public static String of(RunReport r) {
        ReportJson j = new ReportJson();
        j.field("nest", r.nest());
        j.field("splitDepth", r.splitDepth());
        j.field("group", r.group());
        j.field("outerIterations", r.outerIterations());
        j.field("innerIterations", r.innerIterations());
        j.field("splitReason", r.splitReason());
        j.key("devices").strings(r.devices());
        j.field("inputBuffers", r.inputBuffers());
        j.field("outputBuffers", r.outputBuffers());
        j.field("chunks", r.chunks());
        j.field("iterations", r.iterations());
        j.field("bytesIn", r.bytesIn());
        j.field("bytesOut", r.bytesOut());
        j.field("residentBytes", r.residentBytes());
        j.field("wallNanos", r.wall().toNanos());
        j.key("busyNanos").busy(r.busy());
        j.key("prediction");
        r.prediction().ifPresentOrElse(j::prediction, () -> j.out.append("null"));
        j.key("busyNanosPerDevice").perDevice(r.perDevice(), d -> Optional.of(d.busy()));
        j.key("measuredNanosPerDevice").perDevice(r.perDevice(), DeviceReport::measured);
        j.key("chunksPerDevice").out.append('{');
        String sep = "";
        for (DeviceReport d : r.perDevice()) {
            j.out.append(sep).append(quote(d.name())).append(':').append(d.chunks());
            sep = ",";
        }
        j.out.append('}');
        j.key("kernelPathPerDevice").out.append('{');
        sep = "";
        for (DeviceReport d : r.perDevice()) {
            if (d.kernelPath().isPresent()) {
                j.out.append(sep).append(quote(d.name())).append(':').append(quote(d.kernelPath().get()));
                sep = ",";
            }
        }
        j.out.append('}');
        j.field("slowestStage", r.slowestStage().toString());
        j.key("overlapEfficiency").out.append(String.format(Locale.ROOT, "%.6f", r.overlapEfficiency()));
        j.key("iterationsPerSecond").out.append(String.format(Locale.ROOT, "%.6g", r.iterationsPerSecond()));
        j.key("notes").strings(r.notes());
        return j.out.append('}').toString();
    }

    /** {@code {"device": {"stage": nanos, …}, …}}, for the devices that have such times. */
    private void perDevice(List<DeviceReport> devices, Function<DeviceReport, Optional<Map<Stage, Duration>>> times) {
        out.append('{');
        String sep = "";
        for (DeviceReport d : devices) {
            Optional<Map<Stage, Duration>> these = times.apply(d);
            if (these.isPresent()) {
                out.append(sep).append(quote(d.name())).append(':');
                busy(these.get());
                sep = ",";
            }
        }
        out.append('}');
    }

    /** {@code {"totalNanos": …, "setupNanos": …, …, "bottleneck": "…", "basis": "…"}}. */
    private void prediction(RunPrediction p) {
        ReportJson o = new ReportJson();
        o.field("totalNanos", p.total().toNanos());
        o.field("setupNanos", p.setup().toNanos());
        o.field("fillNanos", p.fill().toNanos());
        o.field("steadyNanos", p.steady().toNanos());
        o.field("drainNanos", p.drain().toNanos());
        o.field("bottleneck", p.bottleneck().toString());
        o.field("copyInPerChunkNanos", p.copyIn().toNanos());
        o.field("kernelPerChunkNanos", p.kernel().toNanos());
        o.field("copyOutPerChunkNanos", p.copyOut().toNanos());
        o.field("basis", p.basis());
        out.append(o.out.append('}'));
    }

    private void busy(Map<Stage, Duration> busy) {
        out.append('{');
        String sep = "";
        for (Map.Entry<Stage, Duration> e : busy.entrySet()) {
            out.append(sep).append(quote(e.getKey().toString())).append(':').append(e.getValue().toNanos());
            sep = ",";
        }
        out.append('}');
    }

    private ReportJson key(String name) {
        if (out.length() > 1) {
            out.append(',');
        }
        out.append(quote(name)).append(':');
        return this;
    }

    private void field(String name, String value) {
        key(name).out.append(quote(value));
    }

    private void field(String name, long value) {
        key(name).out.append(value);
    }

    private void strings(List<String> values) {
        out.append('[');
        for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? "" : ",").append(quote(values.get(i)));
        }
        out.append(']');
    }

    /**
     * A string as a JSON string literal.
     *
     * @param s the text
     * @return {@code s} in double quotes, with quotes, backslashes and control characters escaped
     * @throws NullPointerException if {@code s} is null
     */
    public static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}

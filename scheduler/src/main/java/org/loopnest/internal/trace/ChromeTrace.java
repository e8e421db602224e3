package org.loopnest.internal.trace;

import static org.loopnest.internal.report.ReportJson.quote;

import java.util.List;
import java.util.Locale;
import org.loopnest.report.Stage;

/**
 * Writes a {@link Timeline} in the Chrome Trace Event format (JSON object form): one process per device, one thread
 * (track) per stage named {@code "<device> / <stage>"}, and one complete event ({@code "ph":"X"}) per slice named
 * {@code "chunk N"}, with times in microseconds from the run's start. Perfetto and {@code chrome://tracing} open it.
 */
public final class ChromeTrace {
    private ChromeTrace() {
    }

    /** The whole document. */
    public static String write(Timeline timeline) {
        List<String> devices = timeline.devices();
        StringBuilder s = new StringBuilder("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[");
        String sep = "";
        for (int d = 0; d < devices.size(); d++) {
            s.append(sep).append(String.format(Locale.ROOT,
                    "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":0,\"args\":{\"name\":%s}}", d + 1,
                    quote(devices.get(d))));
            sep = ",";
            for (Stage stage : Stage.values()) {
                s.append(String.format(Locale.ROOT, ",{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
                        + "\"args\":{\"name\":%s}},{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%d,"
                        + "\"tid\":%d,\"args\":{\"sort_index\":%d}}", d + 1, stage.ordinal() + 1,
                        quote(devices.get(d) + " / " + stage), d + 1, stage.ordinal() + 1, stage.ordinal()));
            }
        }
        for (Slice slice : timeline.slices()) {
            s.append(sep).append(String.format(Locale.ROOT, "{\"name\":\"chunk %d\",\"cat\":\"%s\",\"ph\":\"X\","
                            + "\"ts\":%.3f,\"dur\":%.3f,\"pid\":%d,\"tid\":%d,\"args\":{\"chunk\":%d}}",
                    slice.chunk(), slice.stage(), (slice.startNanos() - timeline.originNanos()) / 1e3,
                    Math.max(0, slice.endNanos() - slice.startNanos()) / 1e3, devices.indexOf(slice.device()) + 1,
                    slice.stage().ordinal() + 1, slice.chunk()));
            sep = ",";
        }
        return s.append("]}").toString();
    }
}

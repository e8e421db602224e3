package org.loopnest.internal.trace;

import java.nio.file.Path;

/**
 * Where a run writes its timeline, if anywhere.
 *
 * @param json the Chrome Trace Event JSON file, or {@code null}
 * @param svg  the SVG Gantt chart, or {@code null}
 */
public record TraceFiles(Path json, Path svg) {
    /** No timeline. */
    public static TraceFiles none() {
        return new TraceFiles(null, null);
    }

    /** Whether a timeline is recorded. */
    public boolean enabled() {
        return json != null || svg != null;
    }

    /** The same with the JSON file. */
    public TraceFiles withJson(Path file) {
        return new TraceFiles(file, svg);
    }

    /** The same with the SVG file. */
    public TraceFiles withSvg(Path file) {
        return new TraceFiles(json, file);
    }
}

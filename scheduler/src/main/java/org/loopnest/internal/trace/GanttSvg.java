package org.loopnest.internal.trace;

import java.util.List;
import java.util.Locale;
import org.loopnest.report.Stage;

/**
 * Draws a {@link Timeline} as a static SVG Gantt chart: one row per stage per device, time left to right, one bar
 * per chunk, coloured by chunk number so that a chunk can be followed from stage to stage. For READMEs and reports.
 */
public final class GanttSvg {
    private static final int LABEL = 170;
    private static final int ROW = 22;
    private static final int WIDTH = 1000;
    private static final double GOLDEN = 0.61803398875;

    private GanttSvg() {
    }

    /** The whole SVG document. */
    public static String write(Timeline timeline, String title) {
        List<Slice> slices = timeline.slices();
        List<String> devices = timeline.devices();
        long end = slices.stream().mapToLong(Slice::endNanos).max().orElse(timeline.originNanos() + 1);
        double span = Math.max(1, end - timeline.originNanos());
        int rows = devices.size() * Stage.values().length;
        int height = 40 + rows * ROW + 30;
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n", LABEL + WIDTH + 20,
                height));
        s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"20\" font-size=\"14\">%s</text>%n", escape(title)));
        for (int d = 0; d < devices.size(); d++) {
            for (Stage stage : Stage.values()) {
                int y = 40 + (d * Stage.values().length + stage.ordinal()) * ROW;
                s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\">%s / %s</text>%n", y + 15,
                        escape(devices.get(d)), stage));
                s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n",
                        LABEL, y + ROW, LABEL + WIDTH, y + ROW));
            }
        }
        for (Slice slice : slices) {
            int row = devices.indexOf(slice.device()) * Stage.values().length + slice.stage().ordinal();
            double x = LABEL + (slice.startNanos() - timeline.originNanos()) / span * WIDTH;
            double w = Math.max(0.5, (slice.endNanos() - slice.startNanos()) / span * WIDTH);
            double hue = (slice.chunk() * GOLDEN % 1.0) * 360;
            s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
                            + "fill=\"hsl(%.0f,65%%,55%%)\"><title>chunk %d, %s, %.3f ms</title></rect>%n", x,
                    43 + row * ROW, w, ROW - 6, hue, slice.chunk(), slice.stage(),
                    (slice.endNanos() - slice.startNanos()) / 1e6));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">0 ms</text><text x=\"%d\" y=\"%d\" "
                + "text-anchor=\"end\">%.1f ms</text>%n", LABEL, height - 10, LABEL + WIDTH, height - 10, span / 1e6));
        return s.append("</svg>\n").toString();
    }

    /** Text safe in XML 1.0 content and attributes: markup escaped, characters XML forbids replaced by U+FFFD. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean surrogate = Character.isSurrogate(c);
            boolean paired = surrogate && Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (paired) {
                out.append(c).append(text.charAt(++i));
            } else if (surrogate || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE
                    || c == 0xFFFF) {
                out.append('\uFFFD');
            } else {
                switch (c) {
                    case '&' -> out.append("&amp;");
                    case '<' -> out.append("&lt;");
                    case '>' -> out.append("&gt;");
                    case '"' -> out.append("&quot;");
                    default -> out.append(c);
                }
            }
        }
        return out.toString();
    }
}

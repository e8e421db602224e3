package org.loopnest.format.grads;

import java.util.stream.Collectors;

/** Writes a descriptor's text, one record per line, in the order GrADS's own examples use. */
final class GradsText {
    private GradsText() {
    }

    static String of(GradsDescriptor d, String dset) {
        StringBuilder text = new StringBuilder();
        line(text, "DSET " + dset);
        if (!d.title().isEmpty()) {
            line(text, "TITLE " + d.title());
        }
        line(text, "UNDEF " + GradsAxis.number(d.undef()));
        if (!d.options().isEmpty()) {
            line(text, "OPTIONS " + d.options().stream().map(GradsOption::keyword).collect(Collectors.joining(" ")));
        }
        line(text, "XDEF " + d.x());
        line(text, "YDEF " + d.y());
        line(text, "ZDEF " + d.z());
        line(text, "TDEF " + d.time().count() + " LINEAR " + d.time().start() + " " + d.time().increment());
        line(text, "VARS " + d.variables().size());
        for (GradsVariable v : d.variables()) {
            line(text, v.name() + " " + v.levels() + " " + v.units() + (v.description().isEmpty() ? ""
                    : " " + v.description()));
        }
        line(text, "ENDVARS");
        return text.toString();
    }

    private static void line(StringBuilder text, String line) {
        text.append(line).append('\n');
    }
}

package org.loopnest.perf.ratio;

import java.util.List;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.report.RunReport;

/**
 * What a run's report says of each worker node's I/O: whether it did its own on the shared files, or was sent its
 * chunks and why (the notes {@code RemoteDevice.runNotes} gives the report). Stateless.
 */
final class DataLocalNotes {
    private static final String OWN_IO = " did its own I/O on the shared files";

    private DataLocalNotes() {
    }

    /** {@return the report's notes about {@code nodes}, joined with {@code " | "}} */
    static String of(RunReport report, List<RemoteDevice> nodes) {
        return String.join(" | ", report.notes().stream()
                .filter(n -> nodes.stream().anyMatch(d -> n.startsWith(d.info().name() + " "))).toList());
    }

    /**
     * Checks that every node of {@code nodes} did its own I/O in the run {@code report} describes.
     *
     * @param what the measurement, for the message
     * @throws IllegalStateException naming the first node that did not, with the report's notes
     */
    static void require(RunReport report, List<RemoteDevice> nodes, String what) {
        for (RemoteDevice node : nodes) {
            if (report.notes().stream().noneMatch(n -> n.startsWith(node.info().name() + OWN_IO))) {
                throw new IllegalStateException(what + ": " + node.info().name() + " did not do its own I/O (expected: "
                        + "a data-local run on every node); the report says: " + report.notes());
            }
        }
    }
}

package org.loopnest.perf.ratio;

import java.util.StringJoiner;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.RunReport;

/** What a row's detail says of the path a kernel-language body ran on a Java device. Stateless. */
final class KernelPathNote {
    private KernelPathNote() {
    }

    /**
     * {@return the kernel path each device of {@code report} names, e.g. {@code kernel path: vector (FloatVector
     * 512-bit, 16 lanes)}, or {@code kernel path: not reported} for a run whose devices name none}
     */
    static String of(RunReport report) {
        StringJoiner paths = new StringJoiner("; ", "kernel path: ", "");
        paths.setEmptyValue("kernel path: not reported");
        for (DeviceReport d : report.perDevice()) {
            d.kernelPath().ifPresent(paths::add);
        }
        return paths.toString();
    }
}

package org.loopnest.perf.ratio;

import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.report.RunReport;

/** What a row's detail says of the path a kernel-language body ran on a Java device. Stateless. */
final class KernelPathNote {
    private KernelPathNote() {
    }

    /**
     * {@return how {@code report}'s cpu ran the kernel-language body, e.g. {@code kernel path: vector (FloatVector
     * 512-bit, 16 lanes)}: what this JVM can run, until the run's report names the path}
     */
    static String of(RunReport report) {
        String jvm = VectorSupport.unavailable().orElse("jdk.incubator.vector present, "
                + VectorSupport.preferredBits() + "-bit vectors");
        return "kernel path asked: vector (JVM: " + jvm + ")";
    }
}

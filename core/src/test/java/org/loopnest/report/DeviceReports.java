package org.loopnest.report;

/** Test helpers for reading a {@link RunReport}'s per-device figures; shared with the other modules' tests. */
public final class DeviceReports {
    private DeviceReports() {
    }

    /**
     * The report of the device named {@code name}.
     *
     * @throws AssertionError if the run had no such device
     */
    public static DeviceReport named(RunReport report, String name) {
        return report.perDevice().stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no device " + name + " in " + report.devices()));
    }

    /** The chunks all devices ran together. */
    public static long chunksRun(RunReport report) {
        return report.perDevice().stream().mapToLong(DeviceReport::chunks).sum();
    }
}

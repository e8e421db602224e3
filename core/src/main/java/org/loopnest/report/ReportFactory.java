package org.loopnest.report;

import java.time.Duration;
import java.util.Map;
import org.loopnest.internal.report.ReportAccess;
import org.loopnest.internal.report.ReportFigures;

/** The report constructors, offered to the runtime through {@link ReportAccess}; installed by {@link RunReport}. */
final class ReportFactory implements ReportAccess.Factory {
    @Override
    public RunReport report(ReportFigures figures) {
        return new RunReport(figures);
    }

    @Override
    public DeviceReport device(String name, long chunks, Map<Stage, Duration> busy, Map<Stage, Duration> measured,
                               String kernelPath) {
        return new DeviceReport(name, chunks, busy, measured, kernelPath);
    }
}

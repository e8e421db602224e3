package org.loopnest.internal.report;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * The figures of one {@link RunReport}, as {@link ReportBuilder} hands them to the report's package-private
 * constructor (which checks and copies them). Not API.
 *
 * @param nest            the nest's loops and extents
 * @param splitDepth      the split depth {@code d}
 * @param group           outer iterations per chunk {@code r}
 * @param outerIterations outer iterations {@code P}
 * @param innerIterations inner iterations per outer iteration {@code Q}
 * @param splitReason     why this split
 * @param inputBuffers    input buffers per device {@code B_in}
 * @param outputBuffers   output buffers per device {@code B_out}
 * @param chunks          chunks run
 * @param iterations      iterations run
 * @param bytesIn         bytes copied host → device
 * @param bytesOut        bytes copied device → host
 * @param residentBytes   bytes sent once per run
 * @param wall            the run's wall-clock time
 * @param busy            busy time per stage (a stage left out counts as zero)
 * @param perDevice       what each device did, in the order added
 * @param notes           remarks, in the order added
 * @param prediction      what the cost model predicted, or {@code null} if the planner used none
 */
public record ReportFigures(String nest, int splitDepth, long group, long outerIterations, long innerIterations,
        String splitReason, int inputBuffers, int outputBuffers, long chunks, long iterations, long bytesIn,
        long bytesOut, long residentBytes, Duration wall, Map<Stage, Duration> busy, List<DeviceReport> perDevice,
        List<String> notes, org.loopnest.report.RunPrediction prediction) {
}

package org.loopnest.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Map;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;
import org.junit.jupiter.api.Test;

class ReportAccessTest {
    @Test
    void shouldBuildAReportThroughTheFactoryRunReportInstalls() {
        RunReport report = new ReportBuilder().nest("i=2").split(0, 1, 2, 1, "given")
                .times(Duration.ofMillis(1), Map.of(Stage.KERNEL, Duration.ofMillis(1)))
                .device("cpu", 2, Map.of(), null).build();
        assertEquals("i=2", report.nest());
        assertEquals(2, report.perDevice().get(0).chunks());
    }

    @Test
    void shouldRefuseASecondFactory() {
        ReportAccess.factory();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ReportAccess.install(ReportAccess.factory()));
        assertEquals("the report factory is installed already (only RunReport installs it)", e.getMessage());
    }

    @Test
    void shouldRefuseToBuildAReportWithoutItsNest() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new ReportBuilder().split(0, 1, 2, 1, "given").times(Duration.ZERO, Map.of()).build());
        assertEquals("nest", e.getMessage());
    }
}

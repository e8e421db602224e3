package org.loopnest.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceCosts;
import org.loopnest.internal.report.ReportBuilder;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

class KernelRatesTest {
    private static RunReport ran(long iterations, Duration kernel) {
        return new ReportBuilder().nest("i=" + iterations).split(0, 1, 1, iterations, "given").work(2, 2, 1, iterations)
                .times(kernel.multipliedBy(2), Map.of(Stage.KERNEL, kernel)).build();
    }

    private static DeviceCosts costs(double rate) {
        return new DeviceCosts(Duration.ZERO, Duration.ZERO, 1e9, 1e9, rate, "configured");
    }

    @Test
    void shouldPlanTheNextRunWithTheRateTheLastRunMeasured() {
        DeviceCode body = DeviceCode.of("b = a * 3.0f;");
        KernelRates.record("rates-1", body, ran(2_000_000, Duration.ofSeconds(1)));
        DeviceCosts learnt = KernelRates.apply("rates-1", body, costs(0));
        assertEquals(2e6, learnt.kernelIterationsPerSecond());
        assertEquals("configured, kernel rate 2.00e+06 it/s from the last run of this body", learnt.source());
    }

    @Test
    void shouldKeepTheDevicesOwnRateWhenItIsSlowerThanTheMeasuredOne() {
        DeviceCode body = DeviceCode.of("b = a * 4.0f;");
        KernelRates.record("rates-2", body, ran(2_000_000, Duration.ofSeconds(1)));
        DeviceCosts slower = costs(1e6);
        assertSame(slower, KernelRates.apply("rates-2", body, slower));
        assertEquals(2e6, KernelRates.apply("rates-2", body, costs(5e6)).kernelIterationsPerSecond(),
                "a cap the body does not reach gives way to what it reached");
    }

    @Test
    void shouldLearnNothingFromAnotherBodyAnotherDeviceOrARunTooShortToTell() {
        DeviceCode body = DeviceCode.of("b = a * 5.0f;");
        KernelRates.record("rates-3", body, ran(1000, Duration.ofNanos(KernelRates.MIN_KERNEL_NANOS - 1)));
        KernelRates.record("rates-3", null, ran(1000, Duration.ofSeconds(1)));
        DeviceCosts unknown = costs(0);
        assertSame(unknown, KernelRates.apply("rates-3", body, unknown));
        KernelRates.record("rates-3", body, ran(1000, Duration.ofSeconds(1)));
        assertSame(unknown, KernelRates.apply("rates-4", body, unknown));
        assertSame(unknown, KernelRates.apply("rates-3", DeviceCode.of("b = a;"), unknown));
        assertTrue(KernelRates.apply("rates-3", body, unknown).kernelRateKnown());
    }
}

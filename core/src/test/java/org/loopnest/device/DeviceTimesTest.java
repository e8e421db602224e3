package org.loopnest.device;

import org.loopnest.internal.device.DeviceClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.loopnest.report.Stage;

/** Summing, subtracting and keying what a device's own clock measured. */
class DeviceTimesTest {

    @Test
    void shouldSumWhatEachStageRecordsFromSeveralThreads() {
        DeviceClock clock = new DeviceClock();
        List<CompletableFuture<Void>> writers = IntStream.range(0, 4).mapToObj(w -> CompletableFuture.runAsync(() -> {
            for (int k = 0; k < 1000; k++) {
                clock.record(Stage.COPY_IN, 1);
                clock.record(Stage.KERNEL, 2);
                clock.record(Stage.COPY_OUT, 3);
            }
        })).toList();
        writers.forEach(CompletableFuture::join);
        assertEquals(new DeviceTimes(Duration.ofNanos(4000), Duration.ofNanos(8000), Duration.ofNanos(12000)),
                clock.times());
    }

    @Test
    void shouldGiveTheTimeSinceAnEarlierReadingByStage() {
        DeviceTimes start = new DeviceTimes(Duration.ofMillis(5), Duration.ofMillis(7), Duration.ofMillis(11));
        DeviceTimes end = new DeviceTimes(Duration.ofMillis(6), Duration.ofMillis(10), Duration.ofMillis(11));
        assertEquals(Map.of(Stage.COPY_IN, Duration.ofMillis(1), Stage.KERNEL, Duration.ofMillis(3),
                Stage.COPY_OUT, Duration.ZERO), end.since(start).byStage());
    }

    @Test
    void shouldRefuseStagesADeviceDoesNotRunAndNegativeTimes() {
        DeviceClock clock = new DeviceClock();
        IllegalArgumentException stage = assertThrows(IllegalArgumentException.class,
                () -> clock.record(Stage.SERIALIZE, 1));
        assertEquals("stage = serialize (expected: copy-in, kernel or copy-out: the stages a device runs)",
                stage.getMessage());
        IllegalArgumentException nanos = assertThrows(IllegalArgumentException.class,
                () -> clock.record(Stage.KERNEL, -1));
        assertEquals("measured nanos = -1 (expected: 0 or more)", nanos.getMessage());
        DeviceTimes later = new DeviceTimes(Duration.ofMillis(2), Duration.ZERO, Duration.ZERO);
        IllegalArgumentException backwards = assertThrows(IllegalArgumentException.class,
                () -> DeviceTimes.ZERO.since(later));
        assertEquals("device time = PT-0.002S (expected: 0 or more)", backwards.getMessage());
        assertEquals(DeviceTimes.ZERO, clock.times());
    }
}

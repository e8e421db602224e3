package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.loopnest.data.FloatView;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.Launch;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

class PipelineBehaviourTest {

    /**
     * Counts the chunks that hold an input buffer (from their copy-in's start to their kernel's end) and those that
     * hold an output buffer (from their kernel's launch to their copy-out's end), and the most of each at once.
     */
    static final class CountingDevice extends ForwardingDevice {
        final AtomicInteger inputs = new AtomicInteger();
        final AtomicInteger outputs = new AtomicInteger();
        final AtomicInteger maxInputs = new AtomicInteger();
        final AtomicInteger maxOutputs = new AtomicInteger();

        CountingDevice(Device inner) {
            super(inner);
        }

        @Override
        public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
            maxInputs.accumulateAndGet(inputs.incrementAndGet(), Math::max);
            return super.copyIn(host, target, bytes);
        }

        @Override
        public CompletableFuture<Void> launch(Launch launch) {
            maxOutputs.accumulateAndGet(outputs.incrementAndGet(), Math::max);
            return super.launch(launch).whenComplete((v, t) -> inputs.decrementAndGet());
        }

        @Override
        public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
            return super.copyOut(source, host, bytes).whenComplete((v, t) -> outputs.decrementAndGet());
        }
    }

    private static LoopNest doubling(float[] in, float[] out, int t, int x) {
        return LoopNest.of(t, x).names("t", "x").in("a", in).out("b", out).kernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> b.set(it, 2 * a.get(it));
        });
    }

    @Test
    void shouldNeverHoldMoreThanBInInputsOrBOutOutputsAtOnce() {
        int t = 40;
        int x = 2000;
        float[] in = new float[t * x];
        for (int[] b : new int[][] {{1, 1}, {2, 1}, {1, 2}, {3, 2}}) {
            try (CountingDevice device = new CountingDevice(new SimDevice(SimConfig.builder().threads(2)
                    .bandwidth(400_000_000).latency(Duration.ofNanos(20_000)).build()))) {
                float[] out = new float[t * x];
                RunReport report = doubling(in, out, t, x).splitAt(1).buffers(b[0], b[1]).on(device).run();
                assertEquals(40, report.chunks());
                assertTrue(device.maxInputs.get() <= b[0], "at most B_in=" + b[0] + " holding inputs, saw "
                        + device.maxInputs.get());
                assertTrue(device.maxOutputs.get() <= b[1], "at most B_out=" + b[1] + " holding outputs, saw "
                        + device.maxOutputs.get());
                assertTrue(report.bytesIn() > 0 && report.bytesOut() > 0);
            }
        }
    }

    @Test
    void shouldRunAPerBlockKernelOverEveryBlock() {
        int t = 7;
        int x = 3001;
        float[] in = new float[t * x];
        float[] out = new float[t * x];
        for (int i = 0; i < in.length; i++) {
            in[i] = i;
        }
        RunReport report = LoopNest.of(t, x).in("a", in).out("b", out).blockKernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return cursor -> {
                for (; cursor.valid(); cursor.next()) {
                    b.set(cursor, a.get(cursor) + 1);
                }
            };
        }).splitAt(1).run();
        for (int i = 0; i < in.length; i++) {
            assertEquals(i + 1f, out[i]);
        }
        assertEquals(t, report.chunks());
    }

    @Test
    void shouldReportSplitBytesStagesAndOverlapAsTextAndJson() {
        int t = 16;
        int x = 4096;
        float[] in = new float[t * x];
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build())) {
            RunReport report = doubling(in, new float[t * x], t, x).on(sim).run();
            assertEquals(t * x, report.iterations());
            assertEquals((long) t * x * 4, report.bytesIn());
            assertEquals((long) t * x * 4, report.bytesOut());
            assertTrue(report.splitReason().startsWith("auto: "), report.splitReason());
            assertTrue(report.overlapEfficiency() > 0 && report.overlapEfficiency() <= 1.0001, report.toString());
            assertTrue(report.busy().get(Stage.KERNEL).toNanos() > 0);
            String json = report.toJson();
            for (String field : new String[] {"\"splitDepth\":", "\"chunks\":", "\"bytesIn\":", "\"wallNanos\":",
                    "\"busyNanos\":{\"serialize\":", "\"overlapEfficiency\":", "\"devices\":[\"sim\"]"}) {
                assertTrue(json.contains(field), field + " in " + json);
            }
            assertTrue(report.toString().contains("overlap"), report.toString());
        }
    }
}

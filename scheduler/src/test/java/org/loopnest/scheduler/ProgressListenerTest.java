package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** The listener's contract when several devices write chunks at once: one call at a time, in order, to the end. */
class ProgressListenerTest {
    private static final int CHUNKS = 1000;
    private static final int COLS = 16;
    private static final int RUNS = 20;

    /** Records every call and counts the calls that began while another was still running. */
    private static final class Recorder implements ProgressListener {
        private final AtomicInteger inFlight = new AtomicInteger();
        private final AtomicInteger overlaps = new AtomicInteger();
        private final List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());

        @Override
        public void chunkDone(long done, long total) {
            if (inFlight.incrementAndGet() > 1) {
                overlaps.incrementAndGet();
            }
            calls.add(done + "/" + total);
            Thread.yield(); // widens the window in which a second device's call could overlap this one
            inFlight.decrementAndGet();
        }
    }

    private static SimDevice sim(String name) {
        return new SimDevice(SimConfig.builder().name(name).memory(1 << 20).threads(1).build());
    }

    @Test
    void shouldCallTheListenerOneAtATimeWithDoneRisingByOneToTotalOnSeveralDevices() {
        float[] in = new float[CHUNKS * COLS];
        float[] out = new float[in.length];
        List<String> expected = new ArrayList<>();
        for (int done = 1; done <= CHUNKS; done++) {
            expected.add(done + "/" + CHUNKS);
        }
        try (CpuDevice cpu = new CpuDevice(1); SimDevice first = sim("sim-a"); SimDevice second = sim("sim-b")) {
            for (int run = 0; run < RUNS; run++) {
                Recorder recorder = new Recorder();
                LoopNest.of(CHUNKS, COLS).names("r", "c").in("a", in).out("b", out).kernel(arrays -> {
                    FloatView a = arrays.floats("a");
                    FloatView b = arrays.floats("b");
                    return it -> b.set(it, a.get(it) + 1);
                }).splitAt(1).on(cpu, first, second).onProgress(recorder).run();
                assertEquals(0, recorder.overlaps.get(), "run " + run + ": calls on two threads at once");
                assertEquals(expected, recorder.calls, "run " + run + ": the calls in the order made");
            }
        }
    }

    @Test
    void shouldMakeNoCallForAnEmptyNest() {
        Recorder recorder = new Recorder();
        LoopNest.of(0, COLS).in("a", new float[0]).out("b", new float[0]).kernel(arrays -> it -> { })
                .onProgress(recorder).run();
        assertEquals(List.of(), recorder.calls);
    }
}

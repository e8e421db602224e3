package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** Every thread of a device and of its pipeline has a name of its own, and runs sharing the device share them. */
class PipelineThreadNamesTest {

    /** The names of the live threads of {@code device} and its runs, as many times as threads bear them. */
    static List<String> liveThreadsOf(String device) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.startsWith("loopnest-" + device + "-")).sorted().toList();
    }

    /** The names borne by more than one of {@code names}. */
    static List<String> repeated(List<String> names) {
        return names.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting())).entrySet()
                .stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).sorted().toList();
    }

    private static LoopNest plusOne(SimDevice sim, ProgressListener listener) {
        return LoopNest.of(8, 64).in("a", new float[8 * 64]).out("b", new float[8 * 64]).kernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> b.set(it, a.get(it) + 1);
        }).splitAt(1).on(sim).onProgress(listener);
    }

    private static void await(CountDownLatch latch, String what) {
        try {
            if (!latch.await(20, TimeUnit.SECONDS)) {
                throw new AssertionError("timed out waiting until " + what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting until " + what, e);
        }
    }

    @Test
    void shouldServeTwoRunsSharingADeviceWithTheDevicesOwnDistinctlyNamedThreads() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("shared").memory(1 << 20).threads(2).build())) {
            LoopNest first = plusOne(sim, (done, total) -> { });
            first.plan(); // planning on a device starts its pipeline
            List<String> beforeAnyRun = liveThreadsOf("shared");
            CountDownLatch secondWrote = new CountDownLatch(1);
            AtomicReference<List<String>> seen = new AtomicReference<>();
            LoopNest second = plusOne(sim, (done, total) -> {
                if (done == 1) {
                    seen.set(liveThreadsOf("shared"));
                    secondWrote.countDown();
                }
            });
            try (Execution a = first.start(); Execution b = second.start()) {
                assertEquals(8, a.await().chunks());
                assertEquals(8, b.await().chunks());
            }
            await(secondWrote, "the second run wrote a chunk");
            List<String> names = seen.get();
            assertEquals(List.of(), repeated(names), "thread names used twice among " + names);
            assertEquals(beforeAnyRun, names, "the runs use the threads the device had before them");
            for (String stage : List.of("serialize", "copy-in", "kernel", "copy-out", "deserialize", "feed")) {
                assertTrue(names.contains("loopnest-shared-pipeline-" + stage), stage + " in " + names);
            }
            assertTrue(names.contains("loopnest-shared-engine-copy-in"), names.toString());
        }
        assertEquals(List.of(), liveThreadsOf("shared"), "closing the device stops its pipeline's threads");
    }

    @Test
    @Tag("opencl")
    void shouldNameTheOpenClKernelEngineApartFromThePipelinesKernelStage() {
        OpenClSupport.assumeOpenCl();
        AtomicReference<List<String>> seen = new AtomicReference<>();
        try (OpenClDevice opencl = OpenClDevice.open(0)) {
            LoopNest.of(8, 64).in("a", new float[8 * 64]).out("b", new float[8 * 64]).deviceCode("b = a + 1.0f;")
                    .splitAt(1).on(opencl).onProgress((done, total) -> {
                        if (done == 1) { // the first kernel has run: the kernel engine's thread is up
                            seen.set(liveThreadsOf("opencl:0"));
                        }
                    }).run();
        }
        List<String> names = seen.get();
        assertEquals(List.of(), repeated(names), "thread names used twice among " + names);
        assertTrue(names.contains("loopnest-opencl:0-engine-kernel"), names.toString());
        assertTrue(names.contains("loopnest-opencl:0-pipeline-kernel"), names.toString());
    }
}

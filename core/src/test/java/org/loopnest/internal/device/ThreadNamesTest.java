package org.loopnest.internal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.report.Stage;

/** Thread names say whose each thread is, and no two threads of a device and the runs on it share one. */
class ThreadNamesTest {

    @Test
    void shouldNameEnginesWorkersStagesAndControlThreadsApart() {
        assertEquals("loopnest-opencl:0-engine-kernel", ThreadNames.engine("opencl:0", Stage.KERNEL));
        assertEquals("loopnest-cuda:0-engine-copy-in", ThreadNames.engine("cuda:0", Stage.COPY_IN));
        assertEquals("loopnest-cpu-worker-3", ThreadNames.worker("cpu", 3));
        assertEquals("loopnest-opencl:0-run7-kernel", ThreadNames.stage(7, "opencl:0", Stage.KERNEL));
        assertEquals("loopnest-opencl:0-run7-control", ThreadNames.control(7, "opencl:0"));
    }

    @Test
    void shouldGiveEveryThreadOfADeviceAndOfTwoRunsOnItADistinctName() {
        List<String> names = new ArrayList<>();
        for (Stage engine : List.of(Stage.COPY_IN, Stage.KERNEL, Stage.COPY_OUT)) {
            names.add(ThreadNames.engine("opencl:0", engine));
        }
        for (int n = 0; n < 4; n++) {
            names.add(ThreadNames.worker("opencl:0", n));
        }
        for (long run = 1; run <= 2; run++) {
            for (Stage stage : Stage.values()) {
                names.add(ThreadNames.stage(run, "opencl:0", stage));
                names.add(ThreadNames.runThread(run, "opencl:0", "stage-" + stage.ordinal()));
            }
            names.add(ThreadNames.control(run, "opencl:0"));
        }
        assertEquals(names.size(), new HashSet<>(names).size(), names.toString());
    }
}

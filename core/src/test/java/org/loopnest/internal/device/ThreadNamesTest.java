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
        assertEquals("loopnest-opencl:0-pipeline-kernel", ThreadNames.stage("opencl:0", Stage.KERNEL));
        assertEquals("loopnest-opencl:0-pipeline-feed", ThreadNames.feeder("opencl:0"));
        assertEquals("loopnest-sim-clock", ThreadNames.clock("sim"));
    }

    @Test
    void shouldGiveEveryThreadOfADeviceAndItsPipelineADistinctName() {
        List<String> names = new ArrayList<>();
        for (Stage engine : List.of(Stage.COPY_IN, Stage.KERNEL, Stage.COPY_OUT)) {
            names.add(ThreadNames.engine("opencl:0", engine));
        }
        for (int n = 0; n < 4; n++) {
            names.add(ThreadNames.worker("opencl:0", n));
        }
        for (Stage stage : Stage.values()) {
            names.add(ThreadNames.stage("opencl:0", stage));
            names.add(ThreadNames.pipelineThread("opencl:0", "stage-" + stage.ordinal()));
        }
        names.add(ThreadNames.feeder("opencl:0"));
        names.add(ThreadNames.clock("opencl:0"));
        assertEquals(names.size(), new HashSet<>(names).size(), names.toString());
    }
}

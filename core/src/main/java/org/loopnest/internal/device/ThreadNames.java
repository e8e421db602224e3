package org.loopnest.internal.device;

import org.loopnest.report.Stage;

/**
 * The names of LoopNest's threads, in one place so that no two threads of a device and the runs on it share a name
 * and a thread dump says whose each thread is. Every name starts with {@code loopnest-} and the device's name:
 *
 * <pre>
 * loopnest-opencl:0-engine-copy-in    a device's engine: one thread per kind of operation (copy-in, kernel, copy-out)
 * loopnest-sim-engine-shared          the one engine of a device whose copies and kernels share it
 * loopnest-cpu-worker-3               a device's pool of kernel threads, numbered from 0
 * loopnest-sim-clock                  a simulated device's clock, which ends kernels capped in speed
 * loopnest-opencl:0-pipeline-kernel   the device's pipeline stage (serialize … deserialize), serving run after run
 * loopnest-opencl:0-pipeline-feed     the thread that feeds the chunks of run after run to that pipeline
 * </pre>
 *
 * <p>A device's threads live as long as the device and serve every run on it, so the names carry no run.
 * Stateless; thread-safe.
 */
public final class ThreadNames {
    private static final String PREFIX = "loopnest-";

    private ThreadNames() {
    }

    /**
     * {@return the thread of {@code device}'s engine for {@code stage}'s operations (copy-in, kernel or copy-out), e.g.
     * {@code loopnest-cuda:0-engine-kernel}}
     *
     * @param device the device's name
     * @param stage copy-in, kernel or copy-out
     */
    public static String engine(String device, Stage stage) {
        return PREFIX + device + "-engine-" + stage;
    }

    /**
     * {@return the thread of {@code device}'s one engine for copies in, kernels and copies out alike, e.g.
     * {@code loopnest-sim-engine-shared}}
     *
     * @param device the device's name
     */
    public static String sharedEngine(String device) {
        return PREFIX + device + "-engine-shared";
    }

    /**
     * {@return the {@code n}-th thread of {@code device}'s kernel pool, e.g. {@code loopnest-cpu-worker-0}}
     *
     * @param device the device's name
     * @param n the thread's number in the pool, from 0
     */
    public static String worker(String device, int n) {
        return PREFIX + device + "-worker-" + n;
    }

    /**
     * {@return the thread that keeps {@code device}'s simulated time, e.g. {@code loopnest-sim-clock}}
     *
     * @param device the device's name
     */
    public static String clock(String device) {
        return PREFIX + device + "-clock";
    }

    /**
     * {@return the thread of {@code device}'s pipeline that runs {@code stage} for every run, e.g.
     * {@code loopnest-sim-pipeline-copy-in}}
     *
     * @param device the device's name
     * @param stage the pipeline stage
     */
    public static String stage(String device, Stage stage) {
        return pipelineThread(device, stage.toString());
    }

    /**
     * {@return the thread that feeds chunks of run after run to {@code device}'s pipeline, e.g.
     * {@code loopnest-sim-pipeline-feed}}
     *
     * @param device the device's name
     */
    public static String feeder(String device) {
        return pipelineThread(device, "feed");
    }

    /**
     * {@return a thread of {@code device}'s pipeline with the given role, e.g. {@code loopnest-sim-pipeline-stage-0}
     * for a stage thread not yet told which stage it runs}
     *
     * @param device the device's name
     * @param role what the thread does, e.g. {@code stage-0}
     */
    public static String pipelineThread(String device, String role) {
        return PREFIX + device + "-pipeline-" + role;
    }
}

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
 * loopnest-opencl:0-run7-kernel       run 7's pipeline stage on that device (serialize … deserialize)
 * loopnest-opencl:0-run7-control      run 7's thread that feeds chunks to that device's pipeline
 * </pre>
 *
 * <p>Runs are numbered in the order they start in the JVM, so two runs sharing a device have threads of distinct
 * names. Stateless; thread-safe.
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
     * Run {@code run}'s {@code stage} thread on {@code device}, e.g. {@code loopnest-sim-run3-copy-in}.
     *
     * @param run the run's number
     * @param device the device's name
     * @param stage the pipeline stage
     * @return the thread's name
     */
    public static String stage(long run, String device, Stage stage) {
        return runThread(run, device, stage.toString());
    }

    /**
     * Run {@code run}'s thread that feeds chunks to {@code device}'s pipeline, e.g. {@code loopnest-cpu-run3-control}.
     *
     * @param run the run's number
     * @param device the device's name
     * @return the thread's name
     */
    public static String control(long run, String device) {
        return runThread(run, device, "control");
    }

    /**
     * {@return a thread of run {@code run} on {@code device} with the given role, e.g. {@code
     * loopnest-cpu-run3-stage-0} for a stage thread not yet told which stage it runs}
     *
     * @param run the run's number
     * @param device the device's name
     * @param role what the thread does, e.g. {@code stage-0}
     */
    public static String runThread(long run, String device, String role) {
        return PREFIX + device + "-run" + run + "-" + role;
    }
}

package org.loopnest.perf.jmh;

import java.util.concurrent.TimeUnit;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.RunReport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A whole run, planning included, of a nest of {@code chunks × 1024} iterations split at {@code d=1}, with an empty chunk kernel and
 * one output: what the pipeline itself costs. The per-run part (threads, buffers) and the per-chunk part separate
 * by comparing {@code chunks=1} with {@code chunks=1000}: per chunk = (t1000 − t1) / 999. On {@code cpu} nothing is
 * copied; on an unthrottled {@code sim} each chunk is also packed, copied both ways (4 KiB) and unpacked.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class PipelineOverheadBench {
    static final int INNER = 1024;

    @Param({"1", "1000"})
    private int chunks;

    /** {@code default}: no device given, so the process's shared cpu device; {@code cpu}: one opened for the trial. */
    @Param({"default", "cpu", "sim"})
    private String device;

    private Device target;
    private float[] out;

    /** Starts the device once per trial. */
    @Setup
    public void setUp() {
        target = switch (device) {
            case "default" -> null;
            case "cpu" -> new CpuDevice();
            default -> new SimDevice();
        };
        out = new float[chunks * INNER];
    }

    /** Stops the device opened for the trial (the shared one stays). */
    @TearDown
    public void tearDown() {
        if (target != null) {
            target.close();
        }
    }

    /** One run; the kernel returns at once. */
    @Benchmark
    public RunReport emptyKernel() {
        LoopNest nest = LoopNest.of(chunks, INNER).names("c", "i").out("o", out).blockKernel(arrays -> cursor -> { })
                .splitAt(1).buffers(2); // fixed, so that figures compare across runs (unset, the planner chooses)
        return (target == null ? nest : nest.on(target)).run();
    }
}

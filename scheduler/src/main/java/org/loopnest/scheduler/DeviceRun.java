package org.loopnest.scheduler;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Role;
import org.loopnest.device.Device;
import org.loopnest.device.KernelSource;
import org.loopnest.device.Launch;
import org.loopnest.device.RunSpec;
import org.loopnest.error.DeviceLostException;
import org.loopnest.error.LoopNestException;
import org.loopnest.index.Chunk;
import org.loopnest.internal.data.FileOutputs;
import org.loopnest.internal.scheduler.PackedLaunch;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.ChunkPacker;
import org.loopnest.internal.trace.Timeline;
import org.loopnest.report.Stage;

/**
 * One run on one device: what the device's pipeline (or, on a host-addressable device, its {@link DirectDispatch})
 * needs to serve the run — the run's control, chunk queue and clock, the packer and buffers, the launches — and what
 * the report reads back: bytes moved, chunks written, whether the device was lost.
 *
 * <p><b>Device loss is decided here and only here</b> ({@link #failed}): a {@link DeviceLostException} from any stage
 * marks this device lost for the run, gives the chunk back to the run's queue for another device and tells the run,
 * which fails only when no device is left; any other failure fails the run.
 *
 * <p><b>Holds.</b> Whoever may still touch the run's buffers holds the run: the feeder while it takes chunks, and
 * each chunk from the moment it is taken until it is written or skipped. {@link #awaitReleased} waits until none does,
 * so that the buffers are freed only after. <b>Threading:</b> thread-safe. <b>Ownership:</b> owns its
 * {@link RunBuffers}, freed by {@link #close()}.
 */
final class DeviceRun implements AutoCloseable {
    private final RunPlan plan;
    private final Device device;
    private final String deviceName;
    private final RunControl control;
    private final ChunkQueue queue;
    private final StageClock clock;
    /** Made by {@link #allocate} for a run whose chunks are shipped; {@code null} before and on a direct run. */
    private volatile ChunkPacker packer;
    private final FileOutputs files;
    /**
     * Whether chunks run with the arrays in place: known from the start on a host-addressable device, else decided by
     * the device when told of the run ({@link Device#runsInPlace()}, a worker node doing its own I/O).
     */
    private volatile boolean direct;
    private final RunBuffers buffers = new RunBuffers();
    private final LongAdder bytesIn = new LongAdder();
    private final LongAdder bytesOut = new LongAdder();
    private final LongAdder chunksDone = new LongAdder();
    private final RunReplan replan;
    private volatile DeviceLostException lost;
    /** What the device was told of the run ({@link Device#beginRun}); {@code null} before. */
    private volatile RunSpec spec;
    private int holds;
    private boolean detached;

    /**
     * @param files    where the run's file-backed arrays are read and written
     * @param runClock the run's clock; this device's stages add to a clock of their own that adds to it
     * @param queue    the chunks the run's devices share
     * @param timeline where this device's stages record their slices, or {@code null}
     * @param replan   told of kernel times, or {@code null} if the run keeps its split
     */
    DeviceRun(RunPlan plan, Device device, RunControl control, FileOutputs files, StageClock runClock,
              ChunkQueue queue, Timeline timeline, RunReplan replan) {
        this.files = files;
        this.plan = plan;
        this.device = device;
        this.deviceName = device.info().name();
        this.control = control;
        this.queue = queue;
        this.clock = new StageClock(runClock, timeline, deviceName);
        this.direct = device.info().hostAddressable();
        this.replan = replan;
    }

    /**
     * Records a chunk's kernel (launch to completion) in the clock and, on a device with memory of its own, tells the
     * run's re-plan (which acts on the first chunk).
     */
    void kernelRan(Chunk chunk, long start, long end) {
        clock.add(Stage.KERNEL, chunk.number(), start, end);
        if (replan != null && !direct) {
            replan.kernelTimed(chunk, end - start);
        }
    }

    /**
     * Tells the device about the run (a compiled device compiles the kernel) and, on a device with memory of its
     * own, allocates the {@code B_in} input and {@code B_out} output buffers and sends the resident data; on failure
     * the caller closes this run, which frees what was taken. A device lost meanwhile leaves the run (as in
     * {@link #failed}) instead of failing it.
     *
     * @return whether the device is ready for the run's chunks: {@code false} if it was lost
     * @throws LoopNestException what went wrong otherwise
     */
    boolean allocate() {
        try {
            ChunkLayout layout = plan.layout();
            RunSpec told = new RunSpec(layout.split(), plan.bindings(), plan.kernel(), kernelSource(), outputFiles());
            device.beginRun(told);
            spec = told;
            direct = direct || device.runsInPlace();
            if (!direct) {
                packer = new ChunkPacker(layout, files);
                bytesIn.add(buffers.allocate(device, layout, plan.inputBuffers(), plan.outputBuffers(), packer,
                        control));
            }
            return true;
        } catch (RuntimeException e) { // thrown by the device, or by a copy waited for (then wrapped)
            Throwable cause = RunControl.unwrap(e);
            if (cause instanceof DeviceLostException gone) {
                lose(gone);
                return false;
            }
            if (!(e instanceof CompletionException)) {
                throw e;
            }
            throw cause instanceof LoopNestException known ? known
                    : new LoopNestException("device " + deviceName + ": setting up the run failed: " + cause, cause);
        }
    }

    /** Where each file-backed output's bytes go, for a device that writes them itself ({@link RunSpec#outputFiles}). */
    private Map<String, Path> outputFiles() {
        Map<String, Path> targets = new HashMap<>();
        for (ArrayBinding binding : plan.bindings()) {
            if (binding.role() == Role.OUT
                    && binding.holder() instanceof FileHolder) {
                targets.put(binding.name(), files.target(binding));
            }
        }
        return targets;
    }

    /**
     * {@return the generated kernel for a device that compiles kernels (made on the plan's first request), else
     * {@code null}: a Java device never reads it, so a run on the cpu never generates it}
     */
    private KernelSource kernelSource() {
        return device.runsCompiledKernels() ? plan.kernelSource() : null;
    }

    /**
     * {@return whether this run's kernels record bad column levels in the output buffer: a compiled kernel over a
     * layout with column arrays} The JVM bodies fail at the bad level themselves.
     */
    boolean checksLevels() {
        return !direct && device.runsCompiledKernels() && plan.layout().levelErrorBytes() > 0;
    }

    /**
     * The launch of {@code chunk}: straight over the user's arrays on a host-addressable device, else over the
     * device buffers {@code in} and {@code out}.
     */
    Launch launch(Chunk chunk, ChunkBuffer in, ChunkBuffer out) {
        return direct ? new ChunkLaunch(plan, chunk, files, control::aborted)
                : new PackedLaunch(plan.layout(), plan.arrays(), plan.kernel(), kernelSource(), chunk, in.device,
                out.device, buffers.resident(), control::aborted);
    }

    /**
     * What happens when a stage fails on {@code chunk}: a lost device gives the chunk back and leaves the run (which
     * goes on on its other devices); anything else fails the run.
     *
     * @return {@code true} if the device was lost and the chunk given back: later stages must skip it
     */
    boolean failed(Stage stage, Chunk chunk, Throwable thrown) {
        if (RunControl.unwrap(thrown) instanceof DeviceLostException gone) {
            lose(gone);
            queue.giveBack(chunk);
            return true;
        }
        control.fail(stage, chunk.number(), deviceName, thrown);
        return false;
    }

    /**
     * Records that the device is gone (the first time) and tells the run, which fails only when every device is
     * lost. This device takes no more chunks.
     */
    synchronized void lose(DeviceLostException cause) {
        if (lost == null) {
            lost = cause;
            control.deviceLost(cause);
        }
    }

    /**
     * {@return how the device ran the kernel ({@link Device#kernelPath}), for the report; empty on a device that runs
     * compiled kernels, and if the run never began there}
     */
    Optional<String> kernelPath() {
        RunSpec told = spec;
        return told == null ? Optional.empty() : device.kernelPath(told);
    }

    /** {@return what the device was told of the run ({@link Device#beginRun}), or {@code null} if it never began} */
    RunSpec spec() {
        return spec;
    }

    /** Whether this device was lost during the run. */
    boolean isLost() {
        return lost != null;
    }

    /** Why this device was lost, or {@code null}. */
    DeviceLostException lostCause() {
        return lost;
    }

    /** Whether the run has stopped or this device left it: nothing more to start here. */
    boolean stopped() {
        return control.aborted() || lost != null;
    }

    /** Takes a hold: something may touch the run's buffers until the matching {@link #release()}. */
    synchronized void hold() {
        holds++;
    }

    /**
     * Gives a hold back; if it was the last, runs {@code whenLast} before anyone waiting in {@link #awaitReleased}
     * wakes.
     */
    synchronized void release(Runnable whenLast) {
        if (--holds == 0) {
            whenLast.run();
            notifyAll();
        }
    }

    /** Gives a hold back. */
    void release() {
        release(() -> { });
    }

    /**
     * Says that nothing will release the holds still taken because the pipeline that held them has stopped its
     * threads (the device was closed): {@link #awaitReleased} returns.
     */
    synchronized void detach() {
        detached = true;
        notifyAll();
    }

    /**
     * Waits until no hold is left (or the run was {@link #detach() detached}), until {@code deadline}
     * ({@link System#nanoTime()}); the caller's interrupt status must be clear.
     *
     * @return whether none is left
     */
    synchronized boolean awaitReleased(long deadline) {
        try {
            while (holds > 0 && !detached) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Wakes whatever waits for a free buffer, for good: the run has ended. */
    void stopPools() {
        buffers.stop();
    }

    Device device() {
        return device;
    }

    String deviceName() {
        return deviceName;
    }

    RunControl control() {
        return control;
    }

    ChunkQueue queue() {
        return queue;
    }

    /** This device's clock (which adds to the run's). */
    StageClock clock() {
        return clock;
    }

    RunPlan plan() {
        return plan;
    }

    ChunkLayout layout() {
        return plan.layout();
    }

    /** The packer of chunks into buffers; {@code null} on a direct run and before {@link #allocate}. */
    ChunkPacker packer() {
        return packer;
    }

    /**
     * Whether kernels read the user's arrays in place (no serialization, no copies, no buffers): on a host-addressable
     * device, or, once {@link #allocate} has told it of the run, a device that does the run's I/O itself.
     */
    boolean direct() {
        return direct;
    }

    RunBuffers buffers() {
        return buffers;
    }

    LongAdder bytesIn() {
        return bytesIn;
    }

    LongAdder bytesOut() {
        return bytesOut;
    }

    LongAdder chunksDone() {
        return chunksDone;
    }

    /** Frees the run's buffers on the device. */
    @Override
    public void close() {
        try {
            buffers.close();
        } finally {
            if (spec != null) {
                device.endRun(spec);
            }
        }
    }
}

package org.loopnest.scheduler;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.nio.file.Files;
import org.loopnest.device.Device;
import org.loopnest.internal.data.FileOutputs;
import org.loopnest.error.DeviceException;
import org.loopnest.error.DeviceLostException;
import org.loopnest.error.LoopNestException;
import org.loopnest.error.RunCancelledException;
import org.loopnest.error.RunTimeoutException;
import org.loopnest.index.Split;
import org.loopnest.report.Stage;
import org.loopnest.internal.trace.ChromeTrace;
import org.loopnest.internal.trace.GanttSvg;
import org.loopnest.internal.trace.Timeline;
import org.loopnest.internal.trace.TraceFiles;
import org.loopnest.internal.report.ReportBuilder;
import org.loopnest.report.RunReport;

/**
 * A run in progress, started by {@link RunPlan#start()}. Owns the run's buffers until {@link #await()} returns or
 * throws, or {@link #close()} is called; after either, nothing of the run is left running. A run starts no thread:
 * the chunks go through the pipeline each device keeps for its whole life ({@link PackedPipeline}), or on a
 * host-addressable device straight onto its threads ({@link DirectDispatch}); only a device that keeps nothing
 * ({@link Device#keep}) gets a pipeline of the run's own, stopped when the run ends.
 *
 * <p>A device may {@link #join} the run while it goes (a worker node that started late): it then takes chunks from
 * the same queue as the others, and the run ends, fails or loses devices with it as with the devices it started with.
 *
 * <p><b>Threading:</b> {@link #cancel()}, {@link #join} and the progress getters may be called from any thread;
 * {@link #await()} from one. <b>Failure:</b> {@code await} throws the run's one {@link LoopNestException}; outputs
 * may then be partly written.
 */
public final class Execution implements AutoCloseable {
    /** How long cleaning up waits for stage threads and device operations after the run stopped. */
    static final int STOP_WAIT_SECONDS = 30;

    private final RunPlan plan;
    private final RunControl control;
    private final StageClock clock = new StageClock();
    private final ChunkQueue queue;
    /** The run's one re-plan after its first chunk, or {@code null} if it keeps its split. */
    private final RunReplan replan;
    private final Timeline timeline;
    private String traceNote;
    private final long startNanos;
    private volatile long endNanos;
    /** The devices, the run's part on each and the pipelines serving them, under a lock of their own. */
    private final RunMembers members;
    private final RunJoin joins;
    private final Map<Device, Map<Stage, Duration>> measuredDuringRun = new LinkedHashMap<>();
    private boolean cleaned;
    private RunReport report;
    /** The run's new output files: moved into place when it succeeds, deleted otherwise. */
    private final FileOutputs files;

    private Execution(RunPlan plan, FileOutputs files) {
        this.plan = plan;
        this.files = files;
        List<Device> devices = plan.devices().open();
        this.members = new RunMembers(devices);
        this.control = new RunControl(plan.layout().split().chunkCount(), devices.size(), plan.progress());
        this.queue = new ChunkQueue(plan.layout().split(), control);
        this.replan = plan.replanning() == null ? null : new RunReplan(plan.replanning(), queue, control);
        this.startNanos = System.nanoTime();
        this.endNanos = startNanos;
        this.timeline = plan.trace().enabled() ? new Timeline(startNanos) : null;
        this.joins = new RunJoin(plan, control, members, this::partOn);
        control.finished().whenComplete((v, t) -> {
            long written = control.lastWrittenNanos(); // a success ends when the last output is written
            endNanos = t == null && written != 0 ? written : System.nanoTime();
        });
        Duration limit = plan.timeout();
        if (limit != null && control.total() > 0) {
            CompletableFuture.delayedExecutor(limit.toNanos(), TimeUnit.NANOSECONDS).execute(() ->
                    control.abortIfRunning(new RunTimeoutException(limit, control.done(), control.total())));
        }
    }

    static Execution start(RunPlan plan) {
        FileOutputs files = FileOutputs.begin(plan.arrays().values()); // fails before anything runs
        Execution execution;
        try {
            execution = new Execution(plan, files);
        } catch (RuntimeException | Error e) {
            files.close();
            throw e;
        }
        try {
            execution.launch();
        } catch (RuntimeException | Error e) {
            execution.control.abort(new RunCancelledException(0, execution.control.total()));
            try {
                execution.cleanUp();
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        return execution;
    }

    /** Sets the run up on the devices it starts with and starts feeding them; no device can join meanwhile. */
    private void launch() {
        List<Device> devices = members.devices();
        for (Device device : devices) {
            if (device.isClosed()) {
                throw JoinCheck.closed(device);
            }
        }
        if (control.total() == 0) {
            return;
        }
        for (Device device : devices) {
            device.measuredTimes().ifPresent(times -> members.measuredAtStart(device, times));
        }
        for (Device device : devices) {
            DeviceRun run = partOn(device);
            members.add(run);
            if (!run.allocate() && control.aborted()) {
                throw control.failure(); // the last device was lost
            }
        }
        for (DeviceRun run : members.runs()) {
            if (!run.isLost()) {
                members.serve(run, true);
            }
        }
    }

    /** The run's part on {@code device}, not yet allocated. */
    private DeviceRun partOn(Device device) {
        return new DeviceRun(plan, device, control, files, clock, queue, timeline, replan);
    }

    /**
     * Adds {@code device} to this run while it is going: from now on it takes chunks from the run's shared queue like
     * the devices the run started with (a faster device takes more), and the report lists it, after those, with the
     * chunks it ran and a note that it joined after N chunks. Its stage times, the clock of a measuring device and
     * the timeline cover it from its joining on. Use it to add a device that became available after the run started
     * (a worker node that answered late); the run's split stays as chosen for the devices it started with.
     *
     * <p>If the device is lost later, its chunks in flight run on the other devices, as for any device; if the devices
     * the run started with are all lost while it is there, the run goes on on it.
     *
     * <p><b>Threading:</b> any thread, also while another thread waits in {@link #await()} (which it does not block)
     * or from a {@link ProgressListener} (which then holds up the other devices' progress while the device is set up);
     * joins of different devices may run at once. A join racing with the run's end is either in (counted, listed,
     * its buffers freed with the run's) or refused ({@code false}), never half. It returns once the device is set up
     * (kernel compiled, buffers allocated, resident data copied in), before it has run a chunk.
     * <b>Ownership:</b> the caller still owns the device; after {@code true}, close it only after the run has ended
     * ({@link #await()} returned or threw, or {@link #close()}), as for the devices the run started with.
     *
     * @param device an open device that is not part of the run yet
     * @return {@code true} if it joined (the run may end at any time after, even before the device ran a chunk);
     *     {@code false} if the run has already ended, been cancelled or failed (nothing was done to the device)
     * @throws IllegalArgumentException if {@code device} is null, already part of the run, or named like a device of
     *     the run, naming it
     * @throws LoopNestException        (or a subclass) if the device cannot take part, saying why: closed
     *     ({@link DeviceException}); its memory cannot hold the run's buffers at the run's split
     *     ({@link org.loopnest.error.DeviceMemoryException} naming the device, the bytes needed and its memory); it
     *     runs compiled kernels and the nest has none; the kernel does not compile or the run cannot be set up on it
     *     (what the device threw, e.g. a {@link org.loopnest.error.KernelCompileException}); or it was lost while it
     *     was set up. The run goes on without it, and whatever was allocated on the device for the run is freed.
     */
    public boolean join(Device device) {
        return joins.join(device);
    }

    /**
     * Whether the run has ended: every chunk written, or stopped by a failure, its timeout or {@link #cancel()}.
     * {@link #await()} then only frees the run's resources before it returns or throws.
     *
     * @return {@code true} once the run has ended
     */
    public boolean isDone() {
        return control.finished().isDone();
    }

    /**
     * Chunks written so far.
     *
     * @return the count, {@code 0 …} {@link #chunksTotal()}
     */
    public long chunksDone() {
        return control.done();
    }

    /**
     * Chunks in the run.
     *
     * @return the chunk count of the plan's split
     */
    public long chunksTotal() {
        return control.total();
    }

    /**
     * Stops the run; {@link #await()} then throws {@link RunCancelledException}. Does nothing once every chunk is
     * written (the run stays a success). Idempotent.
     */
    public void cancel() {
        control.abortIfRunning(new RunCancelledException(control.done(), control.total()));
    }

    /**
     * Waits for the run to end, frees everything, and returns its report. Later calls return the same report.
     *
     * <p><b>Nested runs:</b> a run on a cpu device started on one of that device's own threads (from a kernel or a
     * progress listener of another run on it) has run on that thread already, inside {@link RunPlan#start()}, so this
     * waits for nothing there ({@link org.loopnest.device.cpu.CpuDevice}). Awaiting, on one of a device's threads, a
     * run started elsewhere blocks that thread; with all of them blocked the run never ends: await it elsewhere.
     *
     * @return the report of the finished run
     * @throws LoopNestException the failure that stopped the run: a stage's, a timeout or a cancellation
     */
    public synchronized RunReport await() {
        if (report != null) {
            return report;
        }
        try {
            return awaitOnce();
        } finally {
            files.close(); // after a commit a no-op; otherwise no new file of the run is left
        }
    }

    private RunReport awaitOnce() {
        RuntimeException cleanupFailure = null;
        try {
            waitForEnd();
            readMeasuredTimes();
        } finally {
            try {
                cleanUp();
            } catch (RuntimeException e) {
                cleanupFailure = e;
            }
        }
        long wallNanos = (control.failure() == null ? endNanos : System.nanoTime()) - startNanos;
        writeTrace(wallNanos);
        LoopNestException failure = control.failure();
        if (failure == null && cleanupFailure == null) {
            try {
                files.commit(); // every chunk written and nothing in flight: the new files go into place together
            } catch (java.io.UncheckedIOException e) {
                throw new LoopNestException("the run succeeded but its output files could not be put in place: "
                        + e.getMessage(), e);
            }
        }
        if (failure != null) {
            if (cleanupFailure != null) {
                failure.addSuppressed(cleanupFailure);
            }
            throw failure;
        }
        if (cleanupFailure != null) {
            throw cleanupFailure;
        }
        report = buildReport(wallNanos);
        return report;
    }

    /** Writes the timeline, if one was asked for; a file that cannot be written becomes a note, not a failure. */
    private void writeTrace(long wallNanos) {
        if (timeline == null) {
            return;
        }
        TraceFiles files = plan.trace();
        try {
            if (files.json() != null) {
                Files.writeString(files.json(), ChromeTrace.write(timeline));
            }
            if (files.svg() != null) {
                Files.writeString(files.svg(), GanttSvg.write(timeline, plan.space() + " on "
                        + String.join(", ", names())
                        + (plan.inputBuffers() == plan.outputBuffers() ? ", B=" + plan.inputBuffers()
                        : ", B_in=" + plan.inputBuffers() + ", B_out=" + plan.outputBuffers())));
            }
            traceNote = String.format(java.util.Locale.ROOT, "trace: %d slices written to %s; recording took "
                            + "%.3f ms, %.3f%% of the wall time", timeline.slices().size(),
                    java.util.stream.Stream.of(files.json(), files.svg()).filter(java.util.Objects::nonNull)
                            .map(Object::toString).collect(java.util.stream.Collectors.joining(" and ")),
                    timeline.recordingNanos() / 1e6, 100.0 * timeline.recordingNanos() / Math.max(1, wallNanos))
                    + (timeline.dropped() == 0 ? "" : "; only the first " + Timeline.MAX_SLICES + " slices were kept ("
                    + timeline.dropped() + " more not recorded)");
        } catch (java.io.IOException | RuntimeException e) {
            traceNote = "trace could not be written: " + e;
        }
    }

    /** What each measuring device's clock counted during the run: its reading now less its reading at the start. */
    private void readMeasuredTimes() {
        members.measuredAtStart().forEach((device, start) -> device.measuredTimes().ifPresent(
                now -> measuredDuringRun.put(device, now.since(start).byStage())));
    }

    /** Waits for the last chunk or the first failure (the timeout, armed at the start, is one). */
    private void waitForEnd() {
        try {
            control.finished().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
        } catch (ExecutionException e) {
            // the failure is in control
        }
    }

    /**
     * Stops the run's share of its devices' pipelines and waits (up to {@value #STOP_WAIT_SECONDS} s, even if the
     * calling thread was interrupted, whose status is restored after) until no chunk of the run is in flight and no
     * device operation of it is running, then frees the buffers. What is still in use after the wait is left allocated,
     * with a warning, rather than freed under a copy or a kernel.
     */
    private synchronized void cleanUp() {
        if (cleaned) {
            return;
        }
        cleaned = true;
        boolean interrupted = Thread.interrupted();
        try {
            if (control.failure() == null && control.done() < control.total()) {
                cancel();
            }
            boolean stopped = false;
            RunMembers.Closed all = members.close(); // no device joins from now on; one joining is waited for
            try {
                queue.close();
                all.runs().forEach(DeviceRun::stopPools);
                all.servedBy().forEach((run, pipeline) -> pipeline.withdraw(run)); // if still behind other runs
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_WAIT_SECONDS);
                stopped = true;
                for (DeviceRun run : all.runs()) {
                    stopped &= run.awaitReleased(deadline);
                }
                stopped &= control.drain(deadline);
                for (PackedPipeline own : all.ownPipelines()) {
                    try {
                        own.close();
                    } catch (IllegalStateException stillRunning) {
                        stopped = false;
                    }
                }
            } finally {
                if (control.failure() != null) {
                    files.close(); // a failed, cancelled or timed-out run leaves no new file behind
                }
                if (stopped) {
                    ChunkBuffer.closeAll(all.runs().toArray(AutoCloseable[]::new));
                } else {
                    System.getLogger(Execution.class.getName()).log(System.Logger.Level.WARNING, "run on "
                            + String.join(", ", names()) + ": chunks or device operations still in flight "
                            + STOP_WAIT_SECONDS + " s after the run stopped; their buffers are left allocated");
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private List<String> names() {
        return members.devices().stream().map(d -> d.info().name()).toList();
    }

    private RunReport buildReport(long wallNanos) {
        Split split = plan.layout().split();
        ReportBuilder report = new ReportBuilder().nest(plan.space().toString())
                .split(split.depth(), split.group(), split.outerCount(), split.innerCount(), plan.splitReason())
                .prediction(plan.choice().prediction());
        if (split.chunkCount() == 0) {
            report.note("the nest is empty (an extent is 0): nothing to do");
        }
        if (traceNote != null) {
            report.note(traceNote);
        }
        if (replan != null && replan.note() != null) {
            report.note(replan.note());
        }
        List<Device> devices = members.devices();
        boolean anyPacked = false;
        for (Device device : devices) {
            DeviceRun ran = members.runOf(device);
            if (device.info().hostAddressable()) {
                report.note(device.info().name() + " reads and writes the arrays in place: nothing serialized or "
                        + "copied");
            } else if (ran == null || !ran.direct()) {
                anyPacked = true;
            }
            if (ran != null && ran.spec() != null) {
                device.runNotes(ran.spec()).forEach(report::note);
            }
        }
        long in = 0;
        long out = 0;
        for (Device device : devices) {
            DeviceRun context = members.runOf(device);
            Long joinedAfter = members.joinedAfter(device);
            if (joinedAfter != null) {
                report.note(device.info().name() + " joined the run after " + joinedAfter + " chunks");
            }
            if (context != null && context.isLost()) {
                DeviceLostException lost = context.lostCause();
                report.note("device " + lost.device() + " lost after " + context.chunksDone().sum() + " chunks: "
                        + lost.reason() + "; the chunks it had in flight ran on the other devices");
            }
            report.device(device.info().name(), context == null ? 0 : context.chunksDone().sum(),
                    context == null ? Map.of() : context.clock().snapshot(), measuredDuringRun.get(device),
                    context == null ? null : context.kernelPath().orElse(null));
            if (context != null) {
                in += context.bytesIn().sum();
                out += context.bytesOut().sum();
            }
        }
        return report.work(plan.inputBuffers(), plan.outputBuffers(), control.total(), plan.space().count())
                .bytes(in, out, anyPacked ? plan.layout().residentBytes() : 0)
                .times(Duration.ofNanos(wallNanos), clock.snapshot()).build();
    }

    /** Cancels the run if it is still going and frees everything. Idempotent. */
    @Override
    public void close() {
        if (report == null) {
            cancel();
            try {
                cleanUp();
            } finally {
                files.close(); // closed without await: the outputs are not put in place
            }
        }
    }
}

/**
 * The pipeline that runs a {@link org.loopnest.scheduler.RunPlan}: per device with memory of its own, five stages on
 * their own threads hand preallocated {@link org.loopnest.scheduler.ChunkSlot}s to each other through an LMAX
 * Disruptor ring ({@link org.loopnest.scheduler.PackedPipeline}); each slot carries its run
 * ({@link org.loopnest.scheduler.DeviceRun}).
 *
 * <pre>
 *  feeder ──▶ serialize ──▶ copy-in ──▶ kernel ──▶ copy-out ──▶ deserialize ──┐
 *     ▲       (pack chunk)  (host→dev)  (launch)   (wait kernel,  (unpack into   │
 *     │                                  │    ▲     dev→host)     user arrays)   │
 *     └── B_in input buffers ◀ kernel end ┘    └──── B_out output buffers ◀──────┘
 * </pre>
 *
 * <p>The feeder takes a free input buffer before it publishes a chunk, and the kernel stage a free output buffer
 * before it launches; the kernel's end gives the input buffer back and deserialize the output buffer. So at most
 * {@code B_in + B_out} chunks of a run are in flight per device and memory stays bounded whatever the data size, and
 * with two of each copy-in of chunk {@code e+1}, the kernel of {@code e} and copy-out of {@code e−1} run at once:
 * the wall time tends to the slowest stage's total. {@code PackedPipeline} says why the two waits cannot deadlock.
 *
 * <p><b>Threads belong to devices, not runs.</b> A device keeps its pipeline, started when a nest is first planned
 * on it, until it closes; a run starts no thread. On a host-addressable device (the CPU) there is nothing to
 * serialize or copy: {@link org.loopnest.scheduler.DirectDispatch} launches chunks straight onto the device's
 * threads, and each launch's completion launches the next.
 *
 * <p><b>Devices that join.</b> A run's devices share one {@code ChunkQueue}: each takes the
 * next chunk when it has room, so a faster device takes more. A device may also join a run that is going
 * ({@link org.loopnest.scheduler.Execution#join}, e.g. a worker node that answered late): it is checked against the
 * run's split (its memory must hold the run's buffers, chosen for the devices the run started with), set up, and then
 * takes chunks from the same queue; the report lists it after the others, with a note of when it joined.
 * {@code RunMembers} keeps who takes part under a lock of its own, never the execution's monitor, so a join never
 * waits for {@code await()}; a join racing with the run's end is either in (the cleanup waits for it and frees its
 * buffers) or refused.
 *
 * <p><b>Failure:</b> the first exception in any stage aborts the run: the feeder stops publishing the run's
 * chunks, every stage stops waiting for it and skips its chunks, in-flight device work is waited for, the run's
 * buffers are freed, and the caller gets one {@link org.loopnest.error.StageFailedException} naming the stage,
 * chunk and device; the device goes on serving other runs. {@code DeviceRun.failed} decides, in one place, whether
 * a failure loses the device (its chunks go to the run's other devices, joined ones included) or fails the run;
 * the run fails for lost devices only when none is left.
 * {@code org.loopnest.internal.scheduler.SplitPlanner} chooses the split when the user does not.
 */
package org.loopnest.scheduler;

/**
 * The pipeline that runs a {@link org.loopnest.scheduler.RunPlan}: per device, five stages on their own threads
 * hand preallocated {@link org.loopnest.scheduler.ChunkSlot}s to each other through an LMAX Disruptor ring.
 *
 * <pre>
 *  control ──▶ serialize ──▶ copy-in ──▶ kernel ──▶ copy-out ──▶ deserialize ──┐
 *     ▲        (pack chunk)  (host→dev)  (launch)   (wait kernel,  (unpack into   │
 *     │                                   │    ▲     dev→host)     user arrays)   │
 *     └── B_in input buffers ◀ kernel end ┘    └──── B_out output buffers ◀──────┘
 * </pre>
 *
 * <p>The control thread takes a free input buffer before it publishes a chunk, and the kernel stage a free output
 * buffer before it launches; the kernel's end gives the input buffer back and deserialize the output buffer. So at
 * most {@code B_in + B_out} chunks are in flight per device and memory stays bounded whatever the data size, and
 * with two of each copy-in of chunk {@code e+1}, the kernel of {@code e} and copy-out of {@code e−1} run at once:
 * the wall time tends to the slowest stage's total. {@code Pipeline} says why the two waits cannot deadlock.
 * On a host-addressable device (the CPU) serialize and copies have nothing to do and the kernel reads the
 * user's arrays in place.
 *
 * <p><b>Failure:</b> the first exception in any stage aborts the run: the control thread stops publishing,
 * every stage stops waiting, in-flight device work is waited for, buffers are freed, threads end, and the
 * caller gets one {@link org.loopnest.error.StageFailedException} naming the stage, chunk and device.
 * {@code org.loopnest.internal.scheduler.SplitPlanner} chooses the split when the user does not.
 */
package org.loopnest.scheduler;

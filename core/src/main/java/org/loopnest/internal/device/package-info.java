/**
 * The parts the built-in devices share: {@link org.loopnest.internal.device.BlockExecutor} runs a chunk's blocks on a
 * pool of kernel threads, {@link org.loopnest.internal.device.SerialEngine} runs a device's copies and launches in
 * order on one thread, {@link org.loopnest.internal.device.MemoryBudget} reserves a device's memory per run,
 * {@link org.loopnest.internal.device.DeviceClock} sums what a device's own clock measured,
 * {@link org.loopnest.internal.device.CostCalibration} measures a device's copy costs once per process,
 * {@link org.loopnest.internal.device.ChunkCalibration} the round trip a chunk pays on each of its engines, and
 * {@link org.loopnest.internal.device.ThreadNames} names the runtime's threads.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists; a backend implements the SPI of
 * {@code org.loopnest.device}.
 */
package org.loopnest.internal.device;

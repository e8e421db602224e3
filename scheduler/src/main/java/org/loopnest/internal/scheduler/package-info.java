/**
 * How {@code LoopNest} assembles a {@link org.loopnest.scheduler.RunPlan}: {@link
 * org.loopnest.internal.scheduler.SplitPlanner} chooses or checks the split ({@link
 * org.loopnest.internal.scheduler.SplitChoice}) — by the fixed rule, or, when the device describes its costs, as
 * {@code CostPlanner} finds the split {@link org.loopnest.internal.scheduler.CostModel}
 * predicts fastest for a {@link org.loopnest.internal.scheduler.RunShape}, with the kernel rate {@link
 * org.loopnest.internal.scheduler.KernelRates} learnt from earlier runs, and with the buffers per direction
 * ({@code BufferOptions}) when the user set none: a {@link org.loopnest.internal.scheduler.PlannedSplit} —,
 * {@link org.loopnest.internal.scheduler.Replan} decides whether to re-group a run's remaining chunks once its first
 * kernel has been timed, {@link org.loopnest.internal.scheduler.DeviceSource} says where each
 * run gets its devices, {@link org.loopnest.internal.scheduler.PlanBuilder} freezes the parts into a plan (through
 * {@link org.loopnest.internal.scheduler.PlanAccess}), and {@link org.loopnest.internal.scheduler.PackedLaunch} runs a
 * Java kernel on a packed chunk (on the CPU and on a cluster node).
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists.
 */
package org.loopnest.internal.scheduler;

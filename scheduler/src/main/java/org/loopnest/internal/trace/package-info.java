/**
 * Timelines of runs: where the time of each stage of each chunk on each device went.
 *
 * <p>A {@link org.loopnest.internal.trace.Timeline} collects one {@link org.loopnest.internal.trace.Slice} per stage per chunk while
 * a run goes (cheaply: one small object and a lock-free queue insertion per slice; the run's report says how much
 * recording cost). After the run it is written as Chrome Trace Event JSON ({@link org.loopnest.internal.trace.ChromeTrace},
 * which Perfetto and {@code chrome://tracing} open: one track per stage per device, one slice per chunk) and/or as
 * a static SVG Gantt chart ({@link org.loopnest.internal.trace.GanttSvg}). Enable it with {@code LoopNest.trace(...)}.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists.
 */
package org.loopnest.internal.trace;

/**
 * How the runtime makes the reports of {@code org.loopnest.report}: {@link org.loopnest.internal.report.ReportBuilder}
 * collects a run's figures, {@link org.loopnest.internal.report.ReportAccess} reaches the reports' package-private
 * constructors, {@link org.loopnest.internal.report.ReportJson} writes a report as JSON.
 *
 * <p><b>Internal: not API; may change without notice.</b> Nothing here is published in the javadoc; use
 * {@code org.loopnest.LoopNest} and the API packages README lists.
 */
package org.loopnest.internal.report;

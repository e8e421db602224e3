/**
 * What a run did: {@link org.loopnest.report.RunReport} (split chosen and why, chunks, bytes moved, wall time,
 * busy time per {@link org.loopnest.report.Stage}, overlap efficiency) with a
 * {@link org.loopnest.report.DeviceReport} per device, readable as text and as JSON. Reports are made by the
 * runtime, never by users: {@code org.loopnest.internal.report.ReportBuilder} is the runtime's door and not API.
 */
package org.loopnest.report;

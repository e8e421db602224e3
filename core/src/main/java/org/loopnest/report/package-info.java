/**
 * What a run did: {@link org.loopnest.report.RunReport} (split chosen and why, chunks, bytes moved, wall time,
 * busy time per {@link org.loopnest.report.Stage}, overlap efficiency, devices), readable as text and as JSON.
 */
package org.loopnest.report;

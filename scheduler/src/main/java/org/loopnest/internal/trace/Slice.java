package org.loopnest.internal.trace;

import org.loopnest.report.Stage;

/**
 * One stage's work on one chunk on one device.
 *
 * @param device     the device's name
 * @param stage      the stage
 * @param chunk      the chunk number
 * @param startNanos start, {@code System.nanoTime()}
 * @param endNanos   end, {@code System.nanoTime()}
 */
public record Slice(String device, Stage stage, long chunk, long startNanos, long endNanos) {
}

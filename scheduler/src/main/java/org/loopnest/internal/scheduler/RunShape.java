package org.loopnest.internal.scheduler;

import org.loopnest.index.Split;
import org.loopnest.internal.serializer.ChunkLayout;

/**
 * What a candidate split asks of a device, as {@link CostModel} reads it: how many chunks, the iterations and
 * bytes of a full chunk and of the last (possibly shorter) one, the resident bytes, and the buffer sets. Immutable.
 *
 * @param chunks         chunks {@code n}
 * @param iterations     iterations of a full chunk
 * @param lastIterations iterations of the last chunk ({@code ≤ iterations})
 * @param inputBytes     input buffer bytes of a full chunk
 * @param outputBytes    output buffer bytes of a full chunk
 * @param residentBytes  bytes copied once per run
 * @param buffers        buffer sets per device {@code B}
 */
public record RunShape(long chunks, long iterations, long lastIterations, long inputBytes, long outputBytes,
                       long residentBytes, BufferCounts buffers) {
    /**
     * Checks the shape.
     *
     * @param chunks chunks
     * @param iterations iterations of a full chunk
     * @param lastIterations iterations of the last chunk
     * @param inputBytes input bytes of a full chunk
     * @param outputBytes output bytes of a full chunk
     * @param residentBytes bytes copied once
     * @param buffers buffer sets per device
     * @throws IllegalArgumentException naming a negative figure, fewer than one buffer set, or a last chunk larger
     *     than a full one
     */
    public RunShape {
        long[] values = {chunks, iterations, lastIterations, inputBytes, outputBytes, residentBytes};
        String[] names = {"chunks", "iterations", "lastIterations", "inputBytes", "outputBytes", "residentBytes"};
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0) {
                throw new IllegalArgumentException(names[i] + " = " + values[i] + " (expected: >= 0)");
            }
        }
        if (lastIterations > iterations) {
            throw new IllegalArgumentException("lastIterations = " + lastIterations + " (expected: <= iterations = "
                    + iterations + ")");
        }
        if (buffers == null) {
            throw new IllegalArgumentException("buffers is null (expected: the chunk buffers per direction)");
        }
    }

    /**
     * A shape with {@code buffers} chunk buffers in each direction.
     *
     * @param chunks how many chunks
     * @param iterations iterations of a full chunk
     * @param lastIterations iterations of the last chunk
     * @param inputBytes bytes copied in per full chunk
     * @param outputBytes bytes copied out per full chunk
     * @param residentBytes bytes copied in once
     * @param buffers chunk buffers per direction, at least 1
     */
    public RunShape(long chunks, long iterations, long lastIterations, long inputBytes, long outputBytes,
                    long residentBytes, int buffers) {
        this(chunks, iterations, lastIterations, inputBytes, outputBytes, residentBytes, BufferCounts.both(buffers));
    }

    /**
     * {@return the shape of running {@code split} with {@code layout} and {@code buffers} buffer sets}
     *
     * @param split   the split
     * @param layout  its chunk layout
     * @param buffers buffer sets per device
     */
    public static RunShape of(Split split, ChunkLayout layout, int buffers) {
        return of(split, layout, BufferCounts.both(buffers));
    }

    /**
     * {@return the shape of {@code split} laid out as {@code layout}, with {@code buffers} per direction}
     *
     * @param split the split
     * @param layout its chunk layout
     * @param buffers chunk buffers per direction
     */
    public static RunShape of(Split split, ChunkLayout layout, BufferCounts buffers) {
        long n = split.chunkCount();
        long full = split.maxChunkIterations();
        long last = n == 0 ? 0 : split.space().count() - (n - 1) * full;
        return new RunShape(n, full, last, layout.inputBytes(), layout.outputBytes(), layout.residentBytes(), buffers);
    }
}

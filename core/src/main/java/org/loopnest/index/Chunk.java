package org.loopnest.index;

/**
 * One unit of work: outer iterations {@code [firstOuter, firstOuter + outerCount)} of a {@link Split}, i.e. the
 * flat iterations {@code [firstFlat, firstFlat + iterations)}.
 *
 * @param number     the chunk number {@code c}, 0-based
 * @param firstOuter the first outer iteration {@code e} of the chunk
 * @param outerCount how many outer iterations the chunk holds ({@code r}, fewer in the remainder chunk)
 * @param firstFlat  the flat number of the chunk's first iteration
 * @param iterations how many iterations the chunk holds
 */
public record Chunk(long number, long firstOuter, long outerCount, long firstFlat, long iterations) {
}

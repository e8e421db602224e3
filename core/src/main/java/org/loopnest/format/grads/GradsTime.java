package org.loopnest.format.grads;

import java.util.Objects;

/**
 * The time dimension ({@code TDEF n LINEAR start increment}). The start ({@code 02JAN1987}, {@code 00Z01JAN2000})
 * and the increment ({@code 1DY}, {@code 6hr}) are kept as the descriptor wrote them: LoopNest needs only the
 * count, and a descriptor it writes copies them. Immutable.
 *
 * @param count     the number of time steps; at least 1
 * @param start     the first time, as written; one non-blank word
 * @param increment the step between times, as written; one non-blank word
 */
public record GradsTime(int count, String start, String increment) {
    /**
     * Checks the components.
     *
     * @param count the number of time steps
     * @param start the first time
     * @param increment the step between times
     * @throws IllegalArgumentException naming the component that is out of range
     */
    public GradsTime {
        if (count < 1) {
            throw new IllegalArgumentException("count = " + count + " (expected: >= 1)");
        }
        requireWord("start", start);
        requireWord("increment", increment);
    }

    private static void requireWord(String what, String value) {
        Objects.requireNonNull(value, what);
        if (value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(what + " = '" + value + "' (expected: one word)");
        }
    }
}

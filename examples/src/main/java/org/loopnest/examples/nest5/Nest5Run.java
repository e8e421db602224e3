package org.loopnest.examples.nest5;

/**
 * What a run of {@link Nest5} did. Every iteration ran exactly once when the kernel was called once per
 * iteration and every iteration's output holds its own flat number: {@code C} calls covering {@code C} distinct
 * iterations leave none out and none twice.
 *
 * @param iterations   the iterations of the nest, {@code C}
 * @param calls        kernel calls counted
 * @param wrongFlat    elements with {@code out[k] != k} (missed or misplaced iterations)
 * @param wrongIndices iterations whose indices recomputed from {@code (e, id)} differ from the loop's
 */
public record Nest5Run(long iterations, long calls, long wrongFlat, long wrongIndices) {

    /** Whether every iteration ran exactly once and recovered its indices. */
    public boolean passed() {
        return calls == iterations && wrongFlat == 0 && wrongIndices == 0;
    }

    /** One line saying so, or what went wrong. */
    @Override
    public String toString() {
        if (passed()) {
            return "checked: every one of " + iterations + " iterations ran exactly once (out[f] == f for every flat number f), "
                    + "and the indices recovered from (e, id) equal the loop indices";
        }
        return "check FAILED: " + calls + " kernel calls for " + iterations + " iterations, " + wrongFlat
                + " elements with out[k] != k, " + wrongIndices + " iterations with wrongly recovered indices";
    }
}

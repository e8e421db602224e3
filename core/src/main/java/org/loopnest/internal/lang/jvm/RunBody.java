package org.loopnest.internal.lang.jvm;

/**
 * One compiled kernel body: runs one run of the innermost loop, {@code n} consecutive iterations along which only the
 * innermost index changes. Implemented only by classes that {@link JavaEmitter} prints; stateless, so one instance
 * serves every thread.
 */
public interface RunBody {
    /**
     * Runs iterations {@code 0 .. n-1} of a run: in iteration {@code k} the innermost index is
     * {@code indices[last] + k}, the other indices are as given, and array {@code a}'s element sits at
     * {@code positions[a] + k * step_a} in {@code stores[a]} (the step is part of the compiled code).
     *
     * @param stores each array's store, in the program's array order (a primitive array or an NIO buffer)
     * @param positions each array's element position at the run's first iteration
     * @param indices the loop indices at the run's first iteration, outermost first
     * @param n how many iterations, at least 1
     * @throws RuntimeException what the body throws, e.g. {@link ArithmeticException} for an integer division by
     *     zero; the iterations before the failing one have stored their outputs
     */
    void run(Object[] stores, long[] positions, long[] indices, int n);
}

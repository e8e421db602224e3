package org.loopnest.internal.lang.jvm;

import java.nio.Buffer;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.data.ElementCopier;

/**
 * Runs a vector body over a run whose arrays are not all heap arrays with step 0 or 1 (NIO buffers of packed chunks
 * and file windows, strided arrays): in strips of at most {@value #STRIP} iterations, it copies each staged input's
 * elements of the strip into a heap array of its own (a bulk copy for a buffer with step 1, element by element
 * otherwise), runs the body over the strip with every staged array as that heap array at step 1 (or one element at
 * step 0), then copies each staged output's elements back. The strip's arrays stay in the core's cache between the
 * copies and the body.
 *
 * <p><b>Thread safety:</b> none: one instance belongs to the bound body of one thread (its heap arrays are reused).
 */
final class StagedRun {
    /** The most iterations staged at once: a multiple of every lane count, and 16 KiB of floats per array. */
    static final int STRIP = 4096;
    private final boolean[] staged;
    private final boolean[] output;
    private final Object[] scratch;
    private final Buffer[] wrapped;
    private final Object[] stores;
    private final long[] positions;
    private final long[] steps;
    private final long[] indices;

    private StagedRun(List<ArraySignature> arrays, AccessSignature layout, int depth) {
        int n = arrays.size();
        this.staged = new boolean[n];
        this.output = new boolean[n];
        this.scratch = new Object[n];
        this.wrapped = new Buffer[n];
        this.stores = new Object[n];
        this.positions = new long[n];
        this.steps = new long[n];
        this.indices = new long[depth];
        for (int a = 0; a < n; a++) {
            AccessSignature.Access access = layout.arrays().get(a);
            staged[a] = needed(access);
            output[a] = arrays.get(a).role() == Role.OUT;
            steps[a] = access.step();
            if (staged[a]) {
                Class<?> element = ElementType.valueOf(arrays.get(a).type().name()).primitive();
                scratch[a] = java.lang.reflect.Array.newInstance(element, steps[a] == 0 ? 1 : STRIP);
                wrapped[a] = ElementCopier.wrap(scratch[a]);
            }
        }
    }

    /**
     * {@return the staging of the arrays that {@code layout} reaches otherwise than as heap arrays at step 0 or 1, or
     * {@code null} if there are none (the vector body reaches every array itself)}
     *
     * @param arrays the program's arrays, in its order
     * @param layout how a run's views reach each of them
     * @param depth the nest's depth
     */
    static StagedRun of(List<ArraySignature> arrays, AccessSignature layout, int depth) {
        return layout.arrays().stream().anyMatch(StagedRun::needed) ? new StagedRun(arrays, layout, depth) : null;
    }

    /** {@return whether an access needs staging for a vector body: anything but a heap array at step 0 or 1} */
    static boolean needed(AccessSignature.Access access) {
        return !access.heapArray() || (access.step() != 0 && access.step() != 1);
    }

    /**
     * Runs {@code body} over the run of {@code n} iterations whose arrays are {@code runStores} at
     * {@code runPositions} and whose first iteration has {@code runIndices}.
     */
    void run(RunBody body, Object[] runStores, long[] runPositions, long[] runIndices, int n) {
        int last = indices.length - 1;
        System.arraycopy(runIndices, 0, indices, 0, indices.length);
        for (int k = 0; k < n; k += STRIP) {
            int count = Math.min(STRIP, n - k);
            indices[last] = runIndices[last] + k;
            for (int a = 0; a < staged.length; a++) {
                long at = runPositions[a] + k * steps[a];
                if (!staged[a]) {
                    stores[a] = runStores[a];
                    positions[a] = at;
                    continue;
                }
                stores[a] = scratch[a];
                positions[a] = 0;
                if (!output[a]) {
                    copy(runStores[a], at, steps[a], wrapped[a], true, steps[a] == 0 ? 1 : count);
                }
            }
            body.run(stores, positions, indices, count);
            for (int a = 0; a < staged.length; a++) {
                if (staged[a] && output[a]) {
                    copy(runStores[a], runPositions[a] + k * steps[a], steps[a], wrapped[a], false,
                            steps[a] == 0 ? 1 : count);
                }
            }
        }
    }

    /**
     * Copies {@code count} elements between {@code store} (from {@code at}, every {@code step}) and the heap array
     * that {@code heap} wraps: one bulk copy for step 1 ({@link ElementCopier}).
     */
    private static void copy(Object store, long at, long step, Buffer heap, boolean in, int count) {
        Buffer outer = store instanceof Buffer buffer ? buffer : ElementCopier.wrap(store);
        if (in) {
            ElementCopier.copy(outer, (int) at, (int) step, heap, 0, 1, count);
        } else {
            ElementCopier.copy(heap, 0, 1, outer, (int) at, (int) step, count);
        }
    }
}

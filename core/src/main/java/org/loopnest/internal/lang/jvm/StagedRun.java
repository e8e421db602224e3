package org.loopnest.internal.lang.jvm;

import java.nio.Buffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.loopnest.data.Role;

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
    private final Object[] stores;
    private final long[] positions;
    private final long[] steps;
    private final long[] indices;

    /**
     * @param staged which arrays are staged, in the program's order
     * @param roles each array's role
     * @param elements each array's element class ({@code float.class}, …)
     * @param steps each array's step along the run
     * @param depth the nest's depth
     */
    StagedRun(boolean[] staged, Role[] roles, Class<?>[] elements, long[] steps, int depth) {
        int n = staged.length;
        this.staged = staged.clone();
        this.output = new boolean[n];
        this.scratch = new Object[n];
        this.stores = new Object[n];
        this.positions = new long[n];
        this.steps = steps.clone();
        this.indices = new long[depth];
        for (int a = 0; a < n; a++) {
            output[a] = roles[a] == Role.OUT;
            if (staged[a]) {
                scratch[a] = java.lang.reflect.Array.newInstance(elements[a], steps[a] == 0 ? 1 : STRIP);
            }
        }
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
                    copy(runStores[a], at, steps[a], scratch[a], true, steps[a] == 0 ? 1 : count);
                }
            }
            body.run(stores, positions, indices, count);
            for (int a = 0; a < staged.length; a++) {
                if (staged[a] && output[a]) {
                    copy(runStores[a], runPositions[a] + k * steps[a], steps[a], scratch[a], false,
                            steps[a] == 0 ? 1 : count);
                }
            }
        }
    }

    /** Copies {@code count} elements between {@code store} (from {@code at}, every {@code step}) and {@code heap}. */
    private static void copy(Object store, long at, long step, Object heap, boolean in, int count) {
        if (store instanceof Buffer buffer) {
            copyBuffer(buffer, (int) at, step, heap, in, count);
            return;
        }
        if (step == 1) {
            if (in) {
                System.arraycopy(store, (int) at, heap, 0, count);
            } else {
                System.arraycopy(heap, 0, store, (int) at, count);
            }
            return;
        }
        int s = (int) step;
        int p = (int) at;
        if (store instanceof float[] x) {
            float[] h = (float[]) heap;
            for (int i = 0; i < count; i++) {
                if (in) {
                    h[i] = x[p + i * s];
                } else {
                    x[p + i * s] = h[i];
                }
            }
        } else if (store instanceof double[] x) {
            double[] h = (double[]) heap;
            for (int i = 0; i < count; i++) {
                if (in) {
                    h[i] = x[p + i * s];
                } else {
                    x[p + i * s] = h[i];
                }
            }
        } else if (store instanceof int[] x) {
            int[] h = (int[]) heap;
            for (int i = 0; i < count; i++) {
                if (in) {
                    h[i] = x[p + i * s];
                } else {
                    x[p + i * s] = h[i];
                }
            }
        } else {
            long[] x = (long[]) store;
            long[] h = (long[]) heap;
            for (int i = 0; i < count; i++) {
                if (in) {
                    h[i] = x[p + i * s];
                } else {
                    x[p + i * s] = h[i];
                }
            }
        }
    }

    private static void copyBuffer(Buffer store, int at, long step, Object heap, boolean in, int count) {
        int s = (int) step;
        if (store instanceof FloatBuffer b) {
            float[] h = (float[]) heap;
            if (s == 1) {
                if (in) {
                    b.get(at, h, 0, count);
                } else {
                    b.put(at, h, 0, count);
                }
                return;
            }
            for (int i = 0; i < count; i++) {
                if (in) {
                    h[i] = b.get(at + i * s);
                } else {
                    b.put(at + i * s, h[i]);
                }
            }
        } else if (store instanceof DoubleBuffer b) {
            double[] h = (double[]) heap;
            if (s == 1) {
                if (in) {
                    b.get(at, h, 0, count);
                } else {
                    b.put(at, h, 0, count);
                }
                return;
            }
            for (int i = 0; i < count; i++) {
                if (in) {
                    h[i] = b.get(at + i * s);
                } else {
                    b.put(at + i * s, h[i]);
                }
            }
        } else if (store instanceof IntBuffer b) {
            int[] h = (int[]) heap;
            if (s == 1) {
                if (in) {
                    b.get(at, h, 0, count);
                } else {
                    b.put(at, h, 0, count);
                }
                return;
            }
            for (int i = 0; i < count; i++) {
                if (in) {
                    h[i] = b.get(at + i * s);
                } else {
                    b.put(at + i * s, h[i]);
                }
            }
        } else {
            LongBuffer b = (LongBuffer) store;
            long[] h = (long[]) heap;
            if (s == 1) {
                if (in) {
                    b.get(at, h, 0, count);
                } else {
                    b.put(at, h, 0, count);
                }
                return;
            }
            for (int i = 0; i < count; i++) {
                if (in) {
                    h[i] = b.get(at + i * s);
                } else {
                    b.put(at + i * s, h[i]);
                }
            }
        }
    }
}

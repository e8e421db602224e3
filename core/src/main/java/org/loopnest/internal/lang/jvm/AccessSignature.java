package org.loopnest.internal.lang.jvm;

import java.util.Collection;
import java.util.List;
import org.loopnest.data.ArrayBinding;

/**
 * How compiled code reaches each array of a program, in the program's array order: the part of the layout that
 * {@link JavaEmitter} bakes into the source. Immutable.
 *
 * @param arrays one access per binding of the program's context (a column array is one binding per level)
 */
public record AccessSignature(List<Access> arrays) {
    /** Copies the list. */
    public AccessSignature {
        arrays = List.copyOf(arrays);
    }

    /**
     * {@return the access of {@code arrays} as flat heap arrays in nest order: step 1 for an array that uses the
     * innermost loop, 0 for one that does not} The layout of the printed Java source that {@code --dump-kernels}
     * writes; a run compiles for the layouts its views actually have.
     *
     * @param arrays the program's arrays, in its context's order
     * @param depth the number of loops of the nest
     */
    public static AccessSignature heapArrays(Collection<ArrayBinding> arrays, int depth) {
        return new AccessSignature(arrays.stream().map(b -> {
            int[] dims = b.dims();
            return new Access(true, dims.length > 0 && dims[dims.length - 1] == depth - 1 ? 1 : 0);
        }).toList());
    }

    /**
     * How one array is reached.
     *
     * @param heapArray whether its store is a primitive array (else an NIO buffer of the element type)
     * @param step the elements between consecutive iterations of a run (0: the array does not use the innermost loop)
     */
    public record Access(boolean heapArray, long step) {
    }
}

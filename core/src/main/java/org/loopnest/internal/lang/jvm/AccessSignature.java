package org.loopnest.internal.lang.jvm;

import java.util.List;

/**
 * How compiled code reaches each array of a program, in the program's array order: the part of the layout that
 * {@link JavaEmitter} bakes into the source. Immutable.
 *
 * @param arrays one access per array of the program's context
 */
public record AccessSignature(List<Access> arrays) {
    /** Copies the list. */
    public AccessSignature {
        arrays = List.copyOf(arrays);
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

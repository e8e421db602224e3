package org.loopnest.internal.lang;

import java.util.Collection;
import java.util.List;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;

/**
 * What a kernel body may name besides its own locals and helpers: the loop indices in nest order and the arrays
 * bound to the run. Immutable.
 *
 * @param indices the loop indices' names, outermost first
 * @param arrays the arrays, in the order the run binds them
 */
public record KernelContext(List<String> indices, List<ArraySignature> arrays) {
    /** Copies the lists. */
    public KernelContext {
        indices = List.copyOf(indices);
        arrays = List.copyOf(arrays);
    }

    /**
     * {@return what a body over {@code space} with {@code arrays} may name}
     *
     * @param space the nest, whose index names the body uses
     * @param arrays the bound arrays, in binding order
     */
    public static KernelContext of(IndexSpace space, Collection<ArrayBinding> arrays) {
        return new KernelContext(space.names(), arrays.stream()
                .map(b -> new ArraySignature(b.name(), Type.of(b.type()), b.role())).toList());
    }

    /**
     * An array as the body sees it.
     *
     * @param name its name
     * @param type its element type
     * @param role input (read-only) or output (assigned on every path)
     */
    public record ArraySignature(String name, Type type, Role role) {
    }
}

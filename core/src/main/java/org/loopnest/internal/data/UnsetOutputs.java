package org.loopnest.internal.data;

import java.nio.Buffer;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.JaggedHolder;
import org.loopnest.data.LinearHolder;
import org.loopnest.index.Iteration;

/**
 * The rule for an output element that a Java body leaves unset: it comes back as 0, on every device, as from a
 * compiled kernel (whose generated code sets each output to 0 before the body). Java devices clear the output
 * elements of each piece of a block ({@link org.loopnest.internal.kernel.Kernel#PIECE} iterations) just before the body runs
 * over it, while they stay in cache: in the user's own array on a host-addressable device (so the old value does not
 * survive), in the packed chunk buffer elsewhere (so another chunk's data does not). The cost is one more write of
 * each output element, one fill per piece (per row for a strided or jagged output). Stateless; each call touches only
 * the elements of the block it is given, so blocks may be cleared concurrently.
 */
public final class UnsetOutputs {
    private UnsetOutputs() {
    }

    /**
     * Sets {@code output}'s elements for the iterations {@code block} walks, from its position to its end, to 0 in the
     * user's holder. Moves {@code block} to its end.
     *
     * @param output the output binding, with its holder
     * @param block the cursor of the calling thread
     */
    public static void clear(ArrayBinding output, Iteration block) {
        if (output.holder() instanceof JaggedHolder) {
            JaggedRows rows = new JaggedRows(output);
            while (block.valid()) {
                int n = block.runLength();
                ElementCopier.clear(ElementCopier.wrap(rows.row(block)), rows.column(block), 1, n);
                block.advance(n);
            }
            return;
        }
        LinearHolder linear = (LinearHolder) output.holder();
        clear(linear.typedView(), Addressing.of(output, linear), block);
    }

    /**
     * Sets the elements at {@code at} for the iterations {@code block} walks to 0 in {@code typed} (a packed chunk
     * buffer, or a typed view of a user's store). Moves {@code block} to its end.
     *
     * @param typed the typed buffer written
     * @param at where each iteration's element sits in {@code typed}
     * @param block the cursor of the calling thread
     */
    public static void clear(Buffer typed, Addressing at, Iteration block) {
        if (at.isContiguous()) {
            ElementCopier.clear(typed, (int) (block.flat() + at.flatBase()), 1, Math.toIntExact(block.remaining()));
            return;
        }
        while (block.valid()) {
            int n = block.runLength();
            ElementCopier.clear(typed, (int) at.offset(block), (int) at.runStride(block), n);
            block.advance(n);
        }
    }

}

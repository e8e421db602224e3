package org.loopnest.internal.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.DoubleView;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FlatHolder;
import org.loopnest.data.FloatView;
import org.loopnest.data.IntView;
import org.loopnest.data.JaggedHolder;
import org.loopnest.data.LinearHolder;
import org.loopnest.data.LongView;

/**
 * Makes the typed view ({@link FloatView}, {@link DoubleView}, {@link IntView} or {@link LongView}, matching the
 * binding's element type) through which a kernel reaches one array. Used by devices and the scheduler; kernels
 * get views by name from their {@code BoundArrays}.
 *
 * <p>Each call returns a new view that belongs to the calling thread (jagged views cache their last row).
 */
public final class Views {
    private Views() {
    }

    /**
     * {@return a {@code FloatView}, {@code DoubleView}, {@code IntView} or {@code LongView}, by the binding's element
     * type, straight into the user's holder: no copy (host-addressable devices)} An input's view refuses writes.
     * A file-backed array's view from here reaches no element (any access throws {@link IndexOutOfBoundsException}):
     * it serves lookups only, such as checking a body's array names, and has the layout of a chunk's window (a buffer,
     * the file's strides: {@link RunAccess}), so that a body compiled for it is the one a run compiles; runs reach
     * files through each chunk's {@link FileWindow}.
     *
     * @param binding the array, with its holder
     */
    public static Object direct(ArrayBinding binding) {
        ElementOps ops = ElementOps.of(binding.type());
        if (binding.holder() instanceof FileHolder file) {
            return over(binding, ElementCopier.typed(ByteBuffer.allocate(0), file.type()), Addressing.of(binding, file));
        }
        if (binding.holder() instanceof JaggedHolder) {
            return ops.jaggedView(new JaggedRows(binding), binding);
        }
        LinearHolder linear = (LinearHolder) binding.holder();
        Addressing at = Addressing.of(binding, linear);
        if (linear instanceof FlatHolder flat) {
            return ops.arrayView(flat.array(), at, binding);
        }
        return over(binding, linear.typedView(), at);
    }

    /**
     * {@return a view over a typed buffer (a packed chunk region, or a user's buffer) at the given addressing} An
     * input's view refuses writes.
     *
     * @param binding the array
     * @param typed a {@code FloatBuffer}, … matching the binding's element type
     * @param at where each iteration's element sits in {@code typed}
     * @throws ClassCastException if {@code typed} holds another element type
     */
    public static Object over(ArrayBinding binding, Buffer typed, Addressing at) {
        return ElementOps.of(binding.type()).bufferView(typed, at, binding);
    }

    /** What a view's {@code set} throws for an input: the input's name and what was expected. */
    static IllegalStateException writeToInput(ArrayBinding input) {
        return new IllegalStateException(input + " is an input (expected: kernels write only outputs)");
    }
}

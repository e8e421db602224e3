package org.loopnest.data;

import java.nio.Buffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;

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

    /** A view straight into the user's holder: no copy (host-addressable devices). */
    public static Object direct(ArrayBinding binding) {
        String readOnly = readOnly(binding);
        if (binding.holder() instanceof JaggedHolder) {
            JaggedRows rows = new JaggedRows(binding);
            return switch (binding.type()) {
                case FLOAT -> FloatViews.jagged(rows, readOnly);
                case DOUBLE -> DoubleViews.jagged(rows, readOnly);
                case INT -> IntViews.jagged(rows, readOnly);
                case LONG -> LongViews.jagged(rows, readOnly);
            };
        }
        LinearHolder linear = (LinearHolder) binding.holder();
        Addressing at = Addressing.of(binding, linear);
        if (linear instanceof FlatHolder flat) {
            Object array = flat.array();
            return switch (binding.type()) {
                case FLOAT -> FloatViews.array((float[]) array, at, readOnly);
                case DOUBLE -> DoubleViews.array((double[]) array, at, readOnly);
                case INT -> IntViews.array((int[]) array, at, readOnly);
                case LONG -> LongViews.array((long[]) array, at, readOnly);
            };
        }
        return over(binding, linear.typedView(), at);
    }

    /**
     * A view over a typed buffer (a packed chunk region, or a user's buffer) at the given addressing.
     *
     * @param typed a {@code FloatBuffer}, … matching the binding's element type
     */
    public static Object over(ArrayBinding binding, Buffer typed, Addressing at) {
        String readOnly = readOnly(binding);
        return switch (binding.type()) {
            case FLOAT -> FloatViews.buffer((FloatBuffer) typed, at, readOnly);
            case DOUBLE -> DoubleViews.buffer((DoubleBuffer) typed, at, readOnly);
            case INT -> IntViews.buffer((IntBuffer) typed, at, readOnly);
            case LONG -> LongViews.buffer((LongBuffer) typed, at, readOnly);
        };
    }

    private static String readOnly(ArrayBinding binding) {
        return binding.role() == Role.IN ? binding.toString() : null;
    }

    static void checkWritable(String readOnly) {
        if (readOnly != null) {
            throw new IllegalStateException(readOnly + " is an input (expected: kernels write only outputs)");
        }
    }
}

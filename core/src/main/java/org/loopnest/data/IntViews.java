package org.loopnest.data;

import java.nio.IntBuffer;
import org.loopnest.index.Iteration;

/** The {@link IntView} implementations: over a {@code int[]}, over a {@link IntBuffer}, over jagged rows. */
final class IntViews {
    private IntViews() {
    }

    static IntView array(int[] array, Addressing at, String readOnly) {
        return new IntView() {
            @Override
            public int get(Iteration it) {
                return array[(int) at.offset(it)];
            }

            @Override
            public void set(Iteration it, int value) {
                Views.checkWritable(readOnly);
                array[(int) at.offset(it)] = value;
            }
        };
    }

    static IntView buffer(IntBuffer buffer, Addressing at, String readOnly) {
        return new IntView() {
            @Override
            public int get(Iteration it) {
                return buffer.get((int) at.offset(it));
            }

            @Override
            public void set(Iteration it, int value) {
                Views.checkWritable(readOnly);
                buffer.put((int) at.offset(it), value);
            }
        };
    }

    static IntView jagged(JaggedRows rows, String readOnly) {
        return new IntView() {
            @Override
            public int get(Iteration it) {
                return ((int[]) rows.row(it))[rows.column(it)];
            }

            @Override
            public void set(Iteration it, int value) {
                Views.checkWritable(readOnly);
                ((int[]) rows.row(it))[rows.column(it)] = value;
            }
        };
    }
}

package org.loopnest.data;

import java.nio.FloatBuffer;
import org.loopnest.index.Iteration;

/** The {@link FloatView} implementations: over a {@code float[]}, over a {@link FloatBuffer}, over jagged rows. */
final class FloatViews {
    private FloatViews() {
    }

    static FloatView array(float[] array, Addressing at, String readOnly) {
        return new FloatView() {
            @Override
            public float get(Iteration it) {
                return array[(int) at.offset(it)];
            }

            @Override
            public void set(Iteration it, float value) {
                Views.checkWritable(readOnly);
                array[(int) at.offset(it)] = value;
            }
        };
    }

    static FloatView buffer(FloatBuffer buffer, Addressing at, String readOnly) {
        return new FloatView() {
            @Override
            public float get(Iteration it) {
                return buffer.get((int) at.offset(it));
            }

            @Override
            public void set(Iteration it, float value) {
                Views.checkWritable(readOnly);
                buffer.put((int) at.offset(it), value);
            }
        };
    }

    static FloatView jagged(JaggedRows rows, String readOnly) {
        return new FloatView() {
            @Override
            public float get(Iteration it) {
                return ((float[]) rows.row(it))[rows.column(it)];
            }

            @Override
            public void set(Iteration it, float value) {
                Views.checkWritable(readOnly);
                ((float[]) rows.row(it))[rows.column(it)] = value;
            }
        };
    }
}

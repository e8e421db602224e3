package org.loopnest.data;

import java.nio.DoubleBuffer;
import org.loopnest.index.Iteration;

/** The {@link DoubleView} implementations: over a {@code double[]}, over a {@link DoubleBuffer}, over jagged rows. */
final class DoubleViews {
    private DoubleViews() {
    }

    static DoubleView array(double[] array, Addressing at, String readOnly) {
        return new DoubleView() {
            @Override
            public double get(Iteration it) {
                return array[(int) at.offset(it)];
            }

            @Override
            public void set(Iteration it, double value) {
                Views.checkWritable(readOnly);
                array[(int) at.offset(it)] = value;
            }
        };
    }

    static DoubleView buffer(DoubleBuffer buffer, Addressing at, String readOnly) {
        return new DoubleView() {
            @Override
            public double get(Iteration it) {
                return buffer.get((int) at.offset(it));
            }

            @Override
            public void set(Iteration it, double value) {
                Views.checkWritable(readOnly);
                buffer.put((int) at.offset(it), value);
            }
        };
    }

    static DoubleView jagged(JaggedRows rows, String readOnly) {
        return new DoubleView() {
            @Override
            public double get(Iteration it) {
                return ((double[]) rows.row(it))[rows.column(it)];
            }

            @Override
            public void set(Iteration it, double value) {
                Views.checkWritable(readOnly);
                ((double[]) rows.row(it))[rows.column(it)] = value;
            }
        };
    }
}

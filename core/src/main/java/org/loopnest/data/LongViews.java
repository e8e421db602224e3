package org.loopnest.data;

import java.nio.LongBuffer;
import org.loopnest.index.Iteration;

/** The {@link LongView} implementations: over a {@code long[]}, over a {@link LongBuffer}, over jagged rows. */
final class LongViews {
    private LongViews() {
    }

    static LongView array(long[] array, Addressing at, String readOnly) {
        return new LongView() {
            @Override
            public long get(Iteration it) {
                return array[(int) at.offset(it)];
            }

            @Override
            public void set(Iteration it, long value) {
                Views.checkWritable(readOnly);
                array[(int) at.offset(it)] = value;
            }
        };
    }

    static LongView buffer(LongBuffer buffer, Addressing at, String readOnly) {
        return new LongView() {
            @Override
            public long get(Iteration it) {
                return buffer.get((int) at.offset(it));
            }

            @Override
            public void set(Iteration it, long value) {
                Views.checkWritable(readOnly);
                buffer.put((int) at.offset(it), value);
            }
        };
    }

    static LongView jagged(JaggedRows rows, String readOnly) {
        return new LongView() {
            @Override
            public long get(Iteration it) {
                return ((long[]) rows.row(it))[rows.column(it)];
            }

            @Override
            public void set(Iteration it, long value) {
                Views.checkWritable(readOnly);
                ((long[]) rows.row(it))[rows.column(it)] = value;
            }
        };
    }
}

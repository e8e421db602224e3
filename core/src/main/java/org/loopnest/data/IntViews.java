package org.loopnest.data;

import java.nio.IntBuffer;
import org.loopnest.index.Iteration;

/**
 * The {@link IntView} implementations, one small final class per way of finding the element, so that each
 * {@code get}/{@code set} is a handful of instructions the JIT inlines: an array or buffer in nest order
 * (position {@code k + base}), an array or buffer at a general {@link Addressing}, jagged rows.
 */
final class IntViews {
    private IntViews() {
    }

    static IntView array(int[] array, Addressing at, String readOnly) {
        return at.isContiguous() ? new FlatArray(array, at.flatBase(), readOnly) : new Array(array, at, readOnly);
    }

    static IntView buffer(IntBuffer buffer, Addressing at, String readOnly) {
        return at.isContiguous() ? new FlatBuffer(buffer, at.flatBase(), readOnly) : new Buffer(buffer, at, readOnly);
    }

    static IntView jagged(JaggedRows rows, String readOnly) {
        return new Jagged(rows, readOnly);
    }

    private static final class FlatArray implements IntView {
        private final int[] array;
        private final long base;
        private final String readOnly;

        FlatArray(int[] array, long base, String readOnly) {
            this.array = array;
            this.base = base;
            this.readOnly = readOnly;
        }

        @Override
        public int get(Iteration it) {
            return array[(int) (it.flat() + base)];
        }

        @Override
        public void set(Iteration it, int value) {
            Views.checkWritable(readOnly);
            array[(int) (it.flat() + base)] = value;
        }

        @Override
        public int get(Iteration it, int k) {
            return array[(int) (it.flat() + base) + k];
        }

        @Override
        public void set(Iteration it, int k, int value) {
            Views.checkWritable(readOnly);
            array[(int) (it.flat() + base) + k] = value;
        }
    }

    private static final class Array implements IntView {
        private final int[] array;
        private final Addressing at;
        private final String readOnly;

        Array(int[] array, Addressing at, String readOnly) {
            this.array = array;
            this.at = at;
            this.readOnly = readOnly;
        }

        @Override
        public int get(Iteration it) {
            return array[(int) at.offset(it)];
        }

        @Override
        public void set(Iteration it, int value) {
            Views.checkWritable(readOnly);
            array[(int) at.offset(it)] = value;
        }

        @Override
        public int get(Iteration it, int k) {
            return array[(int) (at.offset(it) + k * at.runStride(it))];
        }

        @Override
        public void set(Iteration it, int k, int value) {
            Views.checkWritable(readOnly);
            array[(int) (at.offset(it) + k * at.runStride(it))] = value;
        }
    }

    private static final class FlatBuffer implements IntView {
        private final IntBuffer buffer;
        private final long base;
        private final String readOnly;

        FlatBuffer(IntBuffer buffer, long base, String readOnly) {
            this.buffer = buffer;
            this.base = base;
            this.readOnly = readOnly;
        }

        @Override
        public int get(Iteration it) {
            return buffer.get((int) (it.flat() + base));
        }

        @Override
        public void set(Iteration it, int value) {
            Views.checkWritable(readOnly);
            buffer.put((int) (it.flat() + base), value);
        }

        @Override
        public int get(Iteration it, int k) {
            return buffer.get((int) (it.flat() + base) + k);
        }

        @Override
        public void set(Iteration it, int k, int value) {
            Views.checkWritable(readOnly);
            buffer.put((int) (it.flat() + base) + k, value);
        }
    }

    private static final class Buffer implements IntView {
        private final IntBuffer buffer;
        private final Addressing at;
        private final String readOnly;

        Buffer(IntBuffer buffer, Addressing at, String readOnly) {
            this.buffer = buffer;
            this.at = at;
            this.readOnly = readOnly;
        }

        @Override
        public int get(Iteration it) {
            return buffer.get((int) at.offset(it));
        }

        @Override
        public void set(Iteration it, int value) {
            Views.checkWritable(readOnly);
            buffer.put((int) at.offset(it), value);
        }

        @Override
        public int get(Iteration it, int k) {
            return buffer.get((int) (at.offset(it) + k * at.runStride(it)));
        }

        @Override
        public void set(Iteration it, int k, int value) {
            Views.checkWritable(readOnly);
            buffer.put((int) (at.offset(it) + k * at.runStride(it)), value);
        }
    }

    private static final class Jagged implements IntView {
        private final JaggedRows rows;
        private final String readOnly;

        Jagged(JaggedRows rows, String readOnly) {
            this.rows = rows;
            this.readOnly = readOnly;
        }

        @Override
        public int get(Iteration it) {
            return ((int[]) rows.row(it))[rows.column(it)];
        }

        @Override
        public void set(Iteration it, int value) {
            Views.checkWritable(readOnly);
            ((int[]) rows.row(it))[rows.column(it)] = value;
        }

        @Override
        public int get(Iteration it, int k) {
            return ((int[]) rows.row(it))[rows.column(it) + k * rows.runStep(it)];
        }

        @Override
        public void set(Iteration it, int k, int value) {
            Views.checkWritable(readOnly);
            ((int[]) rows.row(it))[rows.column(it) + k * rows.runStep(it)] = value;
        }
    }
}

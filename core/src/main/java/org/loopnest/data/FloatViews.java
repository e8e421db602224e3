package org.loopnest.data;

import java.nio.FloatBuffer;
import org.loopnest.index.Iteration;

/**
 * The {@link FloatView} implementations, one small final class per way of finding the element, so that each
 * {@code get}/{@code set} is a handful of instructions the JIT inlines: an array or buffer in nest order
 * (position {@code k + base}), an array or buffer at a general {@link Addressing}, jagged rows.
 */
final class FloatViews {
    private FloatViews() {
    }

    static FloatView array(float[] array, Addressing at, String readOnly) {
        return at.isContiguous() ? new FlatArray(array, at.flatBase(), readOnly) : new Array(array, at, readOnly);
    }

    static FloatView buffer(FloatBuffer buffer, Addressing at, String readOnly) {
        return at.isContiguous() ? new FlatBuffer(buffer, at.flatBase(), readOnly) : new Buffer(buffer, at, readOnly);
    }

    static FloatView jagged(JaggedRows rows, String readOnly) {
        return new Jagged(rows, readOnly);
    }

    private static final class FlatArray implements FloatView {
        private final float[] array;
        private final long base;
        private final String readOnly;

        FlatArray(float[] array, long base, String readOnly) {
            this.array = array;
            this.base = base;
            this.readOnly = readOnly;
        }

        @Override
        public float get(Iteration it) {
            return array[(int) (it.flat() + base)];
        }

        @Override
        public void set(Iteration it, float value) {
            Views.checkWritable(readOnly);
            array[(int) (it.flat() + base)] = value;
        }

        @Override
        public float get(Iteration it, int k) {
            return array[(int) (it.flat() + base) + k];
        }

        @Override
        public void set(Iteration it, int k, float value) {
            Views.checkWritable(readOnly);
            array[(int) (it.flat() + base) + k] = value;
        }
    }

    private static final class Array implements FloatView {
        private final float[] array;
        private final Addressing at;
        private final String readOnly;

        Array(float[] array, Addressing at, String readOnly) {
            this.array = array;
            this.at = at;
            this.readOnly = readOnly;
        }

        @Override
        public float get(Iteration it) {
            return array[(int) at.offset(it)];
        }

        @Override
        public void set(Iteration it, float value) {
            Views.checkWritable(readOnly);
            array[(int) at.offset(it)] = value;
        }

        @Override
        public float get(Iteration it, int k) {
            return array[(int) (at.offset(it) + k * at.runStride(it))];
        }

        @Override
        public void set(Iteration it, int k, float value) {
            Views.checkWritable(readOnly);
            array[(int) (at.offset(it) + k * at.runStride(it))] = value;
        }
    }

    private static final class FlatBuffer implements FloatView {
        private final FloatBuffer buffer;
        private final long base;
        private final String readOnly;

        FlatBuffer(FloatBuffer buffer, long base, String readOnly) {
            this.buffer = buffer;
            this.base = base;
            this.readOnly = readOnly;
        }

        @Override
        public float get(Iteration it) {
            return buffer.get((int) (it.flat() + base));
        }

        @Override
        public void set(Iteration it, float value) {
            Views.checkWritable(readOnly);
            buffer.put((int) (it.flat() + base), value);
        }

        @Override
        public float get(Iteration it, int k) {
            return buffer.get((int) (it.flat() + base) + k);
        }

        @Override
        public void set(Iteration it, int k, float value) {
            Views.checkWritable(readOnly);
            buffer.put((int) (it.flat() + base) + k, value);
        }
    }

    private static final class Buffer implements FloatView {
        private final FloatBuffer buffer;
        private final Addressing at;
        private final String readOnly;

        Buffer(FloatBuffer buffer, Addressing at, String readOnly) {
            this.buffer = buffer;
            this.at = at;
            this.readOnly = readOnly;
        }

        @Override
        public float get(Iteration it) {
            return buffer.get((int) at.offset(it));
        }

        @Override
        public void set(Iteration it, float value) {
            Views.checkWritable(readOnly);
            buffer.put((int) at.offset(it), value);
        }

        @Override
        public float get(Iteration it, int k) {
            return buffer.get((int) (at.offset(it) + k * at.runStride(it)));
        }

        @Override
        public void set(Iteration it, int k, float value) {
            Views.checkWritable(readOnly);
            buffer.put((int) (at.offset(it) + k * at.runStride(it)), value);
        }
    }

    private static final class Jagged implements FloatView {
        private final JaggedRows rows;
        private final String readOnly;

        Jagged(JaggedRows rows, String readOnly) {
            this.rows = rows;
            this.readOnly = readOnly;
        }

        @Override
        public float get(Iteration it) {
            return ((float[]) rows.row(it))[rows.column(it)];
        }

        @Override
        public void set(Iteration it, float value) {
            Views.checkWritable(readOnly);
            ((float[]) rows.row(it))[rows.column(it)] = value;
        }

        @Override
        public float get(Iteration it, int k) {
            return ((float[]) rows.row(it))[rows.column(it) + k * rows.runStep(it)];
        }

        @Override
        public void set(Iteration it, int k, float value) {
            Views.checkWritable(readOnly);
            ((float[]) rows.row(it))[rows.column(it) + k * rows.runStep(it)] = value;
        }
    }
}

package org.loopnest.internal.data;

import java.nio.FloatBuffer;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FloatView;
import org.loopnest.data.Role;
import org.loopnest.index.Iteration;

// TEMPLATE: DoubleViews, IntViews and LongViews are generated from this file (see package-info and core/pom.xml).
/**
 * The {@link FloatView} implementations, one small class per way of finding the element, so that each
 * {@code get}/{@code set} is a handful of instructions the JIT inlines: an array or buffer in nest order
 * (position {@code k + base}), an array or buffer at a general {@link Addressing}, jagged rows.
 *
 * <p>Each class is an input's view: it reads, and its {@code set} methods are {@link ReadOnly}'s, which always throw.
 * Its final {@code …Out} subclass is an output's view, whose {@code set} methods write. No element access checks the
 * role.
 */
final class FloatViews {
    private FloatViews() {
    }

    static FloatView array(float[] array, Addressing at, ArrayBinding binding) {
        boolean out = binding.role() == Role.OUT;
        if (at.isContiguous()) {
            long base = at.flatBase();
            return out ? new FlatArrayOut(array, base, binding) : new FlatArray(array, base, binding);
        }
        return out ? new ArrayOut(array, at, binding) : new Array(array, at, binding);
    }

    static FloatView buffer(FloatBuffer buffer, Addressing at, ArrayBinding binding) {
        boolean out = binding.role() == Role.OUT;
        if (at.isContiguous()) {
            long base = at.flatBase();
            return out ? new FlatBufferOut(buffer, base, binding) : new FlatBuffer(buffer, base, binding);
        }
        return out ? new BufferOut(buffer, at, binding) : new Buffer(buffer, at, binding);
    }

    static FloatView jagged(JaggedRows rows, ArrayBinding binding) {
        return binding.role() == Role.OUT ? new JaggedOut(rows, binding) : new Jagged(rows, binding);
    }

    /** The base of every view: refuses writes, naming the array; tells compiled code where a run's elements are. */
    private abstract static class ReadOnly implements FloatView, RunAccess {
        private final ArrayBinding binding;

        ReadOnly(ArrayBinding binding) {
            this.binding = binding;
        }

        @Override
        public void set(Iteration it, float value) {
            throw Views.writeToInput(binding);
        }

        @Override
        public void set(Iteration it, int k, float value) {
            throw Views.writeToInput(binding);
        }
    }

    private static class FlatArray extends ReadOnly {
        final float[] array;
        final long base;

        FlatArray(float[] array, long base, ArrayBinding binding) {
            super(binding);
            this.array = array;
            this.base = base;
        }

        @Override
        public float get(Iteration it) {
            return array[(int) (it.flat() + base)];
        }

        @Override
        public float get(Iteration it, int k) {
            return array[(int) (it.flat() + base) + k];
        }

        @Override
        public Object store(Iteration it) {
            return array;
        }

        @Override
        public long position(Iteration it) {
            return it.flat() + base;
        }

        @Override
        public long step(Iteration it) {
            return 1;
        }

        @Override
        public boolean heapArray() {
            return true;
        }
    }

    private static final class FlatArrayOut extends FlatArray {
        FlatArrayOut(float[] array, long base, ArrayBinding binding) {
            super(array, base, binding);
        }

        @Override
        public void set(Iteration it, float value) {
            array[(int) (it.flat() + base)] = value;
        }

        @Override
        public void set(Iteration it, int k, float value) {
            array[(int) (it.flat() + base) + k] = value;
        }
    }

    private static class Array extends ReadOnly {
        final float[] array;
        final Addressing at;

        Array(float[] array, Addressing at, ArrayBinding binding) {
            super(binding);
            this.array = array;
            this.at = at;
        }

        @Override
        public float get(Iteration it) {
            return array[(int) at.offset(it)];
        }

        @Override
        public float get(Iteration it, int k) {
            return array[(int) (at.offset(it) + k * at.runStride(it))];
        }

        @Override
        public Object store(Iteration it) {
            return array;
        }

        @Override
        public long position(Iteration it) {
            return at.offset(it);
        }

        @Override
        public long step(Iteration it) {
            return at.runStride(it);
        }

        @Override
        public boolean heapArray() {
            return true;
        }
    }

    private static final class ArrayOut extends Array {
        ArrayOut(float[] array, Addressing at, ArrayBinding binding) {
            super(array, at, binding);
        }

        @Override
        public void set(Iteration it, float value) {
            array[(int) at.offset(it)] = value;
        }

        @Override
        public void set(Iteration it, int k, float value) {
            array[(int) (at.offset(it) + k * at.runStride(it))] = value;
        }
    }

    private static class FlatBuffer extends ReadOnly {
        final FloatBuffer buffer;
        final long base;

        FlatBuffer(FloatBuffer buffer, long base, ArrayBinding binding) {
            super(binding);
            this.buffer = buffer;
            this.base = base;
        }

        @Override
        public float get(Iteration it) {
            return buffer.get((int) (it.flat() + base));
        }

        @Override
        public float get(Iteration it, int k) {
            return buffer.get((int) (it.flat() + base) + k);
        }

        @Override
        public Object store(Iteration it) {
            return buffer;
        }

        @Override
        public long position(Iteration it) {
            return it.flat() + base;
        }

        @Override
        public long step(Iteration it) {
            return 1;
        }

        @Override
        public boolean heapArray() {
            return false;
        }
    }

    private static final class FlatBufferOut extends FlatBuffer {
        FlatBufferOut(FloatBuffer buffer, long base, ArrayBinding binding) {
            super(buffer, base, binding);
        }

        @Override
        public void set(Iteration it, float value) {
            buffer.put((int) (it.flat() + base), value);
        }

        @Override
        public void set(Iteration it, int k, float value) {
            buffer.put((int) (it.flat() + base) + k, value);
        }
    }

    private static class Buffer extends ReadOnly {
        final FloatBuffer buffer;
        final Addressing at;

        Buffer(FloatBuffer buffer, Addressing at, ArrayBinding binding) {
            super(binding);
            this.buffer = buffer;
            this.at = at;
        }

        @Override
        public float get(Iteration it) {
            return buffer.get((int) at.offset(it));
        }

        @Override
        public float get(Iteration it, int k) {
            return buffer.get((int) (at.offset(it) + k * at.runStride(it)));
        }

        @Override
        public Object store(Iteration it) {
            return buffer;
        }

        @Override
        public long position(Iteration it) {
            return at.offset(it);
        }

        @Override
        public long step(Iteration it) {
            return at.runStride(it);
        }

        @Override
        public boolean heapArray() {
            return false;
        }
    }

    private static final class BufferOut extends Buffer {
        BufferOut(FloatBuffer buffer, Addressing at, ArrayBinding binding) {
            super(buffer, at, binding);
        }

        @Override
        public void set(Iteration it, float value) {
            buffer.put((int) at.offset(it), value);
        }

        @Override
        public void set(Iteration it, int k, float value) {
            buffer.put((int) (at.offset(it) + k * at.runStride(it)), value);
        }
    }

    private static class Jagged extends ReadOnly {
        final JaggedRows rows;

        Jagged(JaggedRows rows, ArrayBinding binding) {
            super(binding);
            this.rows = rows;
        }

        @Override
        public float get(Iteration it) {
            return ((float[]) rows.row(it))[rows.column(it)];
        }

        @Override
        public float get(Iteration it, int k) {
            return ((float[]) rows.row(it))[rows.column(it) + k * rows.runStep(it)];
        }

        @Override
        public Object store(Iteration it) {
            return rows.row(it);
        }

        @Override
        public long position(Iteration it) {
            return rows.column(it);
        }

        @Override
        public long step(Iteration it) {
            return rows.runStep(it);
        }

        @Override
        public boolean heapArray() {
            return true;
        }
    }

    private static final class JaggedOut extends Jagged {
        JaggedOut(JaggedRows rows, ArrayBinding binding) {
            super(rows, binding);
        }

        @Override
        public void set(Iteration it, float value) {
            ((float[]) rows.row(it))[rows.column(it)] = value;
        }

        @Override
        public void set(Iteration it, int k, float value) {
            ((float[]) rows.row(it))[rows.column(it) + k * rows.runStep(it)] = value;
        }
    }
}

package org.loopnest.internal.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.DoubleView;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.Holder;
import org.loopnest.data.IntView;
import org.loopnest.data.LinearHolder;
import org.loopnest.data.LongView;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Iteration;
import org.loopnest.index.Split;

/**
 * Views of every element type through every holder kind (flat array, strided array, buffer, strided buffer, jagged
 * array): outputs read and write, inputs are read-only by type.
 */
class ViewsTest {
    private final IndexSpace space = IndexSpace.of(3, 4).withNames("y", "x");
    private final Split split = space.split(1, 1);

    /** Holders of 12 elements whose element (y, x) holds {@code 10·y + x}, one per kind; transposed when strided. */
    private static Map<String, Object> holders(ElementType type) {
        Map<String, Object> holders = new LinkedHashMap<>();
        Object flat = Array.newInstance(type.primitive(), 12);
        Object transposed = Array.newInstance(type.primitive(), 12);
        Object jagged = Array.newInstance(type.primitive(), 3, 4);
        ByteBuffer bytes = ByteBuffer.allocate(12 * type.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer transposedBytes = ByteBuffer.allocateDirect(12 * type.bytes()).order(ByteOrder.BIG_ENDIAN);
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 4; x++) {
                Number value = number(type, 10 * y + x);
                Array.set(flat, y * 4 + x, value);
                Array.set(transposed, x * 3 + y, value);
                Array.set(Array.get(jagged, y), x, value);
                put(bytes, type, y * 4 + x, value);
                put(transposedBytes, type, x * 3 + y, value);
            }
        }
        holders.put("flat", flat);
        holders.put("strided", Holder.strided(transposed, 0, 1, 3));
        holders.put("buffer", Holder.of(bytes, type));
        holders.put("strided buffer", Holder.strided(transposedBytes, type, 0, 1, 3));
        holders.put("jagged", jagged);
        return holders;
    }

    private static Number number(ElementType type, int value) {
        return switch (type) {
            case FLOAT -> (float) value;
            case DOUBLE -> (double) value;
            case INT -> value;
            case LONG -> (long) value;
        };
    }

    private static void put(ByteBuffer bytes, ElementType type, int k, Number value) {
        switch (type) {
            case FLOAT -> bytes.putFloat(k * type.bytes(), value.floatValue());
            case DOUBLE -> bytes.putDouble(k * type.bytes(), value.doubleValue());
            case INT -> bytes.putInt(k * type.bytes(), value.intValue());
            case LONG -> bytes.putLong(k * type.bytes(), value.longValue());
        }
    }

    /** The element at the cursor, {@code k} steps along its run, through whichever view interface {@code view} is. */
    private static double get(Object view, Iteration it, int k) {
        if (view instanceof FloatView f) {
            return f.get(it, k);
        }
        if (view instanceof DoubleView d) {
            return d.get(it, k);
        }
        if (view instanceof IntView i) {
            return i.get(it, k);
        }
        return ((LongView) view).get(it, k);
    }

    private static void set(Object view, Iteration it, int k, int value) {
        if (view instanceof FloatView f) {
            f.set(it, k, value);
        } else if (view instanceof DoubleView d) {
            d.set(it, k, value);
        } else if (view instanceof IntView i) {
            i.set(it, k, value);
        } else {
            ((LongView) view).set(it, k, value);
        }
    }

    private static void set(Object view, Iteration it, int value) {
        if (view instanceof FloatView f) {
            f.set(it, value);
        } else if (view instanceof DoubleView d) {
            d.set(it, value);
        } else if (view instanceof IntView i) {
            i.set(it, value);
        } else {
            ((LongView) view).set(it, value);
        }
    }

    private Object view(String name, Role role, Object holder) {
        return Views.direct(ArrayBinding.of(name, role, holder, space));
    }

    /** A cursor on (1, 1), whose run along x reaches (1, 2). */
    private Iteration atOneOne() {
        return split.cursor(split.chunk(1), 1, 3);
    }

    /** Runs {@code check} on a fresh holder of each kind for each element type, named like {@code "int jagged"}. */
    private static void forEveryTypeAndHolderKind(BiConsumer<String, Object> check) {
        for (ElementType type : ElementType.values()) {
            holders(type).forEach((kind, holder) -> check.accept(type + " " + kind, holder));
        }
    }

    @Test
    void shouldReadAndWriteEveryElementTypeThroughEveryHolderKind() {
        forEveryTypeAndHolderKind((what, holder) -> {
            Object out = view("o", Role.OUT, holder);
            assertEquals(11, get(out, atOneOne(), 0), what);
            assertEquals(12, get(out, atOneOne(), 1), what);
            set(out, atOneOne(), 111);
            set(out, atOneOne(), 1, 112);
            Object in = view("a", Role.IN, holder);
            assertEquals(111, get(in, atOneOne(), 0), what);
            assertEquals(112, get(in, atOneOne(), 1), what);
            assertEquals(10, get(in, split.cursor(split.chunk(1), 0, 4), 0), what + ": (1, 0) untouched");
        });
    }

    @Test
    void shouldRefuseEveryWriteThroughAnInputsViewNamingIt() {
        forEveryTypeAndHolderKind((what, holder) -> {
            Object in = view("T", Role.IN, holder);
            assertEquals("in 'T' is an input (expected: kernels write only outputs)",
                    assertThrows(IllegalStateException.class, () -> set(in, atOneOne(), 5), what).getMessage());
            assertEquals("in 'T' is an input (expected: kernels write only outputs)",
                    assertThrows(IllegalStateException.class, () -> set(in, atOneOne(), 1, 5), what).getMessage());
            assertEquals(11, get(in, atOneOne(), 0), what + ": unchanged");
            assertEquals(12, get(in, atOneOne(), 1), what + ": unchanged");
        });
    }

    @Test
    void shouldMakeAnInputsViewReadOnlyByTypeRatherThanByACheckPerWrite() {
        forEveryTypeAndHolderKind((what, holder) -> {
            Class<?> in = view("a", Role.IN, holder).getClass();
            Class<?> out = view("o", Role.OUT, holder).getClass();
            assertNotEquals(out, in, what + ": an input's view is a class of its own");
            assertEquals(in, out.getSuperclass(), what + ": the output's view adds only the writes");
        });
    }

    @Test
    void shouldMakeTheViewInterfaceOfTheBindingsElementType() {
        IndexSpace line = IndexSpace.of(2).withNames("x");
        assertInstanceOf(FloatView.class, Views.direct(ArrayBinding.of("a", Role.IN, new float[2], line)));
        assertInstanceOf(DoubleView.class, Views.direct(ArrayBinding.of("a", Role.IN, new double[2], line)));
        assertInstanceOf(IntView.class, Views.direct(ArrayBinding.of("a", Role.OUT, new int[2], line)));
        assertInstanceOf(LongView.class, Views.direct(ArrayBinding.of("a", Role.OUT, new long[2], line)));
    }

    @Test
    void shouldRefuseABufferOfAnotherElementTypeThanTheBindings() {
        ArrayBinding floats = ArrayBinding.of("a", Role.IN, new float[12], space);
        Addressing at = Addressing.of(floats, (LinearHolder) floats.holder());
        assertThrows(ClassCastException.class, () -> Views.over(floats, ElementCopier.wrap(new int[12]), at));
    }
}

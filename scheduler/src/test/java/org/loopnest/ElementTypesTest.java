package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Array;
import org.junit.jupiter.api.Test;
import org.loopnest.data.DoubleView;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.IntView;
import org.loopnest.data.LongView;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.IndexSpace;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;

/** Every element type in every holder kind (flat, jagged, subset-indexed), on cpu and sim, at every depth. */
class ElementTypesTest {
    private static final long[] EXTENTS = {3, 4, 5};
    private static final String[] NAMES = {"a", "b", "c"};
    private static final String[] SUBSET = {"a", "c"};

    enum Kind { FLAT, JAGGED, SUBSET }

    @Test
    void shouldCarryEveryElementTypeThroughEveryHolderKind() {
        IndexSpace space = IndexSpace.of(EXTENTS).withNames(NAMES);
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 16).threads(2).build())) {
            for (ElementType type : ElementType.values()) {
                for (Kind kind : Kind.values()) {
                    Object input = input(type, kind);
                    for (int d = 0; d < EXTENTS.length; d++) {
                        for (boolean onSim : new boolean[] {false, true}) {
                            Object output = Array.newInstance(type.primitive(), 60);
                            LoopNest nest = LoopNest.of(EXTENTS).names(NAMES)
                                    .in("in", input, kind == Kind.SUBSET ? SUBSET : new String[0])
                                    .out("out", output).kernel(plusFlat(type)).splitAt(d);
                            if (onSim) {
                                nest.on(sim);
                            }
                            nest.run();
                            long[] idx = new long[3];
                            for (int k = 0; k < 60; k++) {
                                space.indices(k, idx);
                                double source = kind == Kind.SUBSET ? idx[0] * 5 + idx[2] : k;
                                assertEquals(source * 2 + k, ((Number) Array.get(output, k)).doubleValue(),
                                        type + " " + kind + " d=" + d + (onSim ? " sim" : " cpu") + " k=" + k);
                            }
                        }
                    }
                }
            }
            assertEquals(0, sim.usedBytes());
        }
    }

    /** Element {@code i} of the array (in its own row-major order) holds {@code 2·i}. */
    private static Object input(ElementType type, Kind kind) {
        if (kind == Kind.JAGGED) {
            Object root = Array.newInstance(type.primitive(), 3, 4, 5);
            for (int i = 0; i < 60; i++) {
                Object row = Array.get(Array.get(root, i / 20), (i / 5) % 4);
                set(row, i % 5, type, 2 * i);
            }
            return root;
        }
        int n = kind == Kind.SUBSET ? 15 : 60;
        Object flat = Array.newInstance(type.primitive(), n);
        for (int i = 0; i < n; i++) {
            set(flat, i, type, 2 * i);
        }
        return flat;
    }

    /** Element {@code i} of a primitive array of {@code type} set to {@code value}; shared with RunAccessTest. */
    static void set(Object array, int i, ElementType type, long value) {
        switch (type) {
            case FLOAT -> Array.setFloat(array, i, value);
            case DOUBLE -> Array.setDouble(array, i, value);
            case INT -> Array.setInt(array, i, (int) value);
            case LONG -> Array.setLong(array, i, value);
        }
    }

    private static ElementKernel plusFlat(ElementType type) {
        return arrays -> switch (type) {
            case FLOAT -> {
                FloatView in = arrays.floats("in");
                FloatView out = arrays.floats("out");
                yield (ElementBody) it -> out.set(it, in.get(it) + it.flat());
            }
            case DOUBLE -> {
                DoubleView in = arrays.doubles("in");
                DoubleView out = arrays.doubles("out");
                yield it -> out.set(it, in.get(it) + it.flat());
            }
            case INT -> {
                IntView in = arrays.ints("in");
                IntView out = arrays.ints("out");
                yield it -> out.set(it, in.get(it) + (int) it.flat());
            }
            case LONG -> {
                LongView in = arrays.longs("in");
                LongView out = arrays.longs("out");
                yield it -> out.set(it, in.get(it) + it.flat());
            }
        };
    }
}

package org.loopnest.internal.kernel;

import org.loopnest.kernel.BoundArrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.DoubleView;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.IntView;
import org.loopnest.data.LongView;

/**
 * {@link BoundArrays} over a run's bindings: makes each view on first request with the given view maker
 * (straight into the user's arrays, or over packed buffers). One per block; not thread-safe.
 */
public final class ViewTable implements BoundArrays {
    private final Map<String, ArrayBinding> bindings;
    private final Function<ArrayBinding, Object> viewMaker;
    private final Map<String, Object> made = new LinkedHashMap<>();

    /**
     * @param bindings  the run's arrays by name
     * @param viewMaker makes the typed view of one binding
     */
    public ViewTable(Map<String, ArrayBinding> bindings, Function<ArrayBinding, Object> viewMaker) {
        this.bindings = bindings;
        this.viewMaker = viewMaker;
    }

    @Override
    public FloatView floats(String name) {
        return (FloatView) view(name, ElementType.FLOAT);
    }

    @Override
    public DoubleView doubles(String name) {
        return (DoubleView) view(name, ElementType.DOUBLE);
    }

    @Override
    public IntView ints(String name) {
        return (IntView) view(name, ElementType.INT);
    }

    @Override
    public LongView longs(String name) {
        return (LongView) view(name, ElementType.LONG);
    }

    private Object view(String name, ElementType type) {
        ArrayBinding binding = bindings.get(name);
        if (binding == null) {
            throw new IllegalArgumentException(accessor(type) + "(\"" + name + "\"): no array of that name (expected one of: "
                    + String.join(", ", bindings.keySet()) + ")");
        }
        if (binding.type() != type) {
            throw new IllegalArgumentException(accessor(type) + "(\"" + name + "\"): " + binding + " holds "
                    + binding.type() + " elements (expected: " + type + "; use " + accessor(binding.type())
                    + "(\"" + name + "\"))");
        }
        return made.computeIfAbsent(name, n -> viewMaker.apply(binding));
    }

    private static String accessor(ElementType type) {
        return switch (type) {
            case FLOAT -> "floats";
            case DOUBLE -> "doubles";
            case INT -> "ints";
            case LONG -> "longs";
        };
    }
}

package org.loopnest.perf.ratio;

import java.lang.reflect.InvocationTargetException;
import java.util.Optional;
import org.loopnest.internal.lang.vector.VectorSupport;

/**
 * Loads the classes of this package that link against {@code jdk.incubator.vector} ({@code HandVectorWeather},
 * {@code VectorPowLoops}) by name, only after checking that this JVM has the module: a JVM started without
 * {@code --add-modules jdk.incubator.vector} never resolves them, and the rows that need them are skipped with
 * {@link #unavailable()}'s reason. Stateless.
 */
final class VectorOnly {
    private VectorOnly() {
    }

    /** {@return why this JVM cannot run Vector API code (the module absent, no SIMD), or empty if it can} */
    static Optional<String> unavailable() {
        return VectorSupport.unavailable();
    }

    /**
     * {@return a new instance of this package's class {@code simpleName}, made by its constructor taking
     * {@code args} ({@code int}s only), as a {@code type}; empty where {@link #unavailable()} gives a reason}
     *
     * @throws IllegalStateException if the class cannot be loaded or made (a packaging bug), or its constructor fails
     */
    static <T> Optional<T> create(String simpleName, Class<T> type, int... args) {
        if (unavailable().isPresent()) {
            return Optional.empty();
        }
        String name = VectorOnly.class.getPackageName() + "." + simpleName;
        Class<?>[] parameters = new Class<?>[args.length];
        Object[] values = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            parameters[i] = int.class;
            values[i] = args[i];
        }
        try {
            return Optional.of(type.cast(Class.forName(name).getDeclaredConstructor(parameters).newInstance(values)));
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot make " + name, e.getCause());
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot load " + name + " as a " + type.getSimpleName(), e);
        }
    }
}

package org.loopnest.internal.lang.vector;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Whether this JVM can run vector bodies, and its preferred vector size. The module {@value #MODULE} is incubating:
 * it is usable only when the JVM was started with {@code --add-modules jdk.incubator.vector}, so this class reaches
 * it by reflection and never links against it (a JVM without the module loads this class and gets a reason).
 *
 * <p><b>Thread safety:</b> stateless after class initialisation; the answers never change in one JVM.
 */
public final class VectorSupport {
    /** The JDK module of the Vector API. */
    public static final String MODULE = "jdk.incubator.vector";
    /** The sentence a report gives for a JVM without the module. */
    public static final String MODULE_ABSENT = MODULE + " is not in the boot layer; add --add-modules " + MODULE;
    private static final int PREFERRED_BITS = probePreferredBits();

    private VectorSupport() {
    }

    /** {@return why this JVM cannot run vector bodies, or empty if it can} */
    public static Optional<String> unavailable() {
        if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
            return Optional.of(MODULE_ABSENT);
        }
        if (PREFERRED_BITS < 128) {
            return Optional.of("the JVM's preferred vector is " + PREFERRED_BITS + " bits (expected: at least 128: "
                    + "this CPU has no SIMD the JIT compiler uses)");
        }
        return Optional.empty();
    }

    /**
     * {@return the bits of the JVM's preferred vector shape ({@code VectorShape.preferredShape()}): 512 with AVX-512,
     * 256 with AVX2, 128 with SSE or NEON; 0 if the module is absent}
     */
    public static int preferredBits() {
        return PREFERRED_BITS;
    }

    private static int probePreferredBits() {
        if (ModuleLayer.boot().findModule(MODULE).isEmpty()) {
            return 0;
        }
        try {
            Class<?> shape = Class.forName(MODULE + ".VectorShape");
            Object preferred = shape.getMethod("preferredShape").invoke(null);
            Method bits = shape.getMethod("vectorBitSize");
            return (Integer) bits.invoke(preferred);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return 0;
        }
    }
}

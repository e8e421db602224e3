package org.loopnest.internal.data;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.Buffer;
import java.util.OptionalLong;

/**
 * The native address of a direct buffer's position, where the JDK offers one through public API
 * ({@code java.lang.foreign.MemorySegment.ofBuffer(b).address()}, final since JDK 22). Java 17, the release
 * LoopNest is built for, has no such API: there {@link #of} is always empty. Looked up once; thread-safe.
 */
final class BufferAddress {
    private static final MethodHandle ADDRESS = lookUp();

    private BufferAddress() {
    }

    /** Whether this JDK tells the addresses of direct buffers. */
    static boolean available() {
        return ADDRESS != null;
    }

    /** The address of {@code direct}'s byte at its position, or empty if the JDK does not tell it. */
    static OptionalLong of(Buffer direct) {
        if (ADDRESS == null || !direct.isDirect()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of((long) ADDRESS.invoke(direct));
        } catch (Throwable unexpected) {
            return OptionalLong.empty();
        }
    }

    private static MethodHandle lookUp() {
        try {
            Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle ofBuffer = lookup.findStatic(segment, "ofBuffer",
                    MethodType.methodType(segment, Buffer.class));
            MethodHandle address = lookup.findVirtual(segment, "address", MethodType.methodType(long.class));
            return MethodHandles.filterReturnValue(ofBuffer, address).asType(MethodType.methodType(long.class,
                    Buffer.class));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException absent) {
            return null; // before JDK 22 (or a preview of it): no public way to a buffer's address
        }
    }
}

package org.loopnest.internal.data;

import java.nio.ByteBuffer;
import java.util.Objects;
import org.loopnest.data.BufferHolder;
import org.loopnest.data.LinearHolder;

/**
 * The runtime's door to what the holders of {@code org.loopnest.data} keep package-private (a holder's reach and a
 * buffer holder's bytes as bound), so that {@link Overlap} can check that arrays are apart while the API package
 * offers users no such members. {@code LinearHolder} installs the implementation when its class is initialized;
 * {@link #holders()} initializes it first. Not API.
 *
 * <p><b>Threading:</b> safe from any thread; the implementation is installed once and never replaced.
 */
public final class HolderAccess {
    private static volatile Holders holders;

    private HolderAccess() {
    }

    /** What the holders keep package-private; implemented by {@code LinearHolder} only. */
    public interface Holders {
        /**
         * The lowest and highest element positions an array of the given (non-empty) shape reaches in the holder.
         *
         * @param holder the holder
         * @param shape  the array's shape
         * @return {@code {low, high}}, or {@code null} if they overflow a {@code long}
         */
        long[] span(LinearHolder holder, long[] shape);

        /**
         * The buffer as it was when bound (its position then is element 0's byte, before the offset). Not a copy.
         *
         * @param holder the holder
         * @return the bytes
         */
        ByteBuffer bytes(BufferHolder holder);
    }

    /**
     * Installs the implementation; called once, by {@code LinearHolder}'s class initializer.
     *
     * @param h the implementation
     * @throws IllegalStateException if one is installed already
     * @throws NullPointerException  if {@code h} is null
     */
    public static synchronized void install(Holders h) {
        Objects.requireNonNull(h, "holders");
        if (holders != null) {
            throw new IllegalStateException("the holder access is installed already (only LinearHolder installs it)");
        }
        holders = h;
    }

    /** The implementation, after initializing {@code LinearHolder} (which installs it) if nothing has yet. */
    static Holders holders() {
        Holders h = holders;
        if (h == null) {
            try {
                Class.forName(LinearHolder.class.getName(), true, LinearHolder.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("LinearHolder cannot be loaded", e);
            }
            h = Objects.requireNonNull(holders, "LinearHolder did not install the holder access");
        }
        return h;
    }
}

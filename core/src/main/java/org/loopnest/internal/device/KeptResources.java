package org.loopnest.internal.device;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a device keeps for others until it closes ({@link org.loopnest.device.Device#keep}): at most one resource of
 * each type, made on first request, closed in reverse order of making by {@link #closeAll()}.
 *
 * <p><b>Threading:</b> thread-safe; a maker runs under this object's lock, so it must not call back into the device's
 * {@code keep}. <b>Failure:</b> after {@link #closeAll()} every request fails.
 */
public final class KeptResources {
    private final String device;
    private final Map<Class<?>, AutoCloseable> kept = new LinkedHashMap<>();
    private boolean closed;

    /** @param device the owning device's name, for messages */
    public KeptResources(String device) {
        this.device = Objects.requireNonNull(device, "device");
    }

    /**
     * The resource of {@code type}, made by {@code maker} if none is kept yet.
     *
     * @param type  the resource's type, its key
     * @param maker makes it, once
     * @param <T>   the type
     * @return the kept resource
     * @throws IllegalStateException if {@link #closeAll()} was called
     */
    public synchronized <T extends AutoCloseable> T get(Class<T> type, Supplier<? extends T> maker) {
        if (closed) {
            throw new IllegalStateException("device " + device + " is closed");
        }
        AutoCloseable found = kept.get(type);
        if (found == null) {
            found = Objects.requireNonNull(maker.get(), "kept resource");
            kept.put(type, found);
        }
        return type.cast(found);
    }

    /**
     * Closes every kept resource, the last made first, each even if another fails; later requests fail. Idempotent.
     *
     * @throws RuntimeException the first failure, with the others suppressed
     */
    public void closeAll() {
        List<AutoCloseable> toClose;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            toClose = new ArrayList<>(kept.values());
            kept.clear();
        }
        Collections.reverse(toClose);
        RuntimeException first = null;
        for (AutoCloseable resource : toClose) {
            try {
                resource.close();
            } catch (Exception e) {
                RuntimeException failure = e instanceof RuntimeException r ? r
                        : new IllegalStateException("closing " + resource + " failed", e);
                if (first == null) {
                    first = failure;
                } else {
                    first.addSuppressed(failure);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}

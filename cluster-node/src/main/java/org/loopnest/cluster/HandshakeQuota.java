package org.loopnest.cluster;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts a node's connections that have not authenticated yet, up to a cap, so that connections which never
 * finish the handshake cannot exhaust the node. Thread-safe: sessions on every event loop share one.
 */
final class HandshakeQuota {
    private final int max;
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicBoolean warned = new AtomicBoolean();

    /**
     * @param max the most connections authenticating at once (positive; {@link NodeConfig} checks it)
     */
    HandshakeQuota(int max) {
        this.max = max;
    }

    /** Takes a place for a new connection; {@code false}, taking nothing, if all {@link #max()} are taken. */
    boolean tryEnter() {
        return waiting.getAndUpdate(n -> n < max ? n + 1 : n) < max;
    }

    /** Gives back a place taken by {@link #tryEnter} (call once per place: when authenticated or closed). */
    void leave() {
        waiting.decrementAndGet();
        warned.set(false);
    }

    /**
     * Whether a refusal deserves a warning: only the first since a place was last given back, so that a flood of
     * connections writes one line, not one per connection.
     */
    boolean firstRefusal() {
        return warned.compareAndSet(false, true);
    }

    /** The cap. */
    int max() {
        return max;
    }

    /** Connections authenticating now. */
    int waiting() {
        return waiting.get();
    }
}

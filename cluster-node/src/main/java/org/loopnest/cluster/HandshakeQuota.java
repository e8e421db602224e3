package org.loopnest.cluster;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Counts a node's connections that have not authenticated yet, up to a cap in all and a smaller one per source,
 * so that connections which never finish the handshake cannot exhaust the node, and one source cannot keep
 * coordinators from other addresses out. A source is an IPv4 address or an IPv6 /64 network (what one host
 * usually has). Thread-safe: sessions on every event loop share one; every method holds its lock.
 */
final class HandshakeQuota {
    /** Bytes of an IPv6 address that name its /64 network. */
    private static final int IPV6_NETWORK_BYTES = 8;

    private final int max;
    private final int maxPerSource;
    private final Map<InetAddress, Integer> bySource = new HashMap<>();
    private int waiting;
    private boolean warned;

    /**
     * @param max          the most connections authenticating at once (positive; {@link NodeConfig} checks it)
     * @param maxPerSource the most of them from one source (positive)
     */
    HandshakeQuota(int max, int maxPerSource) {
        this.max = max;
        this.maxPerSource = maxPerSource;
    }

    /**
     * Takes a place for a new connection from {@code peer}.
     *
     * @return {@code null} if it took one; otherwise, taking nothing, why not (the reason a refused peer is sent)
     */
    synchronized String tryEnter(InetAddress peer) {
        InetAddress source = sourceOf(peer);
        int fromSource = bySource.getOrDefault(source, 0);
        if (fromSource >= maxPerSource) {
            return "node busy: too many unauthenticated connections from " + source.getHostAddress() + " ("
                    + maxPerSource + " at most per source; try again later)";
        }
        if (waiting >= max) {
            return "node busy: too many unauthenticated connections (" + max + " at most; try again later)";
        }
        bySource.put(source, fromSource + 1);
        waiting++;
        return null;
    }

    /** Gives back a place {@code peer} took by {@link #tryEnter} (once per place: when authenticated or closed). */
    synchronized void leave(InetAddress peer) {
        InetAddress source = sourceOf(peer);
        bySource.computeIfPresent(source, (k, n) -> n > 1 ? n - 1 : null);
        waiting--;
        warned = false;
    }

    /**
     * Whether a refusal deserves a warning: only the first since a place was last given back, so that a flood of
     * connections writes one line, not one per connection.
     */
    synchronized boolean firstRefusal() {
        boolean first = !warned;
        warned = true;
        return first;
    }

    /** Connections authenticating now. */
    synchronized int waiting() {
        return waiting;
    }

    /** The source {@code peer} is counted under: itself for IPv4, its /64 network for IPv6. */
    static InetAddress sourceOf(InetAddress peer) {
        if (!(peer instanceof Inet6Address)) {
            return peer;
        }
        byte[] network = Arrays.copyOf(peer.getAddress(), 16);
        Arrays.fill(network, IPV6_NETWORK_BYTES, network.length, (byte) 0);
        try {
            return InetAddress.getByAddress(network);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("16 bytes are an IPv6 address", e);
        }
    }
}

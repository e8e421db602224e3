package org.loopnest.cluster;

/**
 * A node that could not be reached, or hung up before the handshake ended: no connection (refused, no route,
 * timed out, unknown host), the connection closed or reset before the node proved the secret, no handshake reply in
 * time, or the node turned the connection away as busy. Worth another try while the node may still be starting
 * ({@link Cluster#openAvailable}); {@link Cluster#open} reports it like any other failure. A node that answers and
 * fails the handshake is an {@link IllegalStateException} of another kind, never this one.
 */
final class NodeNotReachedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final String reason;

    /**
     * @param message the whole message, naming the node
     * @param reason  what went wrong, without the node's name ({@code "Connection refused: /127.0.0.1:4567"})
     * @param cause   the transport's exception, or {@code null}
     */
    NodeNotReachedException(String message, String reason, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    /** {@return what went wrong, without the node's name} */
    String reason() {
        return reason;
    }
}

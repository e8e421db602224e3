package org.loopnest.cluster;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A node that {@link Cluster#openAvailable} did not reach before its wait was over. Immutable. Two are equal when
 * their node and reason are: the future {@link #late()} takes no part in {@link #equals}, {@link #hashCode} and {@link
 * #toString} ({@code Unreachable[node=..., reason=...]}).
 *
 * @param node   the node
 * @param reason the last error seen when trying it, without its name (e.g. {@code "Connection refused:
 *               /127.0.0.1:4567"}), or why it was stopped when no attempt had ended ({@code "connected, still in the
 *               handshake when the wait was over"})
 * @param late   completes with the node's device when it was still in the handshake when the wait was over and
 *               finished it afterwards ({@link Cluster#openAvailableOrLate} only; the device is then the caller's to
 *               run on or close), else with {@code null} (it was not connected, or hung up or did not answer in
 *               time); fails with the node's handshake failure (another secret, a refusal). Completes on the node's
 *               event loop: close a device from another thread ({@code thenAcceptAsync})
 */
public record Unreachable(NodeAddress node, String reason, CompletableFuture<RemoteDevice> late) {
    /**
     * Checks the future.
     *
     * @param node   the node
     * @param reason the last error seen when trying it
     * @param late   completes with the device of a handshake finished after the wait, or with {@code null}
     * @throws IllegalArgumentException if {@code late} is {@code null}
     */
    public Unreachable {
        if (late == null) {
            throw new IllegalArgumentException("late: null (expected: a future, completed with null when nothing "
                    + "is pending)");
        }
    }

    /**
     * A node with no handshake pending: {@link #late()} is completed with {@code null}.
     *
     * @param node   the node
     * @param reason the last error seen when trying it
     */
    public Unreachable(NodeAddress node, String reason) {
        this(node, reason, CompletableFuture.completedFuture(null));
    }

    /** {@return a copy of the future that completes with the late device, so that completing it changes nothing} */
    @Override
    public CompletableFuture<RemoteDevice> late() {
        return late.copy();
    }

    /**
     * {@return whether {@code other} is an {@code Unreachable} with an equal node and reason, whatever its future}
     *
     * @param other the object to compare with
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof Unreachable u && Objects.equals(node, u.node) && Objects.equals(reason, u.reason);
    }

    /** {@return a hash of the node and the reason} */
    @Override
    public int hashCode() {
        return Objects.hash(node, reason);
    }

    /** {@return {@code Unreachable[node=NODE, reason=REASON]}, without the future} */
    @Override
    public String toString() {
        return "Unreachable[node=" + node + ", reason=" + reason + "]";
    }
}

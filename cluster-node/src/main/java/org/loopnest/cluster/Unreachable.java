package org.loopnest.cluster;

/**
 * A node that {@link Cluster#openAvailable} did not reach before its wait was over. Immutable.
 *
 * @param node   the node
 * @param reason the last error seen when trying it, without its name (e.g. {@code "Connection refused:
 *               /127.0.0.1:4567"}), or why it was stopped when no attempt had ended
 */
public record Unreachable(NodeAddress node, String reason) {
}

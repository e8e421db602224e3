package org.loopnest.cluster;

import java.util.List;

/**
 * The outcome of {@link Cluster#openAvailable}: the nodes that answered and those that did not. Immutable (both
 * lists are copies).
 *
 * <p><b>Ownership:</b> the caller closes every device, whether it runs on them or not.
 *
 * @param devices     the nodes connected and authenticated, in the order they were given, never empty
 * @param unreachable the nodes not reached before the wait was over, in the order they were given, each with the
 *                    last reason seen
 */
public record Connections(List<RemoteDevice> devices, List<Unreachable> unreachable) {
    /**
     * Copies both lists.
     *
     * @param devices     the nodes connected and authenticated
     * @param unreachable the nodes not reached, each with the last reason seen
     */
    public Connections {
        devices = List.copyOf(devices);
        unreachable = List.copyOf(unreachable);
    }
}

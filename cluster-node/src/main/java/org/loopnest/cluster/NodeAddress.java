package org.loopnest.cluster;

import java.net.URI;

/**
 * One node to connect to, and the name its device takes in reports and errors ({@link RemoteDevice#info()}, the
 * device lost messages). Immutable.
 *
 * @param uri  the node's {@code tcp://host:port}, checked as {@link Cluster#address} checks it (and normalized to
 *             that form)
 * @param name the name of the node's device, not blank
 */
public record NodeAddress(URI uri, String name) {
    /**
     * Checks both parts.
     *
     * @param uri  the node's {@code tcp://host:port} (or {@code host:port} as a URI)
     * @param name the name of the node's device
     * @throws IllegalArgumentException naming {@code uri} if it is missing or not a host and a port from 1 to 65535,
     *                                  or {@code name} if it is missing or blank
     */
    public NodeAddress {
        if (uri == null) {
            throw new IllegalArgumentException("uri: null (expected: a node's tcp://host:port)");
        }
        uri = Cluster.address(uri.toString());
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name: " + (name == null ? "null" : "'" + name + "'")
                    + " (expected: a non-blank name for the node's device)");
        }
    }

    /**
     * {@return the node at {@code uri}, named {@code node:HOST:PORT}}
     *
     * @param uri the node's {@code tcp://host:port} (or {@code host:port})
     * @throws IllegalArgumentException naming {@code uri} if it is missing or not a host and a port
     */
    public static NodeAddress of(URI uri) {
        if (uri == null) {
            throw new IllegalArgumentException("uri: null (expected: a node's tcp://host:port)");
        }
        URI checked = Cluster.address(uri.toString());
        return new NodeAddress(checked, "node:" + checked.getHost() + ":" + checked.getPort());
    }

    /**
     * {@return the same node under another name}
     *
     * @param name the name of the node's device, e.g. {@code "slurm task 2 on gpu03"}
     * @throws IllegalArgumentException naming {@code name} if it is missing or blank
     */
    public NodeAddress named(String name) {
        return new NodeAddress(uri, name);
    }
}

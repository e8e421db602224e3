package org.loopnest.cluster;

import java.util.List;

/**
 * {@link Cluster#openAvailable} reached no node within its wait: the message names each node and its last reason,
 * {@link #unreachable()} lists them. A node that answered but failed the handshake is a plain {@link
 * IllegalStateException} instead, so that a caller can tell "not there (yet)" from "there, but wrong".
 */
public final class NodesUnreachableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** Not serialized: a record of this run's nodes. */
    private final transient List<Unreachable> unreachable;

    /**
     * @param message     what happened, naming every node and its last reason
     * @param unreachable the nodes, each with its last reason
     */
    NodesUnreachableException(String message, List<Unreachable> unreachable) {
        super(message);
        this.unreachable = List.copyOf(unreachable);
    }

    /** {@return the nodes not reached, each with the last reason seen, in the order given} */
    public List<Unreachable> unreachable() {
        return unreachable;
    }
}

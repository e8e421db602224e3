package org.loopnest.cluster;

import io.netty.channel.Channel;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Watches the first coordinator that authenticates on a node ({@link NodeServer#firstCoordinatorJoined()}, {@link
 * NodeServer#firstCoordinatorLeft()}): {@link #joined} completes with its address, then {@link #left} once its
 * connection has closed, for whatever reason. Later coordinators are not watched. Neither future ever fails.
 *
 * <p><b>Threading:</b> {@link #authenticated} is called on the connection's event loop; the futures complete there
 * and may be read from any thread.
 */
final class FirstCoordinator {
    private final AtomicBoolean claimed = new AtomicBoolean();
    private final CompletableFuture<InetSocketAddress> joined = new CompletableFuture<>();
    private final CompletableFuture<Void> left = new CompletableFuture<>();

    /**
     * Records that the coordinator on {@code channel} has proven the secret; only the first call counts. The
     * address is {@code null} for a channel without a socket address (an embedded one in tests).
     */
    void authenticated(Channel channel) {
        if (claimed.compareAndSet(false, true)) {
            joined.complete(channel.remoteAddress() instanceof InetSocketAddress inet ? inet : null);
            channel.closeFuture().addListener(f -> left.complete(null));
        }
    }

    /** Completes with the first authenticated coordinator's address. */
    CompletableFuture<InetSocketAddress> joined() {
        return joined;
    }

    /** Completes once the first authenticated coordinator's connection has closed. */
    CompletableFuture<Void> left() {
        return left;
    }
}

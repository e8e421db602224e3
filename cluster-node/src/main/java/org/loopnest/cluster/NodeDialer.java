package org.loopnest.cluster;

import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Tries one node again and again until it answers or a deadline passes: {@link Cluster#openAvailable}'s loop for
 * one node. An attempt that fails with {@link NodeNotReachedException} is followed by another after a backoff of
 * {@value #FIRST_BACKOFF_MILLIS} ms, doubling up to {@value #MAX_BACKOFF_MILLIS} ms (sooner if the last one fits only
 * so), while more than {@value #MIN_CONNECT_TIMEOUT_MILLIS} ms are left before the deadline; each connect may take
 * the cluster's request timeout, but no longer than what is left (at least {@value #MIN_CONNECT_TIMEOUT_MILLIS} ms).
 * Any other failure ends the loop at once.
 *
 * <p><b>Threading:</b> everything runs on the node's own event loop (one thread), which never blocks; {@link #start}
 * and {@link #stop} may be called from any thread. <b>Ownership:</b> the group is the dialer's until a device is
 * made, then the device's; when the outcome is not a device, the caller shuts the group down ({@link #group()}).
 * <b>Bounded:</b> no attempt starts after the deadline, and {@link #stop} settles the outcome at once.
 */
final class NodeDialer {
    /** The pause after the first failed attempt, in milliseconds. */
    static final long FIRST_BACKOFF_MILLIS = 50;
    /** The longest pause between attempts, in milliseconds. */
    static final long MAX_BACKOFF_MILLIS = 1000;
    /** The shortest connect timeout of an attempt, however little of the wait is left, in milliseconds. */
    static final long MIN_CONNECT_TIMEOUT_MILLIS = 100;

    private final Cluster cluster;
    private final NodeAddress node;
    private final Secret secret;
    private final long deadline;
    private final BiConsumer<NodeAddress, String> onRetry;
    private final EventLoopGroup group;
    private final CompletableFuture<RemoteDevice> outcome = new CompletableFuture<>();
    /** Event loop only, like the next three. */
    private long backoffNanos = TimeUnit.MILLISECONDS.toNanos(FIRST_BACKOFF_MILLIS);
    private NodeAttempt current;
    private ScheduledFuture<?> retry;
    private boolean stopped;
    private volatile String lastReason = "no answer yet when the wait was over (still connecting or in the handshake)";

    /**
     * @param deadline when to stop trying, in {@link System#nanoTime()}'s terms
     * @param onRetry  told of every attempt that failed as not reached, with its reason, on the event loop
     * @param group    a fresh group of one event loop, for the node's connection
     */
    NodeDialer(Cluster cluster, NodeAddress node, Secret secret, long deadline,
               BiConsumer<NodeAddress, String> onRetry, EventLoopGroup group) {
        this.cluster = cluster;
        this.node = node;
        this.secret = secret;
        this.deadline = deadline;
        this.onRetry = onRetry;
        this.group = group;
    }

    /**
     * Starts the first attempt.
     *
     * @return completes with the node's device; with {@code null} when the node was not reached by the deadline or
     *     before {@link #stop} ({@link #lastReason()} says why); fails with the node's handshake failure
     */
    CompletableFuture<RemoteDevice> start() {
        group.execute(this::attempt);
        return outcome;
    }

    /** Stops trying: a pending attempt is closed and the outcome, if not settled yet, becomes "not reached". */
    void stop() {
        group.execute(() -> {
            stopped = true;
            if (retry != null) {
                retry.cancel(false);
            }
            if (current != null) {
                current.cancel();
            }
            outcome.complete(null);
        });
    }

    /** {@return the last reason an attempt failed as not reached} */
    String lastReason() {
        return lastReason;
    }

    /** {@return the node tried} */
    NodeAddress node() {
        return node;
    }

    /** {@return the node's event loop group} */
    EventLoopGroup group() {
        return group;
    }

    private void attempt() {
        if (stopped) {
            return;
        }
        long left = Math.max(0, deadline - System.nanoTime());
        long connect = Math.max(TimeUnit.MILLISECONDS.toNanos(MIN_CONNECT_TIMEOUT_MILLIS),
                Math.min(cluster.requestTimeout().toNanos(), left));
        NodeAttempt attempt = new NodeAttempt(cluster, node, secret, group);
        current = attempt;
        attempt.start(Duration.ofNanos(connect), cluster.requestTimeout())
                .whenComplete((device, error) -> attempted(attempt, device, error));
    }

    private void attempted(NodeAttempt attempt, RemoteDevice device, Throwable error) {
        current = null;
        if (stopped) {
            attempt.cancel(); // the outcome is settled: a device made meanwhile is not expected by anyone
        } else if (device != null) {
            outcome.complete(device);
        } else if (!(error instanceof NodeNotReachedException notReached)) {
            outcome.completeExceptionally(error);
        } else {
            lastReason = notReached.reason();
            try {
                onRetry.accept(node, notReached.reason());
            } finally {
                again();
            }
        }
    }

    /** The next attempt after the backoff, or sooner to start while a connect still fits before the deadline. */
    private void again() {
        long room = deadline - System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(MIN_CONNECT_TIMEOUT_MILLIS);
        if (stopped || room <= 0) {
            outcome.complete(null);
            return;
        }
        retry = group.schedule(this::attempt, Math.min(backoffNanos, room), TimeUnit.NANOSECONDS);
        backoffNanos = Math.min(backoffNanos * 2, TimeUnit.MILLISECONDS.toNanos(MAX_BACKOFF_MILLIS));
    }
}

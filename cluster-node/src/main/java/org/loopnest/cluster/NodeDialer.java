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
 *
 * <p><b>Finishing handshakes:</b> a dialer told to {@linkplain #NodeDialer finish handshakes} does not close, at
 * {@link #stop} once the wait has run to its deadline, an attempt whose connection the node has accepted: the attempt
 * finishes its handshake (bounded by the cluster's request timeout) and {@link #late()} completes with its device,
 * which then owns the group; if the handshake does not end in a device, the dialer shuts the group down itself and
 * {@link #lastReason()} says why. So a node whose handshake ends a moment after the deadline is not told "joined" and
 * then "left": the caller can still hand its device to the run. A stop before the deadline (the caller interrupted,
 * another node failed the call) closes every attempt, as without finishing handshakes.
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
    private final boolean finishHandshakes;
    private final CompletableFuture<RemoteDevice> outcome = new CompletableFuture<>();
    private final CompletableFuture<RemoteDevice> late = new CompletableFuture<>();
    /** Event loop only, like the next three. */
    private long backoffNanos = TimeUnit.MILLISECONDS.toNanos(FIRST_BACKOFF_MILLIS);
    private NodeAttempt current;
    private ScheduledFuture<?> retry;
    private boolean stopped;
    /** Whether an attempt was left to finish its handshake at {@link #stop}; set before the outcome settles. */
    private volatile boolean finishing;
    private volatile String lastReason = "no answer yet when the wait was over (still connecting or in the handshake)";

    /**
     * @param deadline when to stop trying, in {@link System#nanoTime()}'s terms
     * @param onRetry  told of every attempt that failed as not reached, with its reason, on the event loop
     * @param group    a fresh group of one event loop, for the node's connection
     * @param finishHandshakes whether {@link #stop} lets an attempt the node has accepted finish its handshake
     *                 ({@link #late()}) instead of closing it
     */
    NodeDialer(Cluster cluster, NodeAddress node, Secret secret, long deadline,
               BiConsumer<NodeAddress, String> onRetry, EventLoopGroup group, boolean finishHandshakes) {
        this.cluster = cluster;
        this.node = node;
        this.secret = secret;
        this.deadline = deadline;
        this.onRetry = onRetry;
        this.group = group;
        this.finishHandshakes = finishHandshakes;
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

    /**
     * Stops trying: the outcome, if not settled yet, becomes "not reached"; a pending attempt is closed, unless
     * {@code finish}, handshakes are finished and the node has accepted its connection: that one goes on to {@link
     * #late()}.
     *
     * @param finish whether an attempt in the handshake may finish it: only when the wait ran to its deadline (not
     *               when it was interrupted or another node failed the call, which leaves no attempt running)
     */
    void stop(boolean finish) {
        group.execute(() -> {
            stopped = true;
            if (retry != null) {
                retry.cancel(false);
            }
            if (current != null && finish && finishHandshakes && current.connected() && !outcome.isDone()) {
                finishing = true;
                lastReason = "connected, still in the handshake when the wait was over";
            } else {
                if (current != null) {
                    current.cancel();
                }
                late.complete(null);
            }
            outcome.complete(null);
        });
    }

    /**
     * {@return completes with the device of the attempt left to finish its handshake at {@link #stop} (the caller
     * owns it), or with {@code null} when there was none or it did not end in a device (the node hung up or did not
     * answer in time); fails with the node's handshake failure (it did not prove the secret, or refused)}
     */
    CompletableFuture<RemoteDevice> late() {
        return late;
    }

    /** Whether an attempt was left to finish its handshake at {@link #stop}: {@link #late()} then owns the group. */
    boolean finishing() {
        return finishing;
    }

    /**
     * {@return the last reason an attempt failed as not reached: once {@link #late()} has completed with {@code null},
     * why the handshake finished after the wait did not end in a device}
     */
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
        if (finishing) {
            handOver(device, error);
        } else if (stopped) {
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

    /** Settles {@link #late()} with the attempt finished after {@link #stop}; without a device, ends the group. */
    private void handOver(RemoteDevice device, Throwable error) {
        if (device != null) {
            late.complete(device); // the device owns the group now
            return;
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        if (error instanceof NodeNotReachedException notReached) {
            lastReason = "connected before the wait was over, then " + notReached.reason(); // before late settles
            late.complete(null);
        } else {
            late.completeExceptionally(error);
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

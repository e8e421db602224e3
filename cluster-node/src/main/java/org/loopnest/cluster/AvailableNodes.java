package org.loopnest.cluster;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

/**
 * One call of {@link Cluster#openAvailable}: a {@link NodeDialer} per node, all at once, each on its own event loop;
 * waits until every node has answered, one has failed the handshake, or the wait is over, then stops the rest and
 * sorts the outcomes. Runs on the caller's thread; leaves no thread behind but those of the devices it returns.
 */
final class AvailableNodes {
    /** How long a stopped dialer may take to settle (it settles at once: this only bounds a bug). */
    private static final long SETTLE_SECONDS = 10;
    /** How long a group whose node was not connected may take to shut down. */
    private static final long SHUTDOWN_SECONDS = 5;

    private AvailableNodes() {
    }

    /**
     * Does the call; see {@link Cluster#openAvailable} and, with {@code finishHandshakes}, {@link
     * Cluster#openAvailableOrLate}. The arguments are checked.
     */
    static Connections open(Cluster cluster, List<NodeAddress> nodes, Secret secret, Duration wait,
                            BiConsumer<NodeAddress, String> onRetry, boolean finishHandshakes) {
        long deadline = System.nanoTime() + wait.toNanos();
        List<NodeDialer> dialers = new ArrayList<>();
        for (NodeAddress node : nodes) {
            dialers.add(new NodeDialer(cluster, node, secret, deadline, onRetry, group(node), finishHandshakes));
        }
        List<CompletableFuture<RemoteDevice>> outcomes = dialers.stream().map(NodeDialer::start).toList();
        Ending ending = awaitAnswers(outcomes, deadline);
        dialers.forEach(d -> d.stop(ending == Ending.OVER)); // only a wait run to its end lets handshakes finish
        return sort(dialers, outcomes, ending == Ending.INTERRUPTED, wait, cluster.requestTimeout());
    }

    /** A group of one event loop for {@code node}'s connection, its thread named after the node. */
    static EventLoopGroup group(NodeAddress node) {
        return new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("loopnest-remote-" + node.name()),
                NioIoHandler.newFactory());
    }

    /** How {@link #awaitAnswers} ended. */
    private enum Ending {
        /** Every outcome settled, or one failed. */
        ANSWERED,
        /** The deadline passed. */
        OVER,
        /** The caller's thread was interrupted. */
        INTERRUPTED
    }

    /**
     * Waits until every outcome is settled, one has failed, or the deadline has passed.
     *
     * @return how the wait ended
     */
    private static Ending awaitAnswers(List<CompletableFuture<RemoteDevice>> outcomes, long deadline) {
        CompletableFuture<Void> failed = new CompletableFuture<>();
        outcomes.forEach(o -> o.whenComplete((device, error) -> {
            if (error != null) {
                failed.complete(null);
            }
        }));
        CompletableFuture<Object> answered = CompletableFuture.anyOf(
                CompletableFuture.allOf(outcomes.toArray(CompletableFuture[]::new)), failed);
        try {
            answered.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return Ending.OVER;
        } catch (ExecutionException e) {
            return Ending.ANSWERED; // cannot happen: neither future fails
        } catch (InterruptedException e) {
            return Ending.INTERRUPTED;
        }
        return Ending.ANSWERED;
    }

    /**
     * Sorts the settled outcomes into devices and unreachable nodes, or fails, cleaning up behind. When no node
     * answered but some are finishing their handshake, waits for those (each bounded by {@code handshakeTimeout}).
     */
    private static Connections sort(List<NodeDialer> dialers, List<CompletableFuture<RemoteDevice>> outcomes,
                                    boolean interrupted, Duration wait, Duration handshakeTimeout) {
        List<RemoteDevice> devices = new ArrayList<>();
        List<Unreachable> unreachable = new ArrayList<>();
        List<NodeDialer> unreachableDialers = new ArrayList<>(); // each one's dialer, in the same order
        List<EventLoopGroup> idle = new ArrayList<>();
        RuntimeException failure = null;
        for (int k = 0; k < dialers.size(); k++) {
            NodeDialer dialer = dialers.get(k);
            try {
                RemoteDevice device = outcomes.get(k).get(SETTLE_SECONDS, TimeUnit.SECONDS);
                if (device != null) {
                    devices.add(device);
                    continue;
                }
                unreachableDialers.add(dialer);
                if (dialer.finishing()) {
                    unreachable.add(new Unreachable(dialer.node(), dialer.lastReason(), dialer.late()));
                    continue; // its group is the late attempt's
                }
                unreachable.add(new Unreachable(dialer.node(), dialer.lastReason()));
            } catch (ExecutionException e) {
                failure = failure != null ? failure : new IllegalStateException(e.getCause().getMessage(),
                        e.getCause());
            } catch (TimeoutException | InterruptedException e) {
                interrupted |= e instanceof InterruptedException;
                unreachableDialers.add(dialer);
                unreachable.add(new Unreachable(dialer.node(), "did not settle in " + SETTLE_SECONDS + " s"));
            }
            idle.add(dialer.group());
        }
        shutDown(idle);
        if (failure == null && !interrupted && devices.isEmpty()) {
            try {
                awaitLate(unreachable, unreachableDialers, devices, handshakeTimeout);
            } catch (IllegalStateException e) {
                failure = e;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            failure = new IllegalStateException("interrupted connecting to " + dialers.size() + " nodes");
        } else if (failure == null && devices.isEmpty()) {
            failure = new NodesUnreachableException(noneAnswered(unreachable, wait), unreachable);
        }
        if (failure != null) {
            devices.forEach(RemoteDevice::close);
            unreachable.forEach(u -> closeWhenDone(u.late()));
            throw failure;
        }
        return new Connections(devices, unreachable);
    }

    /**
     * Waits for the nodes in {@code unreachable} finishing their handshake (when none answered in time: the run
     * needs one) and moves those that end in a device to {@code devices}, in the order given; those that do not get
     * the reason their handshake ended with (their dialer's, in {@code dialers}, the same order), not the one given
     * when the wait was over.
     *
     * @throws IllegalStateException with the message of a node that failed the handshake, as any such node fails
     *     the call
     */
    private static void awaitLate(List<Unreachable> unreachable, List<NodeDialer> dialers,
                                  List<RemoteDevice> devices, Duration timeout) throws InterruptedException {
        long bound = Math.min(timeout.toMillis(), Long.MAX_VALUE / 4) + SETTLE_SECONDS * 1000;
        for (int k = 0; k < unreachable.size(); k++) {
            try {
                Unreachable u = unreachable.get(k);
                RemoteDevice device = u.late().get(bound, TimeUnit.MILLISECONDS);
                if (device != null) {
                    devices.add(device);
                    unreachable.remove(k);
                    dialers.remove(k--);
                } else if (dialers.get(k).finishing()) {
                    unreachable.set(k, new Unreachable(u.node(), dialers.get(k).lastReason()));
                }
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
            } catch (TimeoutException e) {
                // stuck past its own timeout (a bug): it stays unreachable, closed if it ever ends in a device
            }
        }
    }

    /** Closes the device {@code late} completes with, if any, off its event loop (closing waits for that loop). */
    static void closeWhenDone(CompletableFuture<RemoteDevice> late) {
        late.thenAcceptAsync(device -> {
            if (device != null) {
                device.close();
            }
        });
    }

    private static void shutDown(List<EventLoopGroup> groups) {
        groups.forEach(g -> g.shutdownGracefully(0, 1, TimeUnit.SECONDS));
        groups.forEach(g -> g.terminationFuture().awaitUninterruptibly(SHUTDOWN_SECONDS, TimeUnit.SECONDS));
    }

    private static String noneAnswered(List<Unreachable> unreachable, Duration wait) {
        StringBuilder s = new StringBuilder("no node answered within ").append(text(wait))
                .append(" (expected: at least one running 'loopnest node'): ");
        for (int k = 0; k < unreachable.size(); k++) {
            Unreachable u = unreachable.get(k);
            s.append(k == 0 ? "" : "; ").append(u.node().name()).append(": ").append(u.reason());
        }
        return s.toString();
    }

    /** {@code "30 s"} for whole seconds, else {@code "300 ms"}. */
    static String text(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}

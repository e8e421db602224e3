package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.NodesUnreachableException;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.Unreachable;
import org.loopnest.device.Device;

/**
 * Workers that had not answered when the run started: each is tried again in the background, on a daemon thread of
 * its own, until a deadline — or, for one still in the handshake when the coordinator's wait was over ({@link
 * Unreachable#late()}), its handshake is waited for first (bounded by the cluster's request timeout), and its
 * device taken instead of a new connection; one that answers joins the running run ({@link Joiner}, e.g. {@code
 * Execution::join}), and is named on standard output. A worker that answers after the run ended, or cannot take
 * part, is closed again (the reason on standard error).
 *
 * <p><b>Threading:</b> thread-safe. <b>Ownership:</b> owns the devices it connects and those of the handshakes it is
 * given; {@link #close()} closes those that joined (call it after the run ended), interrupts the threads still trying
 * (which close what they connected), and makes any connected or handed over later be closed at once.
 */
final class LateWorkers implements AutoCloseable {
    /** Adds a device to the run going on. */
    @FunctionalInterface
    interface Joiner {
        /**
         * @return whether the device joined; {@code false} if the run has ended
         * @throws org.loopnest.error.LoopNestException if it cannot take part, saying why
         */
        boolean join(Device device);
    }

    /** Beyond the cluster's request timeout, how long to wait for a handshake under way: bounds a bug only. */
    private static final long HANDSHAKE_MARGIN_SECONDS = 10;

    private final List<Unreachable> missing;
    private final Cluster cluster;
    private final Secret secret;
    private final Instant deadline;
    private final PrintWriter out;
    private final PrintWriter err;
    private final List<Device> joined = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private boolean closed;

    /**
     * @param missing  the workers to keep trying, with any handshake still under way ({@link Unreachable#late()})
     * @param deadline when to give up on them
     */
    LateWorkers(List<Unreachable> missing, Cluster cluster, Secret secret, Instant deadline, PrintWriter out,
                PrintWriter err) {
        this.missing = List.copyOf(missing);
        this.cluster = cluster;
        this.secret = secret;
        this.deadline = deadline;
        this.out = out;
        this.err = err;
    }

    /**
     * Starts trying the missing workers, each answering one going to {@code joiner}. At most once.
     *
     * @param joiner adds a device to the run going on
     */
    synchronized void joinInto(Joiner joiner) {
        if (!threads.isEmpty() || closed) {
            return;
        }
        for (Unreachable worker : missing) {
            Thread t = new Thread(() -> tryLate(worker, joiner), "loopnest-late-" + worker.node().name());
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    private void tryLate(Unreachable worker, Joiner joiner) {
        RemoteDevice device;
        try {
            device = handshakeFinished(worker);
            Duration left = Duration.between(Instant.now(), deadline);
            if (device == null && (left.isNegative() || left.isZero())) {
                return;
            }
            if (device == null) {
                device = cluster.openAvailable(List.of(worker.node()), secret, left).devices().get(0);
            }
        } catch (NodesUnreachableException e) {
            return; // still not answering at the deadline: the run goes on without it, as said when it started
        } catch (RuntimeException e) { // answered, but failed the handshake; or this closed (interrupted)
            synchronized (this) {
                if (!closed) {
                    err.println(worker.node().name() + ": answered late but is refused: " + e.getMessage());
                    err.flush();
                }
            }
            return;
        }
        boolean in = false;
        try {
            synchronized (this) {
                if (closed) {
                    return;
                }
            }
            try {
                in = joiner.join(device); // outside the lock: setting a run up on a node may take a while
            } catch (RuntimeException e) { // LoopNestException saying why, or whatever the device's setup threw
                err.println(device.info().name() + ": answered late but cannot join the run: " + e.getMessage());
                err.flush();
            }
            synchronized (this) {
                if (in && !closed) {
                    joined.add(device);
                    out.println(device.info().name() + ": answered late and joined the run");
                    out.flush();
                    return;
                }
            }
        } finally {
            synchronized (this) {
                if (!joined.contains(device)) {
                    device.close(); // refused, the run is over, this closed meanwhile, or an Error
                }
            }
        }
    }

    /**
     * The device of {@code worker}'s handshake that was still under way when the coordinator's wait was over, once it
     * has ended; {@code null} if there was none or it did not end in a device (then the worker is tried again).
     *
     * @throws IllegalStateException if the worker answered and failed the handshake, or this thread was interrupted
     *     (this closed): the device, should one come, is closed then
     */
    private RemoteDevice handshakeFinished(Unreachable worker) {
        try {
            // bounded by the attempt's handshake timeout, the request timeout; the margin only bounds a bug
            return worker.late().get(cluster.requestTimeout().toSeconds() + HANDSHAKE_MARGIN_SECONDS,
                    TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            closeWhenDone(worker);
            return null;
        } catch (InterruptedException e) {
            closeWhenDone(worker);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for " + worker.node().name(), e);
        }
    }

    /** Closes the device {@code worker}'s handshake ends in, if any, off the device's own event loop. */
    private static void closeWhenDone(Unreachable worker) {
        worker.late().thenAcceptAsync(device -> {
            if (device != null) {
                device.close();
            }
        });
    }

    /** Closes the workers that joined; any that answers from now on is closed at once. */
    @Override
    public synchronized void close() {
        if (threads.isEmpty()) {
            missing.forEach(LateWorkers::closeWhenDone); // never started: no thread takes their handshakes' devices
        }
        closed = true;
        threads.forEach(Thread::interrupt); // a thread still connecting stops and closes what it connected
        joined.forEach(Device::close);
        joined.clear();
    }
}

package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.Connections;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.Unreachable;
import org.loopnest.device.Device;

/**
 * Workers that had not answered when the run started: each is tried again in the background, on a daemon thread of
 * its own, until a deadline; one that answers joins the running run ({@link Joiner}, e.g. {@code
 * Execution::join}), and is named on standard output. A worker that answers after the run ended, or cannot take
 * part, is closed again (the reason on standard error).
 *
 * <p><b>Threading:</b> thread-safe. <b>Ownership:</b> owns the devices it connects; {@link #close()} closes those
 * that joined (call it after the run ended) and makes any connected later be closed at once. A thread still trying
 * when this closes ends by its deadline.
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

    private final List<Unreachable> missing;
    private final Cluster cluster;
    private final Secret secret;
    private final Instant deadline;
    private final PrintWriter out;
    private final PrintWriter err;
    private final List<Device> joined = new ArrayList<>();
    private boolean closed;
    private boolean started;

    /**
     * @param missing  the workers to keep trying
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
        if (started || closed) {
            return;
        }
        started = true;
        for (Unreachable worker : missing) {
            Thread t = new Thread(() -> tryLate(worker, joiner), "loopnest-late-" + worker.node().name());
            t.setDaemon(true);
            t.start();
        }
    }

    private void tryLate(Unreachable worker, Joiner joiner) {
        Duration left = Duration.between(Instant.now(), deadline);
        if (left.isNegative() || left.isZero()) {
            return;
        }
        RemoteDevice device;
        try {
            Connections answered = cluster.openAvailable(List.of(worker.node()), secret, left);
            device = answered.devices().get(0);
        } catch (RuntimeException e) {
            return; // still not answering at the deadline, or refused: the run goes on without it, as said before
        }
        synchronized (this) {
            if (closed) {
                device.close();
                return;
            }
        }
        boolean in = false;
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
            } else {
                device.close(); // refused, the run is over, or this closed meanwhile (after the run ended)
            }
        }
    }

    /** Closes the workers that joined; any that answers from now on is closed at once. */
    @Override
    public synchronized void close() {
        closed = true;
        joined.forEach(Device::close);
        joined.clear();
    }
}

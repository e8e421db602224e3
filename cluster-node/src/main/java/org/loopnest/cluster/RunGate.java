package org.loopnest.cluster;

/**
 * Lets one run at a time through a {@link RemoteDevice}'s connection. A run is open from {@link #tryOpen} until
 * every buffer of the device is closed again (the scheduler frees a run's buffers when the run ends) or, if it
 * never holds one, until its open or its first allocation fails. The caller tells the node that a run ended while
 * it still holds this gate's lock, so that the node hears of the end before any later run's {@code OPEN_RUN}.
 *
 * <p><b>Threading:</b> thread-safe; every method holds the gate's lock, and callers may hold it around a call to
 * do something in the same step ({@code synchronized (gate)}).
 */
final class RunGate {
    /** No run open. */
    static final long NONE = -1;

    private long open = NONE;
    private long liveBuffers;

    /** Opens run {@code id}; {@code false}, changing nothing, while another is open. */
    synchronized boolean tryOpen(long id) {
        if (open != NONE) {
            return false;
        }
        open = id;
        return true;
    }

    /** The open run's id, or {@link #NONE}. */
    synchronized long open() {
        return open;
    }

    /** Ends run {@code id} whose open failed (the node never set it up). */
    synchronized void openFailed(long id) {
        if (open == id) {
            open = NONE;
        }
    }

    /** Counts a buffer allocated on the node. */
    synchronized void allocated() {
        liveBuffers++;
    }

    /**
     * Records that an allocation failed: if the device holds no buffer, the open run ends here (its owner has
     * nothing to free).
     *
     * @return the run that ended, or {@link #NONE}
     */
    synchronized long allocationFailed() {
        return liveBuffers == 0 ? end() : NONE;
    }

    /**
     * Counts a buffer closed.
     *
     * @return the run that ended because this was the device's last buffer, or {@link #NONE}
     */
    synchronized long freed() {
        liveBuffers--;
        return liveBuffers == 0 ? end() : NONE;
    }

    /**
     * Ends run {@code id} if it is open and holds no buffer: a run whose chunks a node ran where the files are, which
     * allocates nothing.
     *
     * @return {@code id} if it ended here, or {@link #NONE}
     */
    synchronized long endWithoutBuffers(long id) {
        return open == id && liveBuffers == 0 ? end() : NONE;
    }

    private long end() {
        long ended = open;
        open = NONE;
        return ended;
    }
}

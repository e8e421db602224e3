package org.loopnest.error;

/**
 * A device went away during a run — a remote node disconnected or missed its heartbeats. The scheduler runs the
 * chunks that device had in flight on the other devices; only when every device of a run is lost does the run
 * fail, with this exception naming the last one.
 */
public class DeviceLostException extends LoopNestException {
    /** The lost device's name. */
    private final String device;
    /** Why it was lost. */
    private final String reason;

    /**
     * The loss of {@code device}, with why.
     *
     * @param device the device's name
     * @param reason why it was lost, e.g. a missed heartbeat or a closed connection
     */
    public DeviceLostException(String device, String reason) {
        super("device " + device + " lost: " + reason);
        this.device = device;
        this.reason = reason;
    }

    /** {@return why the device was lost} */
    public String reason() {
        return reason;
    }

    /** {@return the lost device's name} */
    public String device() {
        return device;
    }
}

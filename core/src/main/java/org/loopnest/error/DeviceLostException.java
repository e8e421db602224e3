package org.loopnest.error;

/**
 * A device went away during a run — a remote node disconnected or missed its heartbeats. The scheduler runs the
 * chunks that device had in flight on the other devices; only when every device of a run is lost does the run
 * fail, with this exception naming the last one.
 */
public class DeviceLostException extends LoopNestException {
    private final String device;
    private final String reason;

    /** The loss of {@code device}, with why. */
    public DeviceLostException(String device, String reason) {
        super("device " + device + " lost: " + reason);
        this.device = device;
        this.reason = reason;
    }

    /** Why the device was lost. */
    public String reason() {
        return reason;
    }

    /** The lost device's name. */
    public String device() {
        return device;
    }
}

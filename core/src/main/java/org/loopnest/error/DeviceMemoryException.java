package org.loopnest.error;

/**
 * The data of one chunk does not fit a device: what the split needs and what the device offers, in bytes.
 * Thrown before anything runs when an explicit split (or every possible split) is too big, and by a device
 * that cannot allocate a buffer.
 */
public class DeviceMemoryException extends LoopNestException {
    /** The bytes needed. */
    private final long neededBytes;
    /** The bytes the device offered. */
    private final long offeredBytes;

    /**
     * A failure whose message explains the need and the offer.
     *
     * @param message what did not fit, with the need and the offer
     * @param neededBytes the bytes needed
     * @param offeredBytes the bytes the device offered
     */
    public DeviceMemoryException(String message, long neededBytes, long offeredBytes) {
        super(message);
        this.neededBytes = neededBytes;
        this.offeredBytes = offeredBytes;
    }

    /** {@return bytes of device memory the request needed} */
    public long neededBytes() {
        return neededBytes;
    }

    /** {@return bytes of device memory the device offered} */
    public long offeredBytes() {
        return offeredBytes;
    }
}

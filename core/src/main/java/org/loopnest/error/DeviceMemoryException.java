package org.loopnest.error;

/**
 * The data of one chunk does not fit a device: what the split needs and what the device offers, in bytes.
 * Thrown before anything runs when an explicit split (or every possible split) is too big, and by a device
 * that cannot allocate a buffer.
 */
public class DeviceMemoryException extends LoopNestException {
    private final long neededBytes;
    private final long offeredBytes;

    /** A failure whose message explains the need and the offer. */
    public DeviceMemoryException(String message, long neededBytes, long offeredBytes) {
        super(message);
        this.neededBytes = neededBytes;
        this.offeredBytes = offeredBytes;
    }

    /** Bytes of device memory the request needed. */
    public long neededBytes() {
        return neededBytes;
    }

    /** Bytes of device memory the device offered. */
    public long offeredBytes() {
        return offeredBytes;
    }
}

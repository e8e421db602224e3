package org.loopnest.device;

/**
 * A kind of device found by name, e.g. {@code opencl}: says whether this machine has such devices and opens them.
 * {@link Devices} holds the {@code cpu} and {@code sim} providers itself and finds the others through
 * {@link java.util.ServiceLoader}: a backend artifact ({@code org.loopnest:loopnest-opencl},
 * {@code org.loopnest:loopnest-cuda}) lists its provider in {@code
 * META-INF/services/org.loopnest.device.DeviceProvider}, so putting its jar on the class path is all it takes to use
 * it.
 *
 * <p><b>Implementing:</b> a public class with a public no-argument constructor that does nothing costly: loading a
 * native library waits for {@link #availability()} or {@link #open}. <b>Threading:</b> implementations are
 * thread-safe. <b>Failure:</b> {@link #availability()} never throws (an absent driver is an answer with a reason);
 * {@link #open} throws as the device kind's own {@code open} does.
 */
public interface DeviceProvider {
    /**
     * {@return the kind's name, as in {@code NAME:N}: lower case, no colon, e.g. {@code cuda}} Unique on the class
     * path.
     */
    String name();

    /**
     * {@return how many devices of this kind this machine has, or why it has none} May load the native library on the
     * first call; never throws.
     */
    Availability availability();

    /**
     * Opens device {@code index} of this kind; the caller closes it.
     *
     * @param index            the device number, {@code 0} for the first
     * @param memoryLimitBytes a cap on the device's memory budget (chunks are sized as if it had no more), or
     *                         {@link Long#MAX_VALUE} for no cap
     * @return the open device
     * @throws IllegalArgumentException if there is no such device or the limit is not positive, saying what was
     *                                  expected
     * @throws IllegalStateException    if the kind's driver cannot be used, saying why
     * @throws org.loopnest.error.DeviceException if the driver fails while the device is set up
     */
    Device open(int index, long memoryLimitBytes);

    /**
     * How many devices a provider found.
     *
     * @param devices how many, {@code 0} or more
     * @param reason  why there are none (non-blank), or {@code null} when there are some
     */
    record Availability(int devices, String reason) {
        /**
         * @param devices how many devices of this kind there are
         * @param reason why there are none, or {@code null} when there are some
         * @throws IllegalArgumentException if {@code devices} is negative, or there are none and no reason is given
         */
        public Availability {
            if (devices < 0) {
                throw new IllegalArgumentException("devices = " + devices + " (expected: >= 0)");
            }
            if (devices == 0 && (reason == null || reason.isBlank())) {
                throw new IllegalArgumentException("reason is blank (expected: why there is no device)");
            }
        }

        /** {@return whether there is at least one device} */
        public boolean available() {
            return devices > 0;
        }
    }
}

package org.loopnest.device.cuda;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * Whether the CUDA driver can be used in this process, found out once.
 *
 * <p>The first call to {@link #availability()} or {@link #deviceCount()} loads JCuda's native driver binding
 * (which needs {@code libcuda.so.1}), calls {@code cuInit(0)} and counts the devices; every later call returns
 * the same answer. Nothing outside this package touches a JCuda class, so JCuda is loaded only when CUDA is asked
 * for. JCuda's exceptions are left as they are (off unless someone turns them on): results are checked as return
 * codes.
 *
 * <p><b>Threading:</b> thread-safe; the probe runs once, on the first thread to ask. <b>Failure:</b> never
 * throws for a missing or broken driver: the answer says why CUDA cannot be used.
 */
public final class CudaDriver {
    private static final Pattern MISSING_LIBRARY =
            Pattern.compile("(lib[\\w.+-]+\\.so[\\w.]*): (cannot open shared object file[^\\r\\n]*)");

    private CudaDriver() {
    }

    /**
     * Whether CUDA can be used, and why (not).
     *
     * @param available whether the driver initialized and has at least one device
     * @param reason    a non-blank line: the driver version and device count, or what is missing, e.g.
     *                  {@code CUDA driver not found: libcuda.so.1 (cannot open shared object file: …)}
     */
    public record Availability(boolean available, String reason) {
    }

    /** {@return the answer of the one probe of the driver; loads JCuda on the first call} Never throws. */
    public static Availability availability() {
        return Probe.RESULT.availability;
    }

    /** {@return the number of CUDA devices, 0 when CUDA is not {@link #availability() available}} Never throws. */
    public static int deviceCount() {
        return Probe.RESULT.deviceCount;
    }

    /**
     * Throws unless CUDA is available.
     *
     * @throws IllegalStateException with the {@link Availability#reason() reason}
     */
    static void requireAvailable() {
        Availability a = availability();
        if (!a.available()) {
            throw new IllegalStateException("CUDA is not available: " + a.reason());
        }
    }

    /** The symbolic name of a CUDA result code, e.g. {@code CUDA_ERROR_OUT_OF_MEMORY}. */
    static String errorName(int result) {
        return CUresult.stringFor(result);
    }

    /** Lazy holder: the JVM runs {@link #probe()} once, thread-safely, when the class is first used. */
    private static final class Probe {
        static final Probe RESULT = probe();

        final Availability availability;
        final int deviceCount;

        Probe(boolean available, String reason, int deviceCount) {
            this.availability = new Availability(available, reason);
            this.deviceCount = deviceCount;
        }

        private static Probe probe() {
            try {
                int init = JCudaDriver.cuInit(0);
                if (init != CUresult.CUDA_SUCCESS) {
                    return new Probe(false, "CUDA driver present but cuInit(0) failed with "
                            + errorName(init) + " (" + init + ")", 0);
                }
                int[] version = new int[1];
                int v = JCudaDriver.cuDriverGetVersion(version);
                int[] count = new int[1];
                int c = JCudaDriver.cuDeviceGetCount(count);
                if (c != CUresult.CUDA_SUCCESS) {
                    return new Probe(false, "CUDA driver present but cuDeviceGetCount failed with "
                            + errorName(c) + " (" + c + ")", 0);
                }
                String driver = v == CUresult.CUDA_SUCCESS
                        ? "CUDA driver " + version[0] / 1000 + "." + (version[0] % 1000) / 10 : "CUDA driver";
                if (count[0] == 0) {
                    return new Probe(false, driver + " present but no CUDA device found", 0);
                }
                return new Probe(true, driver + ", " + count[0] + " device(s)", count[0]);
            } catch (LinkageError e) {
                return new Probe(false, "CUDA driver not found: " + describe(e), 0);
            } catch (RuntimeException e) {
                return new Probe(false, "CUDA driver failed to initialize: " + e, 0);
            }
        }
    }

    /** One line for a failed native library load: the library that could not be opened, when it is named. */
    static String describe(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = String.valueOf(t.getMessage());
            Matcher m = MISSING_LIBRARY.matcher(message);
            if (m.find()) {
                return m.group(1) + " (" + m.group(2).strip() + ")";
            }
        }
        String message = String.valueOf(e.getMessage()).strip();
        int newline = message.indexOf('\n');
        return e.getClass().getSimpleName() + ": " + (newline < 0 ? message : message.substring(0, newline).strip());
    }
}

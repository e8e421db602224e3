package org.loopnest.internal.report;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * The runtime's door to the package-private constructors of {@link RunReport} and {@link DeviceReport}, so that the
 * API package {@code org.loopnest.report} offers users no way to make a report. {@code RunReport} installs the
 * {@link Factory} when its class is initialized; {@link #factory()} initializes it first. Not API.
 *
 * <p><b>Threading:</b> safe from any thread; the factory is installed once and never replaced.
 */
public final class ReportAccess {
    private static volatile Factory factory;

    private ReportAccess() {
    }

    /** Makes reports; implemented in {@code org.loopnest.report} alone. */
    public interface Factory {
        /**
         * A report of the given figures.
         *
         * @param figures what the run did
         * @return the report, a copy of the figures
         * @throws NullPointerException if the nest, the split reason or the wall time is null
         */
        RunReport report(ReportFigures figures);

        /**
         * What one device did.
         *
         * @param name     the device's name
         * @param chunks   chunks it ran, {@code >= 0}
         * @param busy     busy time per stage on it
         * @param measured what its own clock measured per stage, or {@code null}
         * @param kernelPath how a Java device ran the kernel, or {@code null} (a compiled device)
         * @return the device's report
         * @throws NullPointerException     if {@code name} or {@code busy} is null
         * @throws IllegalArgumentException if {@code chunks} is negative
         */
        DeviceReport device(String name, long chunks, Map<Stage, Duration> busy, Map<Stage, Duration> measured,
                            String kernelPath);
    }

    /**
     * Installs the factory; called once, by {@code RunReport}'s class initializer.
     *
     * @param f the factory
     * @throws IllegalStateException if a factory is installed already
     * @throws NullPointerException  if {@code f} is null
     */
    public static synchronized void install(Factory f) {
        Objects.requireNonNull(f, "factory");
        if (factory != null) {
            throw new IllegalStateException("the report factory is installed already (only RunReport installs it)");
        }
        factory = f;
    }

    /** The factory, after initializing {@code RunReport} (which installs it) if nothing has yet. */
    static Factory factory() {
        Factory f = factory;
        if (f == null) {
            try {
                Class.forName(RunReport.class.getName(), true, RunReport.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("RunReport cannot be loaded", e);
            }
            f = Objects.requireNonNull(factory, "RunReport did not install the report factory");
        }
        return f;
    }
}

package org.loopnest.device;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.loopnest.error.LoopNestException;

/**
 * Opens devices by name — {@code Devices.open("cpu")}, {@code "sim"}, {@code "opencl:1"}, {@code "cuda:0"} — and
 * lists the kinds this class path offers. {@code cpu} and {@code sim} are always there; the native backends are
 * artifacts of their own, found through {@link DeviceProvider} and {@link ServiceLoader}:
 *
 * <pre>
 * opencl   org.loopnest:loopnest-opencl   (JOCL; any OpenCL platform)
 * cuda     org.loopnest:loopnest-cuda     (JCuda; NVIDIA GPUs)
 * </pre>
 *
 * <p>A name whose backend is not on the class path is an {@link IllegalArgumentException} that says which
 * artifact to add, e.g. {@code no device provider for 'cuda' (expected: add org.loopnest:loopnest-cuda to the class
 * path; found: cpu, sim, opencl)}.
 *
 * <p><b>Threading:</b> thread-safe; nothing is cached here (each backend finds its devices once per process).
 * <b>Ownership:</b> the caller closes each device opened. <b>Pitfall:</b> a fat jar must merge the
 * {@code META-INF/services} files of the backend jars (the Maven shade plugin's {@code ServicesResourceTransformer}),
 * or the backends it contains are not found.
 */
public final class Devices {
    /** The backends LoopNest ships, in the order they are listed, with the artifact that holds each. */
    private static final Map<String, String> BACKENDS = Map.of(
            "opencl", "org.loopnest:loopnest-opencl",
            "cuda", "org.loopnest:loopnest-cuda");
    private static final List<String> ORDER = List.of("cpu", "sim", "opencl", "cuda");

    private Devices() {
    }

    /**
     * Opens the device {@code spec} names, with no cap on its memory budget; the caller closes it.
     *
     * @param spec {@code NAME} (device 0) or {@code NAME:N}, e.g. {@code cpu}, {@code opencl:1}
     * @return the open device
     * @throws IllegalArgumentException if {@code spec} is malformed, no provider has that name (saying which artifact
     *                                  to add), or there is no such device
     * @throws IllegalStateException    if the backend's driver cannot be used, saying why
     * @throws org.loopnest.error.DeviceException if the driver fails while the device is set up
     */
    public static Device open(String spec) {
        return open(spec, Long.MAX_VALUE);
    }

    /**
     * Opens the device {@code spec} names with its memory budget capped at {@code memoryLimitBytes} (for {@code sim},
     * its simulated memory; {@code cpu} takes no limit); the caller closes it.
     *
     * @param spec             {@code NAME} or {@code NAME:N}
     * @param memoryLimitBytes the cap, or {@link Long#MAX_VALUE} for none
     * @return the open device
     * @throws IllegalArgumentException as {@link #open(String)}, or if the limit is not positive
     * @throws IllegalStateException    as {@link #open(String)}
     */
    public static Device open(String spec, long memoryLimitBytes) {
        Objects.requireNonNull(spec, "spec");
        if (memoryLimitBytes < 1) {
            throw new IllegalArgumentException(spec + ": memory limit = " + memoryLimitBytes
                    + " bytes (expected: > 0)");
        }
        String text = spec.strip();
        int colon = text.indexOf(':');
        String name = colon < 0 ? text : text.substring(0, colon);
        if (name.isEmpty()) {
            throw malformed(spec);
        }
        int index = colon < 0 ? 0 : index(spec, text.substring(colon + 1));
        return provider(name).open(index, memoryLimitBytes);
    }

    /**
     * {@return the provider named {@code name}}
     *
     * @param name a provider's name, e.g. {@code opencl}
     * @throws IllegalArgumentException if there is none, saying which artifact to add for a LoopNest backend and
     *                                  which names there are
     */
    public static DeviceProvider provider(String name) {
        Objects.requireNonNull(name, "name");
        List<DeviceProvider> found = available();
        for (DeviceProvider provider : found) {
            if (provider.name().equals(name)) {
                return provider;
            }
        }
        String names = found.stream().map(DeviceProvider::name).collect(Collectors.joining(", "));
        String artifact = BACKENDS.get(name);
        throw new IllegalArgumentException("no device provider for '" + name + "' (expected: "
                + (artifact != null ? "add " + artifact + " to the class path; found: " : "one of ") + names + ")");
    }

    /**
     * {@return every provider on the class path: {@code cpu}, {@code sim}, then the backends ({@code opencl} before
     * {@code cuda}, others by name)} Finding them loads no native library.
     *
     * @throws LoopNestException if a provider is listed but cannot be loaded, or two share a name
     */
    public static List<DeviceProvider> available() {
        List<DeviceProvider> all = new ArrayList<>(HostProviders.all());
        try {
            for (DeviceProvider provider : ServiceLoader.load(DeviceProvider.class, Devices.class.getClassLoader())) {
                requireUnique(all, provider);
                all.add(provider);
            }
        } catch (ServiceConfigurationError e) {
            throw new LoopNestException("device providers: " + e.getMessage(), e);
        }
        all.sort(Comparator.comparingInt(Devices::rank).thenComparing(DeviceProvider::name));
        return List.copyOf(all);
    }

    private static void requireUnique(List<DeviceProvider> found, DeviceProvider provider) {
        for (DeviceProvider other : found) {
            if (other.name().equals(provider.name())) {
                throw new LoopNestException("two device providers named '" + provider.name() + "': "
                        + other.getClass().getName() + " and " + provider.getClass().getName()
                        + " (expected: one jar per backend on the class path)");
            }
        }
    }

    private static int rank(DeviceProvider provider) {
        int known = ORDER.indexOf(provider.name());
        return known < 0 ? ORDER.size() : known;
    }

    private static int index(String spec, String number) {
        try {
            int index = Integer.parseInt(number);
            if (index >= 0) {
                return index;
            }
        } catch (NumberFormatException e) {
            // falls through to the message below
        }
        throw malformed(spec);
    }

    private static IllegalArgumentException malformed(String spec) {
        return new IllegalArgumentException("device '" + spec + "' (expected: NAME or NAME:N with N >= 0, e.g. cpu "
                + "or opencl:1)");
    }
}

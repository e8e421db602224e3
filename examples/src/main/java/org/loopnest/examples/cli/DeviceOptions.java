package org.loopnest.examples.cli;

import java.util.Locale;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The device options shared by the commands that run a nest: {@code --device}, {@code --device-memory},
 * {@code --link-bandwidth} and {@code --buffers}. Check with {@link #validate()} before opening the device.
 */
public final class DeviceOptions {
    /** The simulated device's memory unless {@code --device-memory} says otherwise: 16 MiB. */
    public static final long DEFAULT_SIM_MEMORY = 16L << 20;

    /** The kinds of device the command line offers. */
    public enum Kind {
        /** The host's cores, reading the arrays in place. */
        CPU,
        /** A simulated accelerator with its own memory and link. */
        SIM;

        /** The name typed at the command line. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Converts {@code cpu} or {@code sim}, saying which are known otherwise. */
    public static final class KindConverter implements ITypeConverter<Kind> {
        /** Converts {@code value}, ignoring case. */
        @Override
        public Kind convert(String value) {
            for (Kind kind : Kind.values()) {
                if (kind.toString().equalsIgnoreCase(value.strip())) {
                    return kind;
                }
            }
            throw new TypeConversionException("'" + value + "' is not a device (expected: cpu or sim)");
        }
    }

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--device", paramLabel = "cpu|sim", defaultValue = "cpu", converter = KindConverter.class,
            description = "Where to run: cpu (all cores, arrays read in place) or sim (a simulated accelerator with "
                    + "its own memory; chunks are packed, copied in and out). Default: ${DEFAULT-VALUE}.")
    private Kind kind;

    @Option(names = "--device-memory", paramLabel = "SIZE", converter = Units.SizeConverter.class,
            description = "Memory of the sim device, e.g. 512m, 64MiB, 1g. Default: 16m, smaller than the default "
                    + "weather data, so that it streams through in chunks.")
    private Long memory;

    @Option(names = "--link-bandwidth", paramLabel = "RATE", converter = Units.RateConverter.class,
            description = "Link bandwidth of the sim device each way, e.g. 2GB/s, 500MB/s; 0 = unlimited. "
                    + "Default: unlimited.")
    private Long bandwidth;

    @Option(names = "--buffers", paramLabel = "B", defaultValue = "2",
            description = "Chunk buffer sets per device: chunks in flight at once. Default: ${DEFAULT-VALUE}.")
    private int buffers;

    /**
     * Checks the options together.
     *
     * @throws ParameterException (exit code 2) for sim settings without {@code --device sim}, a memory of 0, or
     *     fewer than one buffer
     */
    public void validate() {
        if (kind != Kind.SIM && (memory != null || bandwidth != null)) {
            throw new ParameterException(spec.commandLine(), (memory != null ? "--device-memory" : "--link-bandwidth")
                    + " applies to --device sim only (expected: add --device sim, or drop the option)");
        }
        if (memory != null && memory < 1) {
            throw new ParameterException(spec.commandLine(), "--device-memory " + memory + " bytes (expected: > 0)");
        }
        if (buffers < 1) {
            throw new ParameterException(spec.commandLine(), "--buffers " + buffers + " (expected: >= 1)");
        }
    }

    /** The kind of device chosen. */
    public Kind kind() {
        return kind;
    }

    /** Chunk buffer sets per device, {@code B}. */
    public int buffers() {
        return buffers;
    }

    /** A new device as the options say; the caller closes it. */
    public Device open() {
        return open(kind, memory, bandwidth);
    }

    /**
     * A new device of {@code kind}; the caller closes it.
     *
     * @param memory    sim memory in bytes, or {@code null} for {@link #DEFAULT_SIM_MEMORY}
     * @param bandwidth sim link bandwidth in bytes per second, or {@code null} (or 0) for unlimited
     */
    public static Device open(Kind kind, Long memory, Long bandwidth) {
        if (kind == Kind.CPU) {
            return new CpuDevice();
        }
        return new SimDevice(SimConfig.builder().name("sim")
                .memory(memory == null ? DEFAULT_SIM_MEMORY : memory)
                .bandwidth(bandwidth == null ? 0 : bandwidth)
                .build());
    }
}

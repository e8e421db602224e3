package org.loopnest.examples.cli;

import org.loopnest.device.Device;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The device options shared by the commands that run a nest: {@code --device} ({@link DeviceSpec}),
 * {@code --device-memory}, {@code --link-bandwidth} and {@code --buffers}. Check with {@link #validate()} before opening the device.
 */
public final class DeviceOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--device", paramLabel = "DEVICE", defaultValue = "cpu", converter = DeviceSpec.Converter.class,
            description = "Where to run: cpu (all cores, arrays read in place), sim (a simulated accelerator with "
                    + "its own memory; chunks are packed, copied in and out), opencl[:N] (an OpenCL device, see "
                    + "'loopnest devices') or cuda[:N] (an NVIDIA GPU). Default: ${DEFAULT-VALUE}.")
    private DeviceSpec device;

    @Option(names = "--device-memory", paramLabel = "SIZE", converter = Units.SizeConverter.class,
            description = "Memory of the sim device, e.g. 512m, 64MiB, 1g (default: 16m, smaller than the default "
                    + "weather data, so that it streams through in chunks); for opencl and cuda, a cap on the "
                    + "memory used (default: the device's memory less a headroom).")
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
     * @throws ParameterException (exit code 2) for a link bandwidth without {@code --device sim}, a memory
     *     without a device that has its own, a memory of 0, or fewer than one buffer
     */
    public void validate() {
        if (device.kind() != DeviceSpec.Kind.SIM && bandwidth != null) {
            throw new ParameterException(spec.commandLine(), "--link-bandwidth applies to --device sim only "
                    + "(expected: add --device sim, or drop the option)");
        }
        if (device.kind() == DeviceSpec.Kind.CPU && memory != null) {
            throw new ParameterException(spec.commandLine(), "--device-memory applies to sim, opencl and cuda "
                    + "devices only (expected: add --device sim, or drop the option)");
        }
        if (memory != null && memory < 1) {
            throw new ParameterException(spec.commandLine(), "--device-memory " + memory + " bytes (expected: > 0)");
        }
        if (buffers < 1) {
            throw new ParameterException(spec.commandLine(), "--buffers " + buffers + " (expected: >= 1)");
        }
    }

    /** The device chosen. */
    public DeviceSpec device() {
        return device;
    }

    /** Chunk buffer sets per device, {@code B}. */
    public int buffers() {
        return buffers;
    }

    /**
     * A new device as the options say; the caller closes it.
     *
     * @throws ParameterException (exit code 2) if there is no such OpenCL or CUDA device, saying why
     */
    public Device open() {
        try {
            return device.open(memory, bandwidth);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), "--device " + device + ": " + e.getMessage());
        }
    }
}

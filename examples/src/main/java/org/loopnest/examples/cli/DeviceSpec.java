package org.loopnest.examples.cli;

import java.util.Locale;
import org.loopnest.device.Device;
import org.loopnest.device.Devices;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A device as the command line names it: {@code cpu}, {@code sim}, {@code opencl[:N]}, {@code cuda[:N]}, or
 * {@code gpu}, which stands for the GPU of a Slurm task's slot and only a Slurm worker resolves ({@link SlurmSlot}).
 * Opening it is the only step that touches a native library (OpenCL or CUDA), and only for those kinds, whose devices
 * come from their backend artifacts through {@link Devices} (this artifact carries both).
 *
 * @param kind  the kind
 * @param index the device number within its kind ({@code 0} unless {@code :N} was given)
 */
public record DeviceSpec(Kind kind, int index) {
    /** The memory of the sim device unless {@code --device-memory} says otherwise: 16 MiB. */
    public static final long DEFAULT_SIM_MEMORY = 16L << 20;

    /** The kinds of device the command line offers. */
    public enum Kind {
        /** The host's cores, reading the arrays in place. */
        CPU,
        /** A simulated accelerator with its own memory and link. */
        SIM,
        /** An OpenCL device (JOCL). */
        OPENCL,
        /** An NVIDIA GPU through the CUDA driver (JCuda). */
        CUDA,
        /** The GPU Slurm gave a task's slot: resolved to a {@link #CUDA} device by {@link SlurmSlot}. */
        GPU;

        /** The name typed at the command line. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }

        boolean numbered() {
            return this == OPENCL || this == CUDA;
        }
    }

    /**
     * Parses {@code cpu}, {@code sim}, {@code opencl}, {@code opencl:N}, {@code cuda}, {@code cuda:N} or
     * {@code gpu}, ignoring case.
     *
     * @throws IllegalArgumentException saying what is accepted
     */
    public static DeviceSpec parse(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        int colon = value.indexOf(':');
        String name = colon < 0 ? value : value.substring(0, colon);
        for (Kind kind : Kind.values()) {
            if (kind.toString().equals(name)) {
                if (colon < 0) {
                    return new DeviceSpec(kind, 0);
                }
                if (kind.numbered()) {
                    try {
                        int index = Integer.parseInt(value.substring(colon + 1));
                        if (index >= 0) {
                            return new DeviceSpec(kind, index);
                        }
                    } catch (NumberFormatException e) {
                        // falls through to the message below
                    }
                }
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a device (expected: cpu, sim, opencl, opencl:N, "
                + "cuda or cuda:N with N >= 0, or gpu with --nodes slurm)");
    }

    /** Why {@code gpu} is refused where no Slurm slot says which GPU it is. */
    static final String GPU_OUTSIDE_SLURM = "gpu is the GPU of a Slurm task's slot (expected: --nodes slurm under "
            + "srun, or cuda:N for a GPU of this machine)";

    /** Converts {@code --device} values through {@link #parse}. */
    public static final class Converter implements ITypeConverter<DeviceSpec> {
        @Override
        public DeviceSpec convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /**
     * Opens the device; the caller closes it.
     *
     * @param memory    a memory budget in bytes (sim: its memory, default {@link #DEFAULT_SIM_MEMORY}; opencl and
     *                  cuda: a cap below what the device has), or {@code null}
     * @param bandwidth sim link bandwidth in bytes per second, or {@code null} (or 0) for unlimited
     * @throws IllegalArgumentException if there is no such OpenCL or CUDA device, or its backend is not on the class
     *                                  path, saying why
     * @throws IllegalStateException if CUDA is asked for and the driver is absent, saying why
     * @throws IllegalArgumentException for {@code gpu}, which names no device by itself
     */
    public Device open(Long memory, Long bandwidth) {
        long cap = memory == null ? Long.MAX_VALUE : memory;
        return switch (kind) {
            case CPU -> new CpuDevice();
            case SIM -> new SimDevice(SimConfig.builder().name("sim")
                    .memory(memory == null ? DEFAULT_SIM_MEMORY : memory)
                    .bandwidth(bandwidth == null ? 0 : bandwidth)
                    .build());
            case OPENCL, CUDA -> Devices.open(toString(), cap);
            case GPU -> throw new IllegalArgumentException(GPU_OUTSIDE_SLURM);
        };
    }

    /** {@code cpu}, {@code sim}, {@code opencl:N} or {@code cuda:N}. */
    @Override
    public String toString() {
        return kind.numbered() ? kind + ":" + index : kind.toString();
    }
}

package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.DeviceProvider;
import org.loopnest.device.Devices;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loopnest devices}: lists the devices the command line can run on, as {@code Device.info()} describes them. */
@Command(name = "devices", description = "Lists the devices --device accepts: name, usable memory, compute units and a "
        + "description; for OpenCL and CUDA, every device found, or why there is none. The sim device is shown "
        + "with the --device-memory and --link-bandwidth given here.")
public final class DevicesCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = "--device-memory", paramLabel = "SIZE", converter = Units.SizeConverter.class,
            description = "Memory of the sim device shown. Default: 16m.")
    private Long memory;

    @Option(names = "--link-bandwidth", paramLabel = "RATE", converter = Units.RateConverter.class,
            description = "Link bandwidth of the sim device shown. Default: unlimited.")
    private Long bandwidth;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println(String.format(Locale.ROOT, "%-9s %12s %6s  %s", "name", "memory", "units", "description"));
        for (DeviceSpec.Kind kind : List.of(DeviceSpec.Kind.CPU, DeviceSpec.Kind.SIM)) {
            try (Device device = new DeviceSpec(kind, 0).open(memory, bandwidth)) {
                row(out, device.info());
            }
        }
        for (DeviceSpec.Kind kind : List.of(DeviceSpec.Kind.OPENCL, DeviceSpec.Kind.CUDA)) {
            backend(out, kind.toString());
        }
        out.flush();
        return ErrorHandler.OK;
    }

    /** A row per device of the backend {@code name}, or one saying why there is none (its jar absent among them). */
    private static void backend(PrintWriter out, String name) {
        DeviceProvider provider;
        try {
            provider = Devices.provider(name);
        } catch (IllegalArgumentException e) {
            none(out, name, e.getMessage());
            return;
        }
        DeviceProvider.Availability found = provider.availability();
        for (int n = 0; n < found.devices(); n++) {
            try (Device device = provider.open(n, Long.MAX_VALUE)) {
                row(out, device.info());
            }
        }
        if (!found.available()) {
            none(out, name, found.reason());
        }
    }

    private static void none(PrintWriter out, String name, String reason) {
        out.println(String.format(Locale.ROOT, "%-9s %12s %6s  %s", name, "-", "-", "none: " + reason));
    }

    private static void row(PrintWriter out, DeviceInfo info) {
        out.println(String.format(Locale.ROOT, "%-9s %8d MiB %6d  %s", info.name(), info.memoryBytes() >> 20,
                info.computeUnits(), info.description()));
    }
}

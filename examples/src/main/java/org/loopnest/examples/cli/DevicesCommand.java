package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code loopnest devices}: lists the devices the command line can run on, as {@code Device.info()} describes them. */
@Command(name = "devices", description = "Lists the devices --device accepts: name, memory, compute units and a "
        + "description. The sim device is shown with the --device-memory and --link-bandwidth given here.")
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
        out.println(String.format(Locale.ROOT, "%-6s %12s %6s  %s", "name", "memory", "units", "description"));
        for (DeviceOptions.Kind kind : DeviceOptions.Kind.values()) {
            try (Device device = DeviceOptions.open(kind, memory, bandwidth)) {
                DeviceInfo info = device.info();
                out.println(String.format(Locale.ROOT, "%-6s %8d MiB %6d  %s", info.name(), info.memoryBytes() >> 20,
                        info.computeUnits(), info.description()));
            }
        }
        out.flush();
        return ErrorHandler.OK;
    }
}

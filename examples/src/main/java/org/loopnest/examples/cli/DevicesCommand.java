package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.cuda.CudaDevice;
import org.loopnest.device.cuda.CudaDriver;
import org.loopnest.device.opencl.OpenCl;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClDeviceId;
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
        OpenCl.Discovery opencl = OpenCl.discover();
        for (OpenClDeviceId id : opencl.devices()) {
            try (Device device = OpenClDevice.open(id.index())) {
                row(out, device.info());
            }
        }
        if (!opencl.available()) {
            out.println(String.format(Locale.ROOT, "%-9s %12s %6s  %s", "opencl", "-", "-", "none: " + opencl.reason()));
        }
        CudaDriver.Availability cuda = CudaDriver.availability();
        for (int n = 0; cuda.available() && n < CudaDriver.deviceCount(); n++) {
            try (Device device = CudaDevice.open(n)) {
                row(out, device.info());
            }
        }
        if (!cuda.available()) {
            out.println(String.format(Locale.ROOT, "%-9s %12s %6s  %s", "cuda", "-", "-", "none: " + cuda.reason()));
        }
        out.flush();
        return ErrorHandler.OK;
    }

    private static void row(PrintWriter out, DeviceInfo info) {
        out.println(String.format(Locale.ROOT, "%-9s %8d MiB %6d  %s", info.name(), info.memoryBytes() >> 20,
                info.computeUnits(), info.description()));
    }
}

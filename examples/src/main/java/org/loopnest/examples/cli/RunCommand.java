package org.loopnest.examples.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.loopnest.LoopNest;
import org.loopnest.kernel.KernelPath;
import org.loopnest.data.FileHolder;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.error.KernelSyntaxException;
import org.loopnest.examples.run.Coordinates;
import org.loopnest.examples.run.FileArray;
import org.loopnest.examples.run.FileFormat;
import org.loopnest.examples.run.InputFiles;
import org.loopnest.examples.run.InputOption;
import org.loopnest.examples.run.NestShape;
import org.loopnest.examples.run.OutputComparison;
import org.loopnest.examples.run.OutputFiles;
import org.loopnest.examples.run.OutputOption;
import org.loopnest.examples.run.RunSpec;
import org.loopnest.examples.run.SequentialCheck;
import org.loopnest.examples.run.UnpackedInputs;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.report.RunReport;
import org.loopnest.scheduler.Execution;
import org.loopnest.scheduler.RunPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code loopnest run}: any kernel-language body over arrays that live in files (raw, NetCDF, GrADS), streamed
 * chunk by chunk through the devices or nodes {@code weather} runs on, into raw or NetCDF files.
 *
 * <p><b>Failure:</b> every option and file is checked before anything runs (exit code 2, nothing written): the body's
 * source, each {@code --in}'s syntax, file and variable, the nest's shape (a mismatch names both files), each
 * {@code --out}'s path. The outputs (and the report) are written under hidden temporary names and put in place
 * together only after the run, and its verification if asked, succeeded ({@link OutputFiles}); a failure or Ctrl-C
 * leaves the previous files and no temporary behind.
 */
@Command(name = "run", sortOptions = false,
        description = {"Runs a body of the kernel language (docs/KERNELS.md) over arrays in files, chunk by chunk: "
                + "inputs from raw, NetCDF (classic or 4) or GrADS files, outputs to raw or NetCDF files, on the "
                + "devices or nodes 'weather' runs on.",
                "Loop names and extents come from the files (NetCDF dimensions, GrADS time,lev,lat,lon) in order of "
                + "first appearance, or from --names and --shape."},
        footer = {"", "Exit status: 0 done (and verified), 1 the run failed or did not verify, 2 bad input "
                + "(nothing written).", "", "Examples:",
                "  loopnest run --body 'theta = T * pow(1000.0f / p, 0.2857143f);' \\",
                "      --in T=data.nc:t --in p:level=levels.f32 --out theta=theta.nc",
                "  loopnest run --shape 5,7,46,72 --body 'b = 2.0f * a;' --in a=a.f32 --out b=b.f32 --verify",
                "  loopnest run --body 'c = T - 273.15f;' --in T=model.ctl:T --out c=c.nc --device sim"})
public final class RunCommand implements Callable<Integer> {
    /** Fewest chunks an automatic split is allowed, so that the pipeline overlaps and progress shows. */
    public static final int MIN_CHUNKS = 8;

    /** The byte orders {@code --byte-order} takes. */
    enum Order {
        LITTLE(ByteOrder.LITTLE_ENDIAN), BIG(ByteOrder.BIG_ENDIAN);

        private final ByteOrder order;

        Order(ByteOrder order) {
            this.order = order;
        }
    }

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = "--body", paramLabel = "CODE",
            description = "The statements of one iteration, in the kernel language: inputs and loop indices are read "
                    + "by name, every output assigned.")
    private String body;

    @Option(names = "--body-file", paramLabel = "FILE", description = "Read the body from FILE instead.")
    private Path bodyFile;

    @Option(names = "--in", paramLabel = "NAME[:INDEX,...]=FILE[:VAR]",
            description = "An input: a raw file (.f32, .f64, .i32, .i64; indexed by the INDEXes given, else by every "
                    + "loop), a NetCDF (classic or 4) variable FILE.nc:VAR (its dimensions are the loops; INDEXes "
                    + "rename them) or a GrADS variable FILE.ctl:VAR (loops time,lev,lat,lon, or time,lat,lon "
                    + "for a surface variable; INDEXes rename them). Repeatable.")
    private List<String> inputs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "NAME=FILE",
            description = "An output, indexed by every loop: a raw file (.f32, .f64, .i32, .i64, row-major) or a "
                    + "float variable of a NetCDF classic file (.nc; several outputs may share one). Repeatable.")
    private List<String> outputs = new ArrayList<>();

    @Option(names = "--shape", paramLabel = "N,...", split = ",", hideParamSyntax = true,
            description = "The extent of each loop, outermost first, where no file says it (raw files); must agree "
                    + "with the files.")
    private List<Long> shape;

    @Option(names = "--names", paramLabel = "NAME,...", split = ",", hideParamSyntax = true,
            description = "The loops' names and order, outermost first. Default: the inputs' indices in order of "
                    + "first appearance; for raw files alone, x / y,x / z,y,x / t,z,y,x by depth.")
    private List<String> names;

    @Option(names = "--netcdf4",
            description = "Write the .nc outputs as NetCDF-4 (chunked one grid per chunk, shuffled and deflated), as "
                    + ".nc4 outputs always are. Default: classic 64-bit offset.")
    private boolean netcdf4;

    @Mixin
    private DeflateOption deflate;

    @Option(names = "--byte-order", paramLabel = "little|big", defaultValue = "little",
            description = "Byte order of raw input and output files. Default: ${DEFAULT-VALUE}.")
    private Order byteOrder;

    @Option(names = "--split", paramLabel = "D|auto", defaultValue = "auto",
            description = "Split depth, from 0 to the nest's depth - 1: the first D loops form the outer loop, one "
                    + "chunk per outer iteration (0 = one chunk); auto lets LoopNest choose (at least " + MIN_CHUNKS
                    + " chunks where the nest allows). Default: ${DEFAULT-VALUE}.")
    private String split;

    @Mixin
    private DeviceOptions device;

    @Mixin
    private KernelPathOption kernelPath;
    /** The path the run took ({@code AUTO} settled when it was planned), which {@code --verify}'s run takes too. */
    private KernelPath ranPath;

    @Option(names = "--dump-kernels", paramLabel = "DIR",
            description = "Write the generated kernels (run.cl, run.cu, run.java) into DIR before running.")
    private Path dumpKernels;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write the run's timeline as Chrome Trace Event JSON.")
    private Path trace;

    @Option(names = "--trace-svg", paramLabel = "FILE", description = "Draw the run's timeline as an SVG chart.")
    private Path traceSvg;

    @Option(names = "--report", paramLabel = "FILE", description = "Write the run report as JSON, with the outputs.")
    private Path report;

    @Option(names = "--verify",
            description = "Run the body again sequentially on the JVM (one cpu thread) into temporary files and "
                    + "compare every output value; outputs are written only if they agree.")
    private boolean verify;

    @Option(names = "--tolerance", paramLabel = "REL", defaultValue = "0",
            description = "Relative difference --verify accepts. Default: 0, exact (cpu, sim and nodes run the same "
                    + "JVM code; OpenCL and CUDA math may differ in the last bits, docs/KERNELS.md section 8).")
    private double tolerance;

    @Override
    public Integer call() throws IOException, InterruptedException {
        RunSpec run = validate();
        Integer depth = parseSplit(run.nest());
        PrintWriter stdout = spec.commandLine().getOut();
        if (device.isSlurmWorker()) {
            return device.serveAsSlurmWorker(dataDirs(run)); // rank 0 runs the command; this task serves its chunks
        }
        try (OpenDevices targets = device.open(dataDirs(run))) { // first, so that a missing device is reported at once
            for (Path file : paths(run.outputs()).removeStale()) {
                stdout.println("removed " + file + ", left by an interrupted run");
            }
            stdout.println("run: " + run.nest() + " (" + run.nest().points() + " points); " + run.describe());
            Coordinates coordinates = run.coordinates();
            coordinates.notes().forEach(stdout::println);
            try (UnpackedInputs unpacked = unpack(run, stdout);
                    OutputFiles files = OutputFiles.stage(run.outputs(), run.nest(), byteOrder.order,
                            coordinates.attributes(run.attributes(), command(), Instant.now()), coordinates, netcdf4,
                            deflate.level())) {
                RunSpec unpackedRun = run.with(unpacked.arrays());
                RunReport result = run(unpackedRun, files.holders(), depth, targets);
                stdout.println(result);
                if (verify && !verified(unpackedRun, files.holders(), stdout)) {
                    spec.commandLine().getErr().println(spec.qualifiedName() + ": outputs did not verify; nothing "
                            + "written");
                    return ErrorHandler.FAILED;
                }
                if (report != null) {
                    Files.writeString(files.stageExtra(report), result.toJson() + System.lineSeparator());
                }
                files.commit();
            }
        }
        stdout.println("wrote " + String.join(" ", run.outputs().stream().map(o -> o.file().toString()).distinct()
                .toList()) + (report != null ? " and report " + report : ""));
        stdout.flush();
        return ErrorHandler.OK;
    }

    /** {@return the command line, for the outputs' {@code history}: {@code loopnest run} and the arguments given} */
    private String command() {
        StringBuilder line = new StringBuilder("loopnest");
        for (String arg : spec.commandLine().getParseResult().originalArgs()) {
            String one = arg.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
            line.append(' ').append(one.matches("[\\w@%+=:,./-]+") ? one : "'" + one.replace("'", "'\\''") + "'");
        }
        return line.toString();
    }

    /**
     * The directories of the run's files, for worker nodes to read and write them themselves: each input's (every file
     * of a dataset) and each output's, which also holds the output's temporary and the unpacked inputs beside the
     * first output.
     */
    private static List<Path> dataDirs(RunSpec run) {
        List<Path> dirs = new ArrayList<>();
        for (FileArray a : run.arrays()) {
            if (a.parts() == null) {
                dirs.add(NodeDirectories.directoryOf(a.file()));
            } else {
                a.parts().forEach(p -> dirs.add(NodeDirectories.directoryOf(p.path())));
            }
        }
        run.outputs().forEach(o -> dirs.add(NodeDirectories.directoryOf(o.file())));
        return NodeDirectories.dataDirs(dirs);
    }

    /** Unpacks the inputs that cannot be read in place into temporary float files beside the first output. */
    private static UnpackedInputs unpack(RunSpec run, PrintWriter stdout) throws IOException {
        for (FileArray a : run.arrays()) {
            if (a.unpacking() != null) {
                stdout.println("unpacking " + a.input().option() + " (" + a.unpacking().what() + ") into a temporary "
                        + "float file of " + a.unpacking().bytes() + " bytes");
            }
        }
        return UnpackedInputs.unpack(run.arrays(), run.outputs().get(0).file().toAbsolutePath().getParent());
    }

    /** Checks every option and file, and compiles the body; returns what to run. */
    private RunSpec validate() throws IOException {
        device.validate();
        try {
            String code = body();
            List<FileArray> described = new ArrayList<>();
            for (String text : inputs) {
                described.add(InputFiles.describe(InputOption.parse(text), byteOrder.order));
            }
            checkShapeOptions();
            NestShape nest = NestShape.resolve(described, names, shape);
            List<FileArray> arrays = new ArrayList<>();
            for (FileArray array : described) {
                arrays.add(array.resolve(nest));
            }
            List<OutputOption> outs = outputs.stream().map(OutputOption::parse).toList();
            checkApartFromLoops(nest, arrays, outs);
            RunPaths paths = paths(outs);
            paths.check(arrays, bodyFile, device.filesRead());
            paths.checkNetcdfDimensions(nest);
            paths.checkSpace(nest, verify, UnpackedInputs.bytes(arrays));
            checkNetcdf4(outs);
            if (!(tolerance >= 0 && tolerance < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("--tolerance " + tolerance + " (expected: a relative difference "
                        + ">= 0)");
            }
            parseSplit(nest);
            RunSpec run = new RunSpec(code, arrays, nest, outs);
            try (CpuDevice jvm = new CpuDevice(1)) {
                // the kernel language's errors, before any file is read
                plan(run.probe().kernelPath(kernelPath.path()).on(jvm), 0);
            }
            return run;
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    /** {@code --deflate} needs a NetCDF-4 output and a level from 0 to 9. */
    private void checkNetcdf4(List<OutputOption> outs) {
        boolean any = outs.stream().anyMatch(o -> FileFormat.of(o.option(), o.file()) == FileFormat.NETCDF
                && (netcdf4 || FileFormat.namesNetcdf4(o.file())));
        if (netcdf4 && !any) {
            throw new IllegalArgumentException("--netcdf4: no NetCDF output (expected: an --out NAME=FILE.nc, or no "
                    + "--netcdf4)");
        }
        if (deflate.given() && !any) {
            throw new IllegalArgumentException(deflate + ": no NetCDF-4 output (expected: an --out "
                    + "NAME=FILE.nc4, or --netcdf4 with .nc outputs)");
        }
        deflate.level();
    }

    /** An array named as a loop would be refused by the kernel language; said here, naming the option. */
    private static void checkApartFromLoops(NestShape nest, List<FileArray> arrays, List<OutputOption> outs) {
        List<String[]> named = new ArrayList<>();
        arrays.forEach(a -> named.add(new String[] {a.name(), a.input().option()}));
        outs.forEach(o -> named.add(new String[] {o.name(), o.option()}));
        for (String[] array : named) {
            if (nest.names().contains(array[0])) {
                throw new IllegalArgumentException(array[1] + ": '" + array[0] + "' is also a loop's name (expected: "
                        + "array names apart from the loops " + nest.names() + ")");
            }
        }
    }

    private RunPaths paths(List<OutputOption> outs) {
        return new RunPaths(outs, trace, traceSvg, report, dumpKernels);
    }

    private String body() throws IOException {
        if ((body == null) == (bodyFile == null)) {
            throw new IllegalArgumentException((body == null ? "no body" : "both --body and --body-file")
                    + " (expected: --body CODE or --body-file FILE)");
        }
        String code = body;
        if (bodyFile != null) {
            PathChecks.readable("--body-file", bodyFile);
            code = Files.readString(bodyFile);
        }
        if (code.isBlank()) {
            throw new IllegalArgumentException((body != null ? "--body" : "--body-file " + bodyFile) + ": empty "
                    + "(expected: statements that assign every --out)");
        }
        return code;
    }

    private void checkShapeOptions() {
        if (shape != null) {
            for (long n : shape) {
                if (n < 1) {
                    throw new IllegalArgumentException("--shape " + String.join(",", shape.stream()
                            .map(String::valueOf).toList()) + ": extent " + n + " (expected: each >= 1)");
                }
            }
        }
        if (names != null) {
            for (String name : names) {
                if (!DeviceCode.isIdentifier(name)) {
                    throw new IllegalArgumentException("--names " + String.join(",", names) + ": '" + name
                            + "' is not a name (expected: letters, digits and _, not starting with a digit)");
                }
            }
            if (names.stream().distinct().count() != names.size()) {
                throw new IllegalArgumentException("--names " + String.join(",", names) + ": a name is given twice "
                        + "(expected: distinct names)");
            }
        }
    }

    /** {@code --split}: a depth from 0 to the nest's depth − 1, or {@code null} for auto. */
    private Integer parseSplit(NestShape nest) {
        if ("auto".equals(split)) {
            return null;
        }
        int deepest = nest.names().size() - 1;
        String range = "expected: auto, or a depth from 0 to " + deepest + " for the loops " + nest.names();
        try {
            int d = Integer.parseInt(split.strip());
            if (d < 0 || d > deepest) {
                throw new IllegalArgumentException("--split " + split + ": out of range (" + range + ")");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--split " + split + ": not a depth (" + range + ")");
        }
    }

    private RunReport run(RunSpec run, Map<String, FileHolder> outs, Integer depth, OpenDevices targets)
            throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        try (ProgressDisplay progress = ProgressDisplay.interactive(err, "run")) {
            LoopNest nest = device.buffersOn(run.loopNest(outs).kernelPath(kernelPath.path()).on(targets.array()))
                    .onProgress(progress);
            if (trace != null) {
                nest.trace(trace);
            }
            if (traceSvg != null) {
                nest.traceSvg(traceSvg);
            }
            RunPlan plan = plan(nest, depth);
            ranPath = plan.kernelPath(); // AUTO settled for this run
            if (dumpKernels != null) {
                for (Path file : plan.writeKernels(dumpKernels)) {
                    spec.commandLine().getOut().println("wrote kernel " + file);
                }
            }
            try (Execution execution = plan.start()) {
                targets.joinLate(execution); // --nodes slurm: workers that answer late join the run
                return execution.await();
            }
        }
    }

    /** Plans the nest; a body the kernel language refuses is bad input, its message as the language gives it. */
    private RunPlan plan(LoopNest nest, Integer depth) {
        try {
            return SplitPolicy.plan(nest, depth, MIN_CHUNKS);
        } catch (KernelSyntaxException e) {
            throw bad((bodyFile != null ? "--body-file " + bodyFile : "--body") + ": " + e.getMessage());
        }
    }

    /** {@code --verify}: compares every output with a sequential run on the JVM; prints one line per output. */
    private boolean verified(RunSpec run, Map<String, FileHolder> outs, PrintWriter stdout) throws IOException {
        boolean passed = true;
        for (OutputComparison.Result result : SequentialCheck.compare(run, outs, tolerance, ranPath)) {
            passed &= result.passed();
            stdout.println("verify " + result.name() + ": " + (result.passed() ? "all " + result.values() + " values "
                    + (tolerance == 0 ? "equal" : "within " + tolerance) + " to a sequential run on the JVM"
                    : result.differences() + " of " + result.values() + " values differ from a sequential run on the "
                    + "JVM (run vs JVM): " + String.join("; ", result.first())
                    + (ranPath == KernelPath.VECTOR && tolerance == 0 ? " (on the vector path a math function may "
                    + "differ by an ulp between two runs: compare with --tolerance, docs/KERNELS.md §13)" : "")));
        }
        return passed;
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}

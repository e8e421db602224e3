package org.loopnest.examples.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.loopnest.LoopNest;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.RawFloats;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.examples.weather.StagingNames;
import org.loopnest.examples.weather.ColumnFields;
import org.loopnest.examples.weather.ColumnNest;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.ColumnVerification;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.examples.weather.files.FileNest;
import org.loopnest.examples.weather.files.ColumnFileVerification;
import org.loopnest.examples.weather.files.FileVerification;
import org.loopnest.examples.weather.files.OutputFiles;
import org.loopnest.examples.weather.files.RawInput;
import org.loopnest.examples.weather.files.RawOutput;
import org.loopnest.examples.weather.files.WeatherInput;
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
 * {@code loopnest weather}: derives eight thermodynamic fields from temperature and humidity over a
 * {@code [t][z][y][x]} grid with LoopNest, checks them against the plain sequential loop and writes them.
 *
 * <p><b>Failure:</b> every option, input file and output path is checked before anything runs, and so is the
 * heap the grid needs ({@code -Xmx}, through {@code JAVA_OPTS} for the launcher); bad input exits with code 2 and
 * writes nothing. The outputs and the report are written only after the run (and the verification, if on)
 * succeeded, as one {@link StagedFiles} set: hidden temporaries first, then all renamed into place or none, so a
 * failure (a full disk, say) keeps the previous outputs whole. Ctrl-C or SIGTERM deletes the temporaries; what
 * {@code kill -9} leaves behind the next run with the same {@code --out} or {@code --report} removes.
 *
 * <p><b>Over files</b> ({@code --input}, {@link FileInputOptions}; or raw {@code --input-t} and {@code --input-q}):
 * T and q stay in the input files and the outputs are written by the run into staged files in {@code --out}
 * (file-backed arrays; for raw inputs without {@code --out}, hidden temporaries in the JVM's temporary directory), so
 * no heap check applies; only the synthetic fields live in the heap. No file written may be a file read. The
 * descriptor (or the NetCDF commit) and the report follow only after the run and the check succeeded, and the whole
 * set is then moved into place together, or none of it (docs/FILES.md, "Weather over files").
 */
@Command(name = "weather", sortOptions = false,
        description = {"Derives theta, es, e, rh, td, thetae and the lifting condensation level lcl_p, lcl_t from T "
                + "and q on pressure levels, as a LoopNest over t, z, y, x, and checks the result point by point "
                + "against a plain sequential loop.",
                "Without input files it makes synthetic fields (and verifies them); with --input-t and --input-q "
                + "it reads raw little-endian float32 files laid out [t][z][y][x], streamed chunk by chunk as "
                + "--input is; with --input a GrADS .ctl or a "
                + "NetCDF file (classic or NetCDF-4), streamed chunk by chunk from the file into --out (GrADS or NetCDF), in "
                + "bounded memory whatever its size."},
        footer = {"", "Exit status: 0 done (and verified), 1 the run failed or did not verify, 2 bad input "
                + "(nothing written).", "", "Examples:", "  loopnest weather",
                "  loopnest weather --device sim --device-memory 8m --link-bandwidth 2GB/s",
                "  loopnest weather --device opencl --dump-kernels kernels",
                "  loopnest weather --device sim --trace run.json --trace-svg run.svg",
                "  loopnest weather --shape 5,7,46,72 --input-t T.f32 --input-q Q.f32 \\",
                "      --out derived --report run.json",
                "  loopnest weather --input /usr/share/doc/grads/examples/model.ctl --out derived",
                "  loopnest weather --input era5.nc --var-t t --var-q q --out derived --format netcdf"})
public final class WeatherCommand implements Callable<Integer> {
    /** Fewest chunks an automatic split is allowed, so that the pipeline overlaps and progress shows. */
    public static final int MIN_CHUNKS = 8;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = "--shape", paramLabel = "T,Z,Y,X", defaultValue = "16,7,91,180",
            converter = GridShapeConverter.class,
            description = "Time steps, levels, latitudes, longitudes. Default: ${DEFAULT-VALUE}.")
    private GridShape shape;

    @Option(names = "--levels", paramLabel = "p1,...,pZ", split = ",", hideParamSyntax = true,
            description = "Pressure of each level in hPa, one per Z. Default: 1000,850,700,500,300,200,100 for "
                    + "Z=7, else Z levels evenly spaced in log-pressure from 1000 to 100.")
    private List<Float> levels;

    @Option(names = "--input-t", paramLabel = "FILE", description = "Temperature in K, raw little-endian float32.")
    private Path inputT;

    @Option(names = "--input-q", paramLabel = "FILE",
            description = "Specific humidity in kg/kg, raw little-endian float32.")
    private Path inputQ;

    @Mixin
    private FileInputOptions files;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the synthetic fields. Default: 1.")
    private long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write theta.f32 es.f32 e.f32 rh.f32 td.f32 thetae.f32 lcl_p.f32 lcl_t.f32 (little-endian "
                    + "float32) here, with the --report, as one set: all replaced, or (on failure or interruption) "
                    + "none. With --input: weather.dat and weather.ctl (GrADS), or weather.nc (--format netcdf).")
    private Path out;

    @Option(names = "--save-inputs", paramLabel = "DIR",
            description = "Also write the inputs, T.f32 and q.f32 (little-endian float32, [t][z][y][x]), here: "
                    + "files for --input-t and --input-q.")
    private Path saveInputs;

    @Option(names = "--split", paramLabel = "D|auto", defaultValue = "auto",
            description = "Split depth: the first D loops form the outer loop, one chunk per outer iteration "
                    + "(0 = one chunk, 1 = one per time step, 2 = per level, 3 = per latitude row); auto lets "
                    + "LoopNest choose (at least "
                    + MIN_CHUNKS + " chunks where the grid allows). Default: ${DEFAULT-VALUE}.")
    private String split;

    @Mixin
    private DeviceOptions device;

    @Mixin
    private KernelPathOption.VectorByDefault kernelPath;

    @Option(names = "--dump-kernels", paramLabel = "DIR",
            description = "Write the generated device kernel for this run's nest and split, weather.cl (OpenCL) and "
                    + "weather.cu (CUDA), into DIR before running, whatever --device is. Needs no GPU.")
    private Path dumpKernels;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write the run's timeline as Chrome Trace Event JSON (open it in Perfetto or "
                    + "chrome://tracing): one track per stage per device, one slice per chunk.")
    private Path trace;

    @Option(names = "--trace-svg", paramLabel = "FILE",
            description = "Draw the run's timeline as an SVG Gantt chart (stages x time, chunks coloured).")
    private Path traceSvg;

    @Option(names = "--report", paramLabel = "FILE", description = "Write the run report as JSON.")
    private Path report;

    @Option(names = "--verify", negatable = true,
            description = "Compare every point with a sequential loop (--no-verify to skip). Default: on for "
                    + "synthetic fields, off for input files.")
    private Boolean verify;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (files.input() != null) {
            return callOnFiles(validateFiles());
        }
        Integer depth = validate();
        if (inputT != null) {
            return callOnFiles(depth);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        WeatherFields fields;
        RunReport run;
        ColumnFields columns;
        RunReport columnRun;
        if (device.isSlurmWorker()) {
            return device.serveAsSlurmWorker(); // rank 0 runs the command; this task serves it its chunks
        }
        try (OpenDevices targets = device.open()) { // first, so that a missing device is reported at once
            for (Path file : paths().removeStale()) {
                stdout.println("removed " + file + ", left by an interrupted run");
            }
            fields = load();
            stdout.println("weather: synthetic fields (seed " + seed + "), " + fields);
            run = run(WeatherNest.nest(fields), depth, targets, () -> saveInputs(fields), true);
            columns = new ColumnFields(fields.shape());
            columnRun = run(ColumnNest.nest(fields, columns, MissingMarkers.NONE), null, targets, () -> { }, false);
        }
        stdout.println(run);
        stdout.println("columns: " + columnRun);
        if (verifying()) {
            Verification check = WeatherNest.verify(fields);
            ColumnVerification columnCheck = ColumnNest.verify(fields, columns);
            stdout.println(check);
            stdout.println(columnCheck);
            if (!check.passed() || !columnCheck.passed()) {
                spec.commandLine().getErr().println(spec.qualifiedName()
                        + ": outputs did not verify; nothing written");
                return ErrorHandler.FAILED;
            }
        }
        write(fields, columns, run, stdout);
        stdout.flush();
        return ErrorHandler.OK;
    }

    /** Checks every option and path, and that the arrays fit the heap; returns the split depth, or null for auto. */
    private Integer validate() throws IOException {
        device.validate();
        try {
            files.refuseWithoutInput();
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        if ((inputT == null) != (inputQ == null)) {
            throw bad((inputT == null ? "--input-q" : "--input-t") + " given alone (expected: both --input-t and "
                    + "--input-q, or neither for synthetic fields)");
        }
        if (levels != null && levels.size() != shape.z()) {
            throw bad("--levels: " + levels.size() + " given (expected: " + shape.z() + ", one per level of "
                    + "--shape " + shape + ")");
        }
        try {
            paths().check();
            paths().refuseInputs(device.filesRead());
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        Integer depth = parseSplit();
        if (inputT != null) {
            checkInputs();
        } else {
            checkHeap(); // raw inputs and their outputs are file-backed: the heap does not limit them
        }
        return depth;
    }

    private WeatherPaths paths() {
        return new WeatherPaths(out, files.input() == null ? WeatherPaths.OUTPUT_NAMES : files.outputNames(),
                saveInputs, dumpKernels, trace, traceSvg, report);
    }

    private boolean given(String option) {
        return spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /**
     * {@code --input}, or {@code --input-t} and {@code --input-q}: opens the files, stages the outputs, runs over the
     * files, checks (with {@code --verify}) grid by grid, and puts the outputs and the report in place together; on
     * any failure, none of them. Without {@code --out} (raw inputs only) the outputs are written to hidden
     * temporaries in the JVM's temporary directory, deleted at the end.
     */
    private Integer callOnFiles(Integer depth) throws IOException, InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (device.isSlurmWorker()) {
            return device.serveAsSlurmWorker(dataDirs()); // rank 0 runs the command; this task serves its chunks
        }
        try (OpenDevices targets = device.open(dataDirs())) {
            for (Path file : paths().removeStale()) {
                stdout.println("removed " + file + ", left by an interrupted run");
            }
            try (WeatherInput in = openCheckedInput(); StagedFiles set = StagedFiles.open();
                 StagedFiles scratch = StagedFiles.open();
                 OutputFiles written = stageOutputs(out != null ? set : scratch, in)) {
                stdout.println("weather: fields from " + in);
                in.notes().forEach(note -> stdout.println("  " + note));
                RunReport run = run(FileNest.nest(in, written), depth, targets, () -> saveInputs(in), true);
                RunReport columnRun = run(FileNest.columns(in, written), null, targets, () -> { }, false);
                stdout.println(run);
                stdout.println("columns: " + columnRun);
                if (verifying()) {
                    Verification check = FileVerification.verify(in, written);
                    ColumnVerification columnCheck = ColumnFileVerification.verify(in, written);
                    stdout.println(check);
                    stdout.println(columnCheck);
                    if (!check.passed() || !columnCheck.passed()) {
                        spec.commandLine().getErr().println(spec.qualifiedName()
                                + ": outputs did not verify; nothing written");
                        return ErrorHandler.FAILED;
                    }
                }
                written.finish();
                if (report != null) {
                    Files.writeString(set.stage(report), run.toJson() + System.lineSeparator());
                }
                set.commit();
                if (out != null) {
                    stdout.println("wrote " + String.join(" ", written.names()) + " to " + out);
                }
                if (report != null) {
                    stdout.println("wrote report " + report);
                }
            }
        }
        stdout.flush();
        return ErrorHandler.OK;
    }

    /**
     * The directories of a run over files, for worker nodes to read and write its files themselves: the inputs' (every
     * file of {@code --input}, a GrADS descriptor's data files among them) and the outputs' ({@code --out}, where the
     * outputs' temporaries and unpacked inputs go; without it, the temporary directory).
     */
    private List<Path> dataDirs() {
        List<Path> dirs = new java.util.ArrayList<>();
        List<Path> inputs = files.input() != null ? NodeDirectories.inputFiles(files.input().toString())
                : List.of(inputT, inputQ);
        inputs.forEach(file -> dirs.add(NodeDirectories.directoryOf(file)));
        dirs.add(out != null ? out : Path.of(System.getProperty("java.io.tmpdir")));
        return NodeDirectories.dataDirs(dirs);
    }

    /** Checks the options of a run over {@code --input}; returns the split depth, or null for auto. */
    private Integer validateFiles() {
        device.validate();
        List<String> refused = java.util.stream.Stream.of("--shape", "--levels", "--input-t", "--input-q", "--seed",
                "--save-inputs").filter(this::given).toList();
        try {
            files.check(out, refused);
            paths().check();
            paths().refuseInputs(device.filesRead());
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        return parseSplit();
    }

    /**
     * Opens {@code --input} (and refuses an output that is one of the files it reads, a descriptor's data file say),
     * or binds {@code --input-t} and {@code --input-q}; bad input exits with code 2.
     */
    private WeatherInput openInput() throws IOException {
        if (files.input() == null) {
            try {
                return RawInput.open(inputT, inputQ, shape, pressures());
            } catch (IllegalArgumentException e) {
                throw bad(e.getMessage());
            }
        }
        WeatherInput in;
        try {
            in = files.open(out);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        Map<Path, String> read = new LinkedHashMap<>();
        for (Path file : in.reads()) {
            read.put(file, files.namesSeveral() ? "--input " + files.input() : "--input " + in.file()
                    + (file.equals(in.file()) ? "" : " as its data file " + file));
        }
        try {
            paths().refuseInputs(read);
        } catch (IllegalArgumentException e) {
            in.close();
            throw bad(e.getMessage());
        }
        return in;
    }

    /** {@link #openInput()}, then {@link #checkVerificationHeap}; the input closed if the check refuses. */
    private WeatherInput openCheckedInput() throws IOException {
        WeatherInput in = openInput();
        try {
            checkVerificationHeap(in);
        } catch (RuntimeException e) {
            in.close();
            throw e;
        }
        return in;
    }

    /** Refuses a {@code --verify} over files whose grids ({@link FileVerification#heapBytes}) do not fit the heap. */
    private void checkVerificationHeap(WeatherInput in) {
        if (!verifying()) {
            return;
        }
        long[] e = in.extents();
        try {
            HeapBudget.current().check(Math.max(FileVerification.heapBytes(e[2], e[3]),
                    ColumnFileVerification.heapBytes(e[1], e[2], e[3])), "--verify", FileVerification.GRIDS
                    + " float32 grids of " + e[2] + " x " + e[3] + " points, compared one level at a time, and "
                    + "the columns of one time step", "--no-verify");
        } catch (IllegalArgumentException ex) {
            throw bad(ex.getMessage());
        }
    }

    /** Stages the outputs in {@code set}: in {@code --out}, or, for raw inputs without it, in the temporary directory. */
    private OutputFiles stageOutputs(StagedFiles set, WeatherInput in) throws IOException {
        try {
            if (files.input() == null) {
                Path dir = out != null ? Files.createDirectories(out) : Path.of(System.getProperty("java.io.tmpdir"));
                if (out == null) {
                    StagingNames.removeStale(dir); // what a killed run without --out left there (owner gone only)
                }
                return RawOutput.create(set, dir, shape, out != null ? "--out " + out : "the temporary directory "
                        + dir + " (no --out)");
            }
            Files.createDirectories(out);
            return files.format().create(set, out, in, files.deflate(), files.oneOutputFile());
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    /** Checks {@code --input-t} and {@code --input-q}: readable files of the grid's size that no output replaces. */
    private void checkInputs() throws IOException {
        try {
            RawFloats.checkSize(inputT, shape.points(), "--input-t");
            RawFloats.checkSize(inputQ, shape.points(), "--input-q");
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage() + " for --shape " + shape);
        }
        Map<Path, String> read = new LinkedHashMap<>();
        read.put(inputT, "--input-t " + inputT);
        read.put(inputQ, "--input-q " + inputQ);
        try {
            paths().refuseInputs(read);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    /** Refuses a grid whose arrays do not fit the heap, before they are allocated. */
    private void checkHeap() {
        boolean verifying = verifying();
        String detail = WeatherFields.fieldCount(verifying) + " float32 fields of " + HeapBudget.bytes(
                shape.fieldBytes()) + ": T, q, the " + WeatherOutput.COUNT + " outputs"
                + (verifying ? " and " + WeatherOutput.COUNT + " more to verify them" : "")
                + ", and the column outputs (" + HeapBudget.bytes(ColumnFields.heapBytes(shape, verifying)) + ")";
        try {
            HeapBudget.current().check(WeatherFields.heapBytes(shape, verifying) + ColumnFields.heapBytes(shape,
                    verifying), "--shape " + shape, detail,
                    "fewer points in --shape" + (verifying ? ", or --no-verify" : ""));
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private boolean verifying() {
        return verify != null ? verify : inputT == null && files.input() == null;
    }

    private Integer parseSplit() {
        if ("auto".equals(split)) {
            return null;
        }
        String range = "expected: auto, or a depth from 0 to 3 for the loops t, z, y, x";
        try {
            int d = Integer.parseInt(split.strip());
            if (d < 0 || d > 3) {
                throw bad("--split " + split + ": out of range (" + range + ")");
            }
            return d;
        } catch (NumberFormatException e) {
            throw bad("--split " + split + ": not a depth (" + range + ")");
        }
    }

    /** The synthetic fields. */
    private WeatherFields load() {
        try {
            return WeatherFields.synthetic(shape, pressures(), seed);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private float[] pressures() {
        return levels == null ? WeatherFields.defaultLevels(shape.z()) : toArray(levels);
    }

    /** What runs once the nest is planned, before the run: {@code --save-inputs}. */
    @FunctionalInterface
    private interface Planned {
        void run() throws IOException;
    }

    /**
     * Plans and runs {@code weather}; {@code planned} runs once the plan is made, so that a split that fits no device
     * is bad input (exit code 2), which writes nothing. Only a {@code traced} run (the point nest, not the column
     * nest that follows it) writes {@code --trace} and {@code --trace-svg}.
     */
    private RunReport run(LoopNest weather, Integer depth, OpenDevices targets, Planned planned, boolean traced)
            throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        try (ProgressDisplay progress = ProgressDisplay.interactive(err, traced ? "weather" : "columns")) {
            LoopNest nest = device.buffersOn(weather.kernelPath(kernelPath.path()).on(targets.array()))
                    .onProgress(progress);
            if (trace != null && traced) {
                nest.trace(trace);
            }
            if (traceSvg != null && traced) {
                nest.traceSvg(traceSvg);
            }
            RunPlan plan = SplitPolicy.plan(nest, depth, MIN_CHUNKS); // a split that does not fit exits 2: first
            planned.run();
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

    /** Writes the synthetic inputs for {@code --save-inputs}. */
    private void saveInputs(WeatherFields fields) throws IOException {
        if (saveInputs != null) {
            RawFloats.writeAll(saveInputs, Map.of("T.f32", fields.temperature(), "q.f32", fields.humidity()));
            spec.commandLine().getOut().println("wrote T.f32 q.f32 to " + saveInputs);
        }
    }

    /** Copies raw inputs for {@code --save-inputs} (refused with {@code --input}) as one set, both or neither. */
    private void saveInputs(WeatherInput in) throws IOException {
        if (saveInputs == null) {
            return;
        }
        Files.createDirectories(saveInputs);
        try (StagedFiles copies = StagedFiles.open()) {
            for (int i = 0; i < WeatherPaths.INPUT_NAMES.size(); i++) {
                Files.copy(in.reads().get(i), copies.stage(saveInputs.resolve(WeatherPaths.INPUT_NAMES.get(i))),
                        StandardCopyOption.REPLACE_EXISTING);
            }
            copies.commit();
        }
        spec.commandLine().getOut().println("wrote T.f32 q.f32 to " + saveInputs);
    }

    /** Writes the outputs and the report as one set: all replaced, or none. */
    private void write(WeatherFields fields, ColumnFields columns, RunReport run, PrintWriter stdout)
            throws IOException {
        if (out == null && report == null) {
            return;
        }
        try (StagedFiles set = StagedFiles.open()) {
            if (out != null) {
                Files.createDirectories(out);
                Map<String, float[]> files = new LinkedHashMap<>();
                for (WeatherOutput o : WeatherOutput.values()) {
                    files.put(o.fileName(), fields.output(o));
                }
                for (ColumnOutput o : ColumnOutput.values()) {
                    files.put(o.fileName(), columns.output(o));
                }
                RawFloats.stageAll(set, out, files);
            }
            if (report != null) {
                Files.writeString(set.stage(report), run.toJson() + System.lineSeparator());
            }
            set.commit();
        } catch (IOException e) {
            throw new IOException("outputs not written, the previous ones are kept (" + e + ")", e);
        }
        if (out != null) {
            stdout.println("wrote " + String.join(" ", WeatherPaths.OUTPUT_NAMES) + " to " + out);
        }
        if (report != null) {
            stdout.println("wrote report " + report);
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private static float[] toArray(List<Float> values) {
        float[] array = new float[values.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = values.get(i);
        }
        return array;
    }
}

package org.loopnest.examples.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.loopnest.examples.weather.StagingNames;
import org.loopnest.examples.weather.ColumnBody;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.WeatherBody;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * The paths {@code loopnest weather} writes, each {@code null} when its option is not given: what they must be
 * before the run ({@link #check()}), that none is a file the run reads ({@link #refuseInputs}), and what an
 * interrupted earlier run left beside them ({@link #removeStale()}).
 *
 * <p><b>Threading:</b> immutable; safe from any thread.
 *
 * @param out         {@code --out}, the directory of the eight outputs
 * @param outNames    the names of the files written in {@code --out}: {@link #OUTPUT_NAMES}, or those of the
 *                    {@code --format} of a run over {@code --input}
 * @param saveInputs  {@code --save-inputs}, the directory of {@code T.f32} and {@code q.f32}
 * @param dumpKernels {@code --dump-kernels}, the directory of the generated kernels
 * @param trace       {@code --trace}
 * @param traceSvg    {@code --trace-svg}
 * @param report      {@code --report}
 */
record WeatherPaths(Path out, List<String> outNames, Path saveInputs, Path dumpKernels, Path trace, Path traceSvg,
        Path report) {
    /** The names of the outputs in {@code --out}: {@code theta.f32} and the others. */
    static final List<String> OUTPUT_NAMES = java.util.stream.Stream.concat(Arrays.stream(WeatherOutput.values())
            .map(WeatherOutput::fileName), Arrays.stream(ColumnOutput.values()).map(ColumnOutput::fileName)).toList();
    /** The names of the inputs in {@code --save-inputs}. */
    static final List<String> INPUT_NAMES = List.of("T.f32", "q.f32");
    /** The names of the kernels in {@code --dump-kernels}. */
    static final List<String> KERNEL_NAMES = List.of(WeatherBody.NAME + ".cl", WeatherBody.NAME + ".cu",
            WeatherBody.NAME + ".java", ColumnBody.NAME + ".cl", ColumnBody.NAME + ".cu", ColumnBody.NAME + ".java");

    /**
     * Checks every path with {@link PathChecks}, and that no two options write the same file. A {@code --report}
     * directly in {@code --out} may name a directory still to be made, as {@code --out} may.
     *
     * @throws IllegalArgumentException naming the option, the path and what was expected
     */
    void check() {
        PathChecks.directory("--out", out, outNames);
        PathChecks.directory("--save-inputs", saveInputs, INPUT_NAMES);
        PathChecks.directory("--dump-kernels", dumpKernels, KERNEL_NAMES);
        PathChecks.file("--trace", trace);
        PathChecks.file("--trace-svg", traceSvg);
        if (report != null && out != null && inOut(report)) { // --out is made before the report is written in it
            PathChecks.directory("--report", out, List.of(report.getFileName().toString()));
        } else {
            PathChecks.file("--report", report);
        }
        PathChecks.distinct(files());
    }

    /**
     * Refuses a file written (an output, a saved input, a kernel, the trace, the report) that is one of the files the
     * run reads, however spelled ({@link SameFiles}).
     *
     * @param read each file read, with how the message names its reader, e.g. {@code --input-t t.f32}
     * @throws IllegalArgumentException naming the option, the file written and its reader
     */
    void refuseInputs(Map<Path, String> read) {
        Map<String, List<Path>> written = new LinkedHashMap<>();
        in(written, "--out", out, outNames);
        in(written, "--save-inputs", saveInputs, INPUT_NAMES);
        in(written, "--dump-kernels", dumpKernels, KERNEL_NAMES);
        in(written, "--trace", trace, List.of(""));
        in(written, "--trace-svg", traceSvg, List.of(""));
        in(written, "--report", report, List.of(""));
        SameFiles.refuseInputs(written, read);
    }

    /** Adds what {@code option} writes: {@code names} in {@code path} ({@code path} itself for the name ""). */
    private static void in(Map<String, List<Path>> written, String option, Path path, List<String> names) {
        if (path != null) {
            written.put(option + " " + path, names.stream().map(path::resolve).toList());
        }
    }

    /** Whether {@code file} is directly in the {@code --out} directory. */
    private boolean inOut(Path file) {
        return out.toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize().getParent());
    }

    /** The files written, by option, in the order of the options. */
    private Map<String, List<Path>> files() {
        Map<String, List<Path>> files = new LinkedHashMap<>();
        files.put("--out", out == null ? List.of() : outNames.stream().map(out::resolve).toList());
        files.put("--save-inputs", saveInputs == null ? List.of()
                : INPUT_NAMES.stream().map(saveInputs::resolve).toList());
        files.put("--trace", trace == null ? List.of() : List.of(trace));
        files.put("--trace-svg", traceSvg == null ? List.of() : List.of(traceSvg));
        files.put("--report", report == null ? List.of() : List.of(report));
        return files;
    }

    /**
     * Completes the commits and removes the temporaries killed runs left in the directories of {@code --out},
     * {@code --save-inputs} and {@code --report} ({@link StagingNames#removeStale}: only files of the naming scheme
     * whose owner is gone).
     *
     * @return the files removed or restored
     */
    List<Path> removeStale() throws IOException {
        Set<Path> dirs = new LinkedHashSet<>(); // each directory once, however the options name it
        if (out != null) {
            dirs.add(out.toAbsolutePath());
        }
        if (saveInputs != null) {
            dirs.add(saveInputs.toAbsolutePath());
        }
        if (report != null) {
            dirs.add(report.toAbsolutePath().getParent());
        }
        List<Path> removed = new ArrayList<>();
        for (Path dir : dirs) {
            removed.addAll(StagingNames.removeStale(dir));
        }
        return removed;
    }
}

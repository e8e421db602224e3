package org.loopnest.examples.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.FileStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.loopnest.examples.run.FileArray;
import org.loopnest.examples.run.FileFormat;
import org.loopnest.examples.run.NestShape;
import org.loopnest.examples.run.OutputOption;
import org.loopnest.examples.run.RunSpec;
import org.loopnest.examples.weather.StagingNames;

/**
 * The files {@code loopnest run} writes, checked before anything runs: each {@code --out} a raw or NetCDF file in a
 * writable directory, not a directory, under a name no other array has; several outputs may share one {@code .nc}
 * file but no other; {@code --trace}, {@code --trace-svg}, {@code --report} and {@code --dump-kernels} likewise; none
 * of them a file the run reads, however spelled ({@link SameFiles}); and room on the
 * file systems for the outputs (twice, with {@code --verify}: its sequential run writes a second copy beside them;
 * and the inputs unpacked to temporary float files beside the first output).
 *
 * <p><b>Threading:</b> stateless after construction. <b>Failure:</b> {@link IllegalArgumentException} naming the
 * option and what was expected.
 */
final class RunPaths {
    /** The files {@code --dump-kernels} writes: the kernel {@code run} in each target's language. */
    static final List<String> KERNEL_FILES = List.of(RunSpec.KERNEL_NAME + ".cl", RunSpec.KERNEL_NAME + ".cu",
            RunSpec.KERNEL_NAME + ".java");
    private final List<OutputOption> outputs;
    private final Path trace;
    private final Path traceSvg;
    private final Path report;
    private final Path dumpKernels;

    RunPaths(List<OutputOption> outputs, Path trace, Path traceSvg, Path report, Path dumpKernels) {
        this.outputs = List.copyOf(outputs);
        this.trace = trace;
        this.traceSvg = traceSvg;
        this.report = report;
        this.dumpKernels = dumpKernels;
    }

    /**
     * Checks the outputs' formats, names and paths against each other, and every file written (outputs, trace,
     * report, kernels) against every file read (inputs, their data files, the body file, the device options' files),
     * by identity ({@link SameFiles}).
     *
     * @param inputs   the inputs
     * @param bodyFile {@code --body-file}, or null
     * @param alsoRead other files the command reads ({@code --secret-file}, {@code --tls-trust}), each with how a
     *                 message names it
     */
    void check(List<FileArray> inputs, Path bodyFile, Map<Path, String> alsoRead) {
        if (outputs.isEmpty()) {
            throw new IllegalArgumentException("no --out (expected: at least one NAME=FILE, an output the body "
                    + "assigns, indexed by every loop)");
        }
        Map<String, String> names = new HashMap<>();
        Map<Path, String> read = new LinkedHashMap<>();
        for (FileArray in : inputs) {
            String twice = names.putIfAbsent(in.name(), in.input().option());
            if (twice != null) {
                throw new IllegalArgumentException(in.input().option() + ": '" + in.name() + "' is also the name in "
                        + twice + " (expected: a distinct name for each array)");
            }
            if (in.input().isPattern()) {
                in.input().files().forEach(file -> read.putIfAbsent(file, in.input().option()));
            } else {
                read.putIfAbsent(in.input().file(), in.input().option());
            }
            read.putIfAbsent(in.file(), in.input().option());
            if (in.parts() != null) {
                in.parts().forEach(part -> read.putIfAbsent(part.path(), in.input().option()));
            }
        }
        if (bodyFile != null) {
            read.put(bodyFile, "--body-file " + bodyFile);
        }
        alsoRead.forEach(read::putIfAbsent);
        Map<String, List<Path>> written = new LinkedHashMap<>();
        Map<String, List<Path>> distinct = new LinkedHashMap<>();
        Map<Path, Boolean> seen = new HashMap<>();
        for (OutputOption out : outputs) {
            checkFormat(out);
            String other = names.putIfAbsent(out.name(), out.option());
            if (other != null) {
                throw new IllegalArgumentException(out.option() + ": '" + out.name() + "' is also the name in "
                        + other + " (expected: a distinct name for each array)");
            }
            written.put(out.option(), List.of(out.file()));
            PathChecks.file(out.option(), out.file());
            if (seen.putIfAbsent(SameFiles.canonical(out.file()), Boolean.TRUE) == null
                    || FileFormat.of(out.option(), out.file()) != FileFormat.NETCDF) {
                distinct.put(out.option(), List.of(out.file())); // outputs share a .nc file, nothing else
            }
        }
        for (Map.Entry<String, Path> extra : extras().entrySet()) {
            PathChecks.file(extra.getKey(), extra.getValue());
            distinct.put(extra.getKey(), List.of(extra.getValue()));
            written.put(extra.getKey() + " " + extra.getValue(), List.of(extra.getValue()));
        }
        PathChecks.distinct(distinct);
        PathChecks.directory("--dump-kernels", dumpKernels, KERNEL_FILES);
        if (dumpKernels != null) {
            written.put("--dump-kernels " + dumpKernels, KERNEL_FILES.stream().map(dumpKernels::resolve).toList());
        }
        SameFiles.refuseInputs(written, read);
    }

    private static void checkFormat(OutputOption out) {
        if (FileFormat.of(out.option(), out.file()) == FileFormat.GRADS) {
            throw new IllegalArgumentException(out.option() + ": GrADS output is not supported by run yet "
                    + "(expected: .f32, .f64, .i32, .i64 or .nc)");
        }
    }

    /**
     * Checks that each loop fits a NetCDF dimension (a classic file's lengths are 32-bit) where an output is NetCDF.
     *
     * @param nest the nest, whose loops become the dimensions
     */
    void checkNetcdfDimensions(NestShape nest) {
        for (OutputOption out : outputs) {
            if (FileFormat.of(out.option(), out.file()) != FileFormat.NETCDF) {
                continue;
            }
            for (String loop : nest.names()) {
                if (nest.extentOf(loop) > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException(out.option() + ": loop '" + loop + "' has "
                            + nest.extentOf(loop) + " points, more than a classic NetCDF dimension holds (expected: at "
                            + "most " + Integer.MAX_VALUE + "; write a raw file instead)");
                }
            }
        }
    }

    /**
     * Checks that the file systems of the outputs have room for them.
     *
     * @param nest      the nest, whose points each output has
     * @param verifying whether {@code --verify} writes a second copy
     * @param unpacked  the bytes of inputs unpacked beside the first output
     */
    void checkSpace(NestShape nest, boolean verifying, long unpacked) throws IOException {
        Map<FileStore, Long> needed = new LinkedHashMap<>();
        Map<FileStore, String> first = new HashMap<>();
        needed.put(Files.getFileStore(outputs.get(0).file().toAbsolutePath().getParent()), unpacked);
        for (OutputOption out : outputs) {
            long bytes = Math.multiplyExact(nest.points(), (long) FileFormat.outputType(out.option(), out.file())
                    .bytes());
            FileStore store = Files.getFileStore(out.file().toAbsolutePath().getParent());
            needed.merge(store, verifying ? 2 * bytes : bytes, Math::addExact);
            first.putIfAbsent(store, out.option());
        }
        for (Map.Entry<FileStore, Long> store : needed.entrySet()) {
            long free = store.getKey().getUsableSpace();
            if (free < store.getValue()) {
                throw new IllegalArgumentException(first.get(store.getKey()) + ": the outputs need "
                        + store.getValue() + " bytes" + (verifying ? " (twice their size: --verify writes a second "
                        + "copy)" : "") + (unpacked > 0 ? " with " + unpacked + " of unpacked inputs" : "")
                        + " but " + store.getKey() + " has " + free + " free (expected: room for "
                        + "them)");
            }
        }
    }

    /**
     * Completes the commits and removes the temporaries killed runs left in the directories of the outputs and the
     * report ({@link StagingNames#removeStale}: only files of the naming scheme whose owner is gone).
     *
     * @return the files removed or restored
     */
    List<Path> removeStale() throws IOException {
        Set<Path> dirs = new LinkedHashSet<>();
        outputs.forEach(out -> dirs.add(out.file().toAbsolutePath().getParent()));
        if (report != null) {
            dirs.add(report.toAbsolutePath().getParent());
        }
        List<Path> removed = new ArrayList<>();
        for (Path dir : dirs) {
            removed.addAll(StagingNames.removeStale(dir));
        }
        return removed;
    }

    private Map<String, Path> extras() {
        Map<String, Path> extras = new LinkedHashMap<>();
        if (trace != null) {
            extras.put("--trace", trace);
        }
        if (traceSvg != null) {
            extras.put("--trace-svg", traceSvg);
        }
        if (report != null) {
            extras.put("--report", report);
        }
        return extras;
    }
}

package org.loopnest.perf;

import java.nio.file.Path;
import org.loopnest.examples.cli.Units;

/**
 * The command line of {@code ./loopnest bench}:
 * {@code [--json FILE] [--quick] [--only TEXT] [--file-size SIZE]}.
 *
 * @param json      where to write the results ({@code bench.json} in the working directory by default)
 * @param quick     tiny sizes and few rounds: a smoke run in seconds whose figures mean little
 * @param only      run only the measurements whose label contains this text (e.g. {@code cluster scaling}), or
 *                  {@code null} for all
 * @param help      whether only the usage was asked for
 * @param fileBytes the size of the raw file that {@code file-stream-ratio} copies, a positive multiple of
 *                  {@value #FILE_SIZE_UNIT} bytes, or 0 for that run's default (1 GiB, 8 MiB when quick)
 */
public record BenchOptions(Path json, boolean quick, String only, boolean help, long fileBytes) {
    /** The file size must be a multiple of this (1 MiB: the copy nest's rows). */
    public static final long FILE_SIZE_UNIT = 1L << 20;
    /** The usage line. */
    public static final String USAGE =
            "usage: loopnest bench [--json FILE] [--quick] [--only TEXT] [--file-size SIZE]";

    /** The usage line and what each option does. */
    public static final String HELP = USAGE + "\n"
            + "Runs the side-by-side performance measurements one after another and prints a table "
            + "(see BENCHMARKS.md);\n"
            + "a row this machine cannot measure (no NumPy, no jdk.incubator.vector) is listed as skipped, with why.\n"
            + "  --json FILE   write the results as JSON to FILE (default: bench.json)\n"
            + "  --quick       tiny sizes and few rounds: a smoke run in seconds whose figures mean little\n"
            + "  --only TEXT   run only the measurements whose label contains TEXT: cpu weather (also matches the\n"
            + "                next two), cpu weather vs hand vector, cpu weather vs numpy, vector pow, cpu copy,\n"
            + "                jvm kernel compile, sim overlap, sim out of core, serializer, cluster scaling, opencl,\n"
            + "                cuda, auto split, file stream, weather files\n"
            + "  --file-size SIZE  the raw file that file-stream-ratio copies (default 1g, 8m with --quick; the\n"
            + "                issue's figure: 4g), a multiple of 1m; needs 6 times SIZE of free disk in the\n"
            + "                temporary directory (java.io.tmpdir)\n";

    /**
     * Parses the arguments.
     *
     * @throws IllegalArgumentException naming the bad argument and what was expected
     */
    public static BenchOptions parse(String... args) {
        Path json = Path.of("bench.json");
        boolean quick = false;
        boolean help = false;
        String only = null;
        long fileBytes = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--quick")) {
                quick = true;
            } else if (a.equals("--help") || a.equals("-h")) {
                help = true;
            } else if (a.equals("--json") || a.startsWith("--json=")) {
                String file = a.equals("--json") ? (i + 1 < args.length ? args[++i] : "") : a.substring(7);
                if (file.isBlank()) {
                    throw new IllegalArgumentException("--json: no file given (expected: --json FILE)");
                }
                json = Path.of(file);
            } else if (a.equals("--only") || a.startsWith("--only=")) {
                only = a.equals("--only") ? (i + 1 < args.length ? args[++i] : "") : a.substring(7);
                if (only.isBlank()) {
                    throw new IllegalArgumentException("--only: no text given (expected: --only TEXT, part of a "
                            + "measurement's label such as 'cluster scaling')");
                }
            } else if (a.equals("--file-size") || a.startsWith("--file-size=")) {
                String size = a.equals("--file-size") ? (i + 1 < args.length ? args[++i] : "") : a.substring(12);
                fileBytes = fileSize(size);
            } else {
                throw new IllegalArgumentException("unknown argument '" + a + "' (expected: --json FILE, --quick, "
                        + "--only TEXT, --file-size SIZE)");
            }
        }
        return new BenchOptions(json, quick, only, help, fileBytes);
    }

    private static long fileSize(String text) {
        long bytes;
        try {
            bytes = Units.parseSize(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--file-size: " + e.getMessage(), e);
        }
        if (bytes <= 0 || bytes % FILE_SIZE_UNIT != 0) {
            throw new IllegalArgumentException("--file-size: " + text + " is " + bytes + " bytes (expected: a positive "
                    + "multiple of 1m, e.g. 4g)");
        }
        return bytes;
    }
}

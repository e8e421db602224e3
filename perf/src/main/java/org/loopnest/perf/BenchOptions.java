package org.loopnest.perf;

import java.nio.file.Path;

/**
 * The command line of {@code ./loopnest bench}: {@code [--json FILE] [--quick] [--only TEXT]}.
 *
 * @param json  where to write the results ({@code bench.json} in the working directory by default)
 * @param quick tiny sizes and few rounds: a smoke run in seconds whose figures mean little
 * @param only  run only the measurements whose label contains this text (e.g. {@code cluster scaling}), or
 *              {@code null} for all
 * @param help  whether only the usage was asked for
 */
public record BenchOptions(Path json, boolean quick, String only, boolean help) {
    /** The usage line. */
    public static final String USAGE = "usage: loopnest bench [--json FILE] [--quick] [--only TEXT]";

    /** The usage line and what each option does. */
    public static final String HELP = USAGE + "\n"
            + "Runs the side-by-side performance measurements one after another and prints a table (see BENCHMARKS.md).\n"
            + "  --json FILE   write the results as JSON to FILE (default: bench.json)\n"
            + "  --quick       tiny sizes and few rounds: a smoke run in seconds whose figures mean little\n"
            + "  --only TEXT   run only the measurements whose label contains TEXT: cpu weather, cpu copy,\n"
            + "                jvm kernel compile, sim overlap, sim out of core, serializer, cluster scaling, opencl, cuda\n";

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
            } else {
                throw new IllegalArgumentException("unknown argument '" + a + "' (expected: --json FILE, --quick, "
                        + "--only TEXT)");
            }
        }
        return new BenchOptions(json, quick, only, help);
    }
}

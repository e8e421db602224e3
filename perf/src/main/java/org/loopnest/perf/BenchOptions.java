package org.loopnest.perf;

import java.nio.file.Path;

/**
 * The command line of {@code ./loopnest bench}: {@code [--json FILE] [--quick]}.
 *
 * @param json  where to write the results ({@code bench.json} in the working directory by default)
 * @param quick tiny sizes and few rounds: a smoke run in seconds whose figures mean little
 * @param help  whether only the usage was asked for
 */
public record BenchOptions(Path json, boolean quick, boolean help) {
    /** The usage line. */
    public static final String USAGE = "usage: loopnest bench [--json FILE] [--quick]";

    /**
     * Parses the arguments.
     *
     * @throws IllegalArgumentException naming the bad argument and what was expected
     */
    public static BenchOptions parse(String... args) {
        Path json = Path.of("bench.json");
        boolean quick = false;
        boolean help = false;
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
            } else {
                throw new IllegalArgumentException("unknown argument '" + a + "' (expected: --json FILE, --quick)");
            }
        }
        return new BenchOptions(json, quick, help);
    }
}

package org.loopnest.perf;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.examples.cli.PathChecks;
import org.loopnest.perf.ratio.RatioRun;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.perf.report.Machine;
import org.loopnest.perf.report.ResultTable;
import org.loopnest.perf.report.ResultsJson;

/**
 * {@code ./loopnest bench [--json FILE] [--quick] [--only TEXT] [--file-size SIZE]}: runs the side-by-side
 * measurements one after another in this process, prints a table and writes the results as JSON ({@code bench.json}
 * by default). Exit status 0, 2 for a bad command line (a {@code --json} path that cannot be written included, found
 * before anything runs), 1 if a measurement fails.
 */
public final class BenchMain {
    private BenchMain() {
    }

    /** Runs the benchmarks; exits with a non-zero status on failure. */
    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Runs the benchmarks the arguments ask for, printing the table to {@code out} and progress to {@code log}.
     *
     * @return the exit status: 0 done, 1 a measurement or the JSON file failed, 2 a bad command line
     */
    public static int run(String[] args, PrintStream out, PrintStream log) {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException bad) {
            log.println("bench: " + bad.getMessage());
            log.println(BenchOptions.USAGE);
            return 2;
        }
        if (options.help()) {
            out.print(BenchOptions.HELP);
            return 0;
        }
        try {
            PathChecks.file("--json", options.json()); // before the measurements, which take minutes
        } catch (IllegalArgumentException bad) {
            log.println("bench: " + bad.getMessage());
            return 2;
        }
        List<RatioRun> all = Suite.of(options.quick(), options.fileBytes());
        List<RatioRun> chosen = all.stream()
                .filter(r -> options.only() == null || r.label().contains(options.only())).toList();
        if (chosen.isEmpty()) {
            log.println("bench: --only " + options.only() + ": no measurement's label contains it (expected one of: "
                    + String.join(", ", all.stream().map(RatioRun::label).toList()) + ")");
            return 2;
        }
        Machine machine = Machine.current();
        List<BenchResult> results = new ArrayList<>();
        try {
            for (RatioRun r : chosen) {
                log.println("bench: " + r.label() + " ...");
                long start = System.nanoTime();
                List<BenchResult> rows = r.run();
                for (BenchResult row : rows) {
                    if (row.isSkipped()) {
                        log.println("bench: " + row.name() + " skipped: " + row.detail());
                    }
                }
                results.addAll(rows);
                log.printf("bench: %s done in %.1f s%n", r.label(), (System.nanoTime() - start) / 1e9);
            }
            Files.writeString(options.json(), ResultsJson.write(machine, results), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            log.println("bench: failed: " + e);
            return 1;
        }
        out.print(ResultTable.format(machine, results));
        out.println("wrote " + options.json().toAbsolutePath());
        return 0;
    }
}

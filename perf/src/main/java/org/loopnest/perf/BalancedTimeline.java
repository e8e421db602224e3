package org.loopnest.perf;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.examples.cli.PathChecks;
import org.loopnest.report.RunReport;

/**
 * Draws the timeline of the balanced nest (24 × 16 384 floats, {@code o = a * 2.0f;}, split per row: 24 chunks of
 * 64 KiB each way) on a sim whose link ({@value #LINK_BYTES_PER_SECOND} bytes/s each way, 10 µs latency) and kernel
 * cap ({@value #KERNEL_RATE} iterations/s) make a chunk's copy-in, kernel and copy-out take 8.2 ms each, with the
 * default two buffers each way: the picture of BENCHMARKS.md in which the three engines are busy at once. With
 * {@code --one-engine} the sim has {@linkplain SimConfig.Engines#SHARED one engine}, the serial baseline, instead.
 *
 * <pre>
 * java -cp perf/target/benchmarks.jar org.loopnest.perf.BalancedTimeline docs/img/balanced-sim-timeline.svg
 * java -cp perf/target/benchmarks.jar org.loopnest.perf.BalancedTimeline --one-engine FILE.svg
 * </pre>
 *
 * <p>One unrecorded run first (the body's compile and the JIT), then the recorded one; prints its report. Exit status
 * 0, 2 for a bad command line, 1 if the run fails.
 */
public final class BalancedTimeline {
    /** Bytes per second of the sim's link each way: 64 KiB in 8.2 ms. */
    static final long LINK_BYTES_PER_SECOND = 8_000_000;
    /** The sim's kernel cap: 16 384 iterations in 8.2 ms. */
    static final double KERNEL_RATE = 2e6;
    private static final String USAGE = "usage: BalancedTimeline [--one-engine] FILE.svg";

    private BalancedTimeline() {
    }

    /**
     * Writes the picture.
     *
     * @param args {@code [--one-engine] FILE.svg}
     */
    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Writes the picture the arguments ask for, printing the run's report to {@code out}.
     *
     * @return the exit status: 0 done, 1 the run failed, 2 a bad command line
     */
    static int run(String[] args, PrintStream out, PrintStream log) {
        Path svg = null;
        boolean oneEngine = false;
        for (String a : args) {
            if (a.equals("--one-engine")) {
                oneEngine = true;
            } else if (a.startsWith("-") || svg != null) {
                log.println("BalancedTimeline: unexpected argument '" + a + "' (expected: [--one-engine] FILE.svg)");
                return 2;
            } else {
                svg = Path.of(a);
            }
        }
        if (svg == null) {
            log.println(USAGE);
            return 2;
        }
        try {
            PathChecks.file("FILE.svg", svg);
        } catch (IllegalArgumentException bad) {
            log.println("BalancedTimeline: " + bad.getMessage());
            return 2;
        }
        SimConfig config = SimConfig.builder().name(oneEngine ? "sim-one-engine" : "sim")
                .bandwidth(LINK_BYTES_PER_SECOND).latency(Duration.ofNanos(10_000)).kernelRate(KERNEL_RATE)
                .engines(oneEngine ? SimConfig.Engines.SHARED : SimConfig.Engines.SEPARATE).build();
        BalancedNest balanced = new BalancedNest(24, 16384);
        try (SimDevice sim = new SimDevice(config)) {
            balanced.nest().on(sim).splitAt(1).buffers(2).run();
            RunReport report = balanced.nest().on(sim).splitAt(1).buffers(2).traceSvg(svg).run();
            out.println(report);
            out.printf(Locale.ROOT, "%s on %s, B_in=%d B_out=%d: wall %.1f ms, overlap efficiency %.3f; picture %s%n",
                    balanced.describe(), sim.info().description(), report.inputBuffers(), report.outputBuffers(),
                    report.wall().toNanos() / 1e6, report.overlapEfficiency(), svg);
            return 0;
        } catch (RuntimeException failed) {
            log.println("BalancedTimeline: " + failed);
            return 1;
        }
    }
}

package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.loopnest.examples.nest5.IndexRecovery;
import org.loopnest.examples.nest5.Nest5;
import org.loopnest.examples.nest5.Nest5Run;
import org.loopnest.report.RunReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code loopnest nest5}: runs the paper's depth-5 nest, shows how each iteration's indices are recovered from
 * the outer iteration {@code e} and the inner iteration {@code id}, and checks that every iteration ran exactly
 * once.
 */
@Command(name = "nest5", sortOptions = false,
        description = {"Runs the depth-5 nest for l, m, n, k, j: each iteration writes its flat number k into "
                + "out[k]. Shows how the indices are recovered from e (outer) and id (inner) for the first chunks "
                + "and checks that every iteration ran exactly once (out[f] == f for every flat number f)."},
        footer = {"", "Exit status: 0 checked, 1 the run failed or the check failed, 2 bad input."})
public final class Nest5Command implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = "--extents", paramLabel = "L,M,N,K,J", split = ",", hideParamSyntax = true,
            defaultValue = "4,6,8,10,12",
            description = "The five loop extents. Default: ${DEFAULT-VALUE}.")
    private List<Long> extents;

    @Option(names = "--split", paramLabel = "D", defaultValue = "2",
            description = "Split depth 0 to 4: e runs over the first D loops. Default: ${DEFAULT-VALUE} "
                    + "(e over l, m; id over n, k, j).")
    private int split;

    @Option(names = "--show", paramLabel = "CHUNKS", defaultValue = "3",
            description = "How many chunks to explain. Default: ${DEFAULT-VALUE}.")
    private int show;

    @Mixin
    private DeviceOptions device;

    @Override
    public Integer call() throws java.io.IOException {
        String slurmOnly = device.slurmOnlyOption();
        if (slurmOnly != null) { // DeviceOptions would say "add --nodes slurm", which nest5 refuses
            throw bad(slurmOnly + ": applies to --nodes slurm only, which nest5 does not take: it checks its run in "
                    + "this JVM (expected: drop the option)");
        }
        device.validate();
        if (device.usesNodes()) {
            // its body counts the calls in this JVM and is a lambda, which a node cannot load
            throw bad("--nodes: nest5 checks its run in this JVM (expected: local devices, --device)");
        }
        Nest5 nest5 = create();
        PrintWriter out = spec.commandLine().getOut();
        IndexRecovery.describe(nest5.split(), show).forEach(out::println);
        RunReport report;
        try (OpenDevices targets = device.open()) {
            report = device.buffersOn(nest5.nest().on(targets.array())).run();
        }
        out.println(report);
        Nest5Run result = nest5.check();
        out.println(result);
        out.flush();
        return result.passed() ? ErrorHandler.OK : ErrorHandler.FAILED;
    }

    private Nest5 create() {
        if (extents.size() != Nest5.INDEX_NAMES.length) {
            throw bad("--extents: " + extents.size() + " given (expected: 5, L,M,N,K,J)");
        }
        if (split < 0 || split > 4) {
            throw bad("--split " + split + ": out of range (expected: a depth from 0 to 4 for the loops l, m, n, k, "
                    + "j)");
        }
        if (show < 0) {
            throw bad("--show " + show + " (expected: >= 0)");
        }
        long[] sizes = extents.stream().mapToLong(Long::longValue).toArray();
        checkHeap(sizes);
        try {
            return new Nest5(sizes, split);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    /**
     * Refuses extents whose arrays do not fit the heap, before they are allocated; extents that are not positive
     * or give more iterations than one Java array holds are left to {@link Nest5}, which names them.
     */
    private void checkHeap(long[] sizes) {
        long count = 1;
        for (long size : sizes) {
            if (size < 1) {
                return;
            }
            count = count > Long.MAX_VALUE / size ? Long.MAX_VALUE : count * size;
        }
        if (count > Integer.MAX_VALUE - 8) {
            return;
        }
        try {
            HeapBudget.current().check(count * Nest5.BYTES_PER_ITERATION, "--extents " + String.join(",",
                    extents.stream().map(String::valueOf).toList()), "a long and an int for each of " + count
                    + " iterations", "smaller --extents");
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}

package org.loopnest.examples.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code loopnest bench}: a placeholder that points to the launcher. The benchmarks live in the perf module;
 * the {@code ./loopnest} script runs {@code org.loopnest.perf.BenchMain} from {@code perf/target/benchmarks.jar}
 * and never reaches this command.
 */
@Command(name = "bench", description = "Benchmarks (perf module). Run through the launcher: ./loopnest bench "
        + "[options]; it starts org.loopnest.perf.BenchMain from perf/target/benchmarks.jar.")
public final class BenchCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Unmatched
    private List<String> arguments;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("loopnest bench: the benchmarks are not in this jar; run them with the "
                + "launcher script: ./loopnest bench" + (arguments == null ? "" : " " + String.join(" ", arguments)));
        spec.commandLine().getErr().flush();
        return ErrorHandler.BAD_INPUT;
    }
}

package org.loopnest.examples;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.loopnest.examples.cli.BenchCommand;
import org.loopnest.examples.cli.CommandEnvironment;
import org.loopnest.examples.cli.DevicesCommand;
import org.loopnest.examples.cli.ErrorHandler;
import org.loopnest.examples.cli.Nest5Command;
import org.loopnest.examples.cli.NodeCommand;
import org.loopnest.examples.cli.RunCommand;
import org.loopnest.examples.cli.SecretCommand;
import org.loopnest.examples.cli.WeatherCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code loopnest} command line: {@code weather}, {@code run}, {@code nest5}, {@code devices} (and {@code bench}, which the
 * launcher script hands to the perf module). Exit codes: 0 done, 1 failed, 2 bad input.
 */
@Command(name = "loopnest",
        description = "Runs dependence-free loop nests chunked and pipelined on a device.",
        subcommands = {WeatherCommand.class, RunCommand.class, Nest5Command.class, DevicesCommand.class, NodeCommand.class,
                SecretCommand.class, BenchCommand.class},
        footer = {"", "Run 'loopnest COMMAND --help' for a command's options.",
                "Exit status: 0 done, 1 the run failed or did not verify, 2 bad input."})
public final class Main implements Callable<Integer>, CommandEnvironment {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    private final Map<String, String> environment;

    private Main(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** The process's environment variables, {@link System#getenv()}. */
    @Override
    public Map<String, String> environment() {
        return environment;
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * Runs the command line with the given streams and returns the exit code, without exiting: for tests and
     * for embedding.
     */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return execute(out, err, System.getenv(), args);
    }

    /**
     * Runs the command line as {@link #execute(PrintWriter, PrintWriter, String...)}, with the commands reading
     * {@code environment} instead of the process's environment variables: a test plays the tasks of a Slurm step in
     * one JVM this way.
     */
    public static int execute(PrintWriter out, PrintWriter err, Map<String, String> environment, String... args) {
        CommandLine commandLine = commandLine(environment);
        commandLine.setOut(out);
        commandLine.setErr(err);
        return commandLine.execute(args);
    }

    /**
     * The configured command line: subcommands, case-insensitive enums and the one-line error handling. picocli's
     * {@code @file} argument files are off: {@code --input @list.txt} names a list of data files.
     */
    public static CommandLine commandLine() {
        return commandLine(System.getenv());
    }

    private static CommandLine commandLine(Map<String, String> environment) {
        ErrorHandler errors = new ErrorHandler();
        return new CommandLine(new Main(environment))
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setExpandAtFiles(false)
                .setParameterExceptionHandler(errors)
                .setExecutionExceptionHandler(errors);
    }

    /** Without a command: the usage, and exit code 2. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("loopnest: no command given (expected: weather, run, nest5, devices, node or bench)");
        spec.commandLine().usage(spec.commandLine().getErr());
        return ErrorHandler.BAD_INPUT;
    }
}

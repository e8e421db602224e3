package org.loopnest.examples.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.error.LoopNestException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one line on the error stream and an exit code: {@value #BAD_INPUT} for bad input
 * (a picocli {@link ParameterException}, an {@link IllegalArgumentException} from the library, a split that does
 * not fit the device), {@value #FAILED} for a run or a file operation that failed. Anything else is a bug: its
 * stack trace is printed too.
 */
public final class ErrorHandler implements IParameterExceptionHandler, IExecutionExceptionHandler {
    /** The command did what was asked. */
    public static final int OK = 0;
    /** The run failed, or its outputs did not verify. */
    public static final int FAILED = 1;
    /** The command line or an input file was wrong; nothing was written. */
    public static final int BAD_INPUT = 2;

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        report(ex.getCommandLine(), ex.getMessage(), true);
        return BAD_INPUT;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine command, ParseResult parsed) {
        if (ex instanceof IllegalArgumentException || ex instanceof DeviceMemoryException) {
            report(command, ex.getMessage(), true);
            return BAD_INPUT;
        }
        if (ex instanceof LoopNestException || ex instanceof IOException || ex instanceof UncheckedIOException) {
            report(command, ex.getClass().getSimpleName() + ": " + ex.getMessage(), false);
            return FAILED;
        }
        report(command, "internal error: " + ex, false);
        ex.printStackTrace(command.getErr());
        return FAILED;
    }

    private static void report(CommandLine command, String message, boolean hint) {
        String name = command.getCommandSpec().qualifiedName();
        PrintWriter err = command.getErr();
        err.println(name + ": " + message + (hint ? " (see '" + name + " --help')" : ""));
        err.flush();
    }
}

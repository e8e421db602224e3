package org.loopnest.examples.cli;

import java.util.Map;

/**
 * Where the commands read environment variables (Slurm's, for {@code --nodes slurm}): the root command object of a
 * command line implements it. The process's environment in use, a map of a test's choosing in tests, so that a test can
 * play every task of a Slurm step in one JVM.
 */
public interface CommandEnvironment {
    /**
     * {@return the environment variables, read-only}
     */
    Map<String, String> environment();

    /**
     * The environment of the command line {@code spec} belongs to.
     *
     * @param spec a command's (or mixin's) spec
     * @return its root command's {@link #environment()}, or {@link System#getenv()} when the root does not implement
     *     this interface
     */
    static Map<String, String> of(picocli.CommandLine.Model.CommandSpec spec) {
        Object root = spec.root().userObject();
        return root instanceof CommandEnvironment given ? given.environment() : System.getenv();
    }
}

package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.loopnest.examples.Main;

/** Runs the command line in-process with captured streams. */
record Cli(int code, String out, String err) {
    static Cli run(String... args) {
        return runWith(System.getenv(), args);
    }

    /** Runs the command line with {@code env} as the environment the commands read (Slurm's variables). */
    static Cli runWith(java.util.Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), env, args);
        return new Cli(code, out.toString(), err.toString());
    }

    /** The error output's lines, without the trailing line break. */
    String[] errLines() {
        return err.strip().split("\\R");
    }
}

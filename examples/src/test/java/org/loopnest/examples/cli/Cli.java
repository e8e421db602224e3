package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.loopnest.examples.Main;

/** Runs the command line in-process with captured streams. */
record Cli(int code, String out, String err) {
    /**
     * What a JVM started with {@code --add-modules jdk.incubator.vector} ({@code ./loopnest}, {@link LocalNodes#java})
     * prints first on standard error, before any line of LoopNest's.
     */
    static final String INCUBATOR_WARNING = "WARNING: Using incubator modules: jdk.incubator.vector";

    /** {@return {@code output} of a child JVM without the JVM's {@link #INCUBATOR_WARNING} line} */
    static String withoutIncubatorWarning(String output) {
        return output.replaceFirst("(?m)^" + java.util.regex.Pattern.quote(INCUBATOR_WARNING) + "\\R", "");
    }

    static Cli run(String... args) {
        return runWith(System.getenv(), args);
    }

    /**
     * {@code loopnest weather --kernel-path scalar} with {@code args}: for tests that compare the outputs of two runs
     * bit for bit. The weather command runs the vector path by default, whose results depend in their last bits on
     * whether the JIT compiler has compiled the body yet in this JVM (docs/KERNELS.md §13).
     */
    static Cli weatherScalar(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "weather";
        all[1] = "--kernel-path";
        all[2] = "scalar";
        System.arraycopy(args, 0, all, 3, args.length);
        return run(all);
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

package org.loopnest.perf.ratio;

import org.loopnest.internal.lang.jvm.JvmCompiler;
import org.loopnest.kernel.DeviceCode;

/**
 * The very first kernel compilation of a JVM, as a program of its own: {@code java -cp … 
 * org.loopnest.perf.ratio.FirstKernelCompile N} parses, checks, emits and compiles {@link WeatherCompilePath#variant
 * variant N} of the weather body once, with nothing of the kernel language or of Janino loaded before, and prints the
 * nanoseconds it took on one line of standard output (the clock starts once the body's text is made, at the parse). What it measures includes loading and initialising the front
 * end's, the emitter's and Janino's classes (and the JDK classes Janino reads), all interpreted at first; not the
 * JVM's own start. {@link JvmKernelCompile} starts it in fresh JVMs.
 */
public final class FirstKernelCompile {
    private FirstKernelCompile() {
    }

    /**
     * Compiles once and prints the nanoseconds.
     *
     * @param args one number: which variant
     * @throws NumberFormatException if the argument is not a number
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            throw new IllegalArgumentException("arguments: " + args.length + " (expected: 1, the variant number)");
        }
        DeviceCode code = WeatherCompilePath.variant(Long.parseLong(args[0]));
        JvmCompiler compiler = new JvmCompiler(1);
        long start = System.nanoTime();
        WeatherCompilePath.compile(code, compiler);
        long nanos = System.nanoTime() - start;
        System.out.println(nanos);
    }
}

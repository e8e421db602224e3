package org.loopnest.internal.opencl;

import java.util.Locale;

/** Whether this JVM runs with signal chaining ({@code libjsig} preloaded), which LLVM-based OpenCL drivers need. */
public final class SignalChaining {
    /** What is logged when an OpenCL platform is loaded without signal chaining. */
    public static final String WARNING = "OpenCL drivers built on LLVM (such as PoCL) replace the JVM's SIGSEGV handler, "
            + "which can crash the JVM later; start java with LD_PRELOAD=$JAVA_HOME/lib/libjsig.so (the loopnest "
            + "launcher does)";

    private SignalChaining() {
    }

    /** Whether this is Linux and {@code LD_PRELOAD} does not name {@code libjsig}. */
    public static boolean missing() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String preload = System.getenv("LD_PRELOAD");
        return os.contains("linux") && (preload == null || !preload.contains("libjsig"));
    }
}

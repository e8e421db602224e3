package org.loopnest.internal.opencl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Whether this JVM runs with signal chaining ({@code libjsig} loaded), which LLVM-based OpenCL drivers need.
 *
 * <p>On Linux the answer comes from the libraries mapped into the process ({@code /proc/self/maps}), not from
 * {@code LD_PRELOAD}'s text: a preload that names {@code libjsig} but did not load (a wrong path, such as
 * {@code $JAVA_HOME/lib/libjsig.so} with {@code JAVA_HOME} unset) counts as missing. Where {@code /proc/self/maps}
 * cannot be read, {@code LD_PRELOAD} naming {@code libjsig} is taken as present ({@link #FALLBACK}).
 */
public final class SignalChaining {
    /** What is logged when an OpenCL platform is loaded without signal chaining. */
    public static final String WARNING = "OpenCL drivers built on LLVM (such as PoCL) replace the JVM's SIGSEGV handler, "
            + "which can crash the JVM later; start java with LD_PRELOAD=$JAVA_HOME/lib/libjsig.so (the loopnest "
            + "launcher does)";
    /** Added to {@link #WARNING} when the mapped libraries could not be read and {@code LD_PRELOAD} was looked at. */
    public static final String FALLBACK = " (judged from LD_PRELOAD: /proc/self/maps could not be read)";

    private static final Path MAPS = Path.of("/proc/self/maps");

    private SignalChaining() {
    }

    /**
     * Whether this is Linux and no {@code libjsig} is mapped into this process; where {@code /proc/self/maps} cannot be
     * read, whether {@code LD_PRELOAD} does not name {@code libjsig} (see {@link #judgedFromPreload()}).
     */
    public static boolean missing() {
        if (!linux()) {
            return false;
        }
        try (Stream<String> lines = Files.lines(MAPS)) {
            return lines.noneMatch(SignalChaining::mapsLine);
        } catch (IOException | UncheckedIOException | SecurityException unreadable) {
            return !preloadNamesLibjsig(System.getenv("LD_PRELOAD"));
        }
    }

    /** {@return whether {@link #missing()} falls back to {@code LD_PRELOAD}: Linux without a readable maps file} */
    public static boolean judgedFromPreload() {
        return linux() && !Files.isReadable(MAPS);
    }

    /**
     * {@return whether {@code maps}, the text of a {@code /proc/PID/maps} file, maps a {@code libjsig} library}
     *
     * @param maps one mapping per line: address, permissions, offset, device, inode and the path, if any
     */
    public static boolean mapsLibjsig(String maps) {
        return maps.lines().anyMatch(SignalChaining::mapsLine);
    }

    private static boolean mapsLine(String line) {
        String[] fields = line.trim().split("\\s+", 6);
        if (fields.length < 6) {
            return false; // an anonymous mapping
        }
        String path = fields[5];
        String name = path.substring(path.lastIndexOf('/') + 1);
        return name.startsWith("libjsig.");
    }

    private static boolean preloadNamesLibjsig(String preload) {
        return preload != null && preload.contains("libjsig");
    }

    private static boolean linux() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
    }
}

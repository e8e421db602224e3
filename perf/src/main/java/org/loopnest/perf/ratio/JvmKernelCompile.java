package org.loopnest.perf.ratio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.loopnest.examples.weather.WeatherBody;
import org.loopnest.internal.lang.jvm.JvmCompiler;
import org.loopnest.perf.report.BenchResult;

/**
 * {@code jvm-kernel-compile}: how long the JVM target takes to turn the weather body ({@link WeatherBody}) into
 * bytecode, through {@link WeatherCompilePath} (parse, check, emit Java, compile with Janino or answer from the
 * cache). Three rows, in milliseconds, each a median:
 * <ul>
 *   <li>{@code jvm-kernel-compile-first-ms}: a source never compiled before, in a JVM where the path is already
 *       warm (front end, emitter and Janino loaded and JIT-compiled by the warm-up compilations of other variants):
 *       what every new body costs in a long-running process;</li>
 *   <li>{@code jvm-kernel-compile-first-in-process-ms}: the very first compilation of a fresh JVM
 *       ({@link FirstKernelCompile}, one JVM started per sample with this JVM's class path), class loading and
 *       interpreted code included: what the first body of a short command costs;</li>
 *   <li>{@code jvm-kernel-compile-cached-ms}: the same source again, answered from the compiler's cache (parse,
 *       check and emit still run: a plan checks its body each time).</li>
 * </ul>
 * Every source is a {@link WeatherCompilePath#variant} with a number no other sample uses, compiled by a private
 * {@link JvmCompiler} (the shared one's cache is left alone). A child JVM that fails or prints no number fails the
 * measurement with what it wrote to standard error.
 */
public final class JvmKernelCompile implements RatioRun {
    private static final long CHILD_TIMEOUT_SECONDS = 120;

    private final Rounds first;
    private final int freshJvms;
    private final Rounds cached;

    /**
     * @param first warm-up compilations and measured ones of new sources in this JVM
     * @param freshJvms how many fresh JVMs to start, one first compilation each, {@code >= 1}
     * @param cached warm-up and measured answers from the cache
     */
    public JvmKernelCompile(Rounds first, int freshJvms, Rounds cached) {
        if (freshJvms < 1) {
            throw new IllegalArgumentException("fresh JVMs = " + freshJvms + " (expected: >= 1)");
        }
        this.first = first;
        this.freshJvms = freshJvms;
        this.cached = cached;
    }

    /** The default: 20 + 15 new sources, 7 fresh JVMs, 5000 + 1001 cached answers. */
    public static JvmKernelCompile full() {
        return new JvmKernelCompile(new Rounds(20, 15), 7, new Rounds(5000, 1001));
    }

    /** Few samples, one fresh JVM, for a smoke run. */
    public static JvmKernelCompile quick() {
        return new JvmKernelCompile(new Rounds(1, 3), 1, new Rounds(10, 11));
    }

    @Override
    public String label() {
        return "jvm kernel compile";
    }

    @Override
    public List<BenchResult> run() {
        JvmCompiler compiler = new JvmCompiler(JvmCompiler.SHARED_CAPACITY);
        long[] variant = {System.nanoTime()}; // distinct from the variants of any other process, in practice
        Samples warm = new Samples(first.collect(() -> time(() -> WeatherCompilePath.compile(
                WeatherCompilePath.variant(variant[0]++), compiler))).stream().mapToDouble(Double::doubleValue)
                .toArray());
        long compiledBefore = compiler.compilations();
        long again = variant[0]++;
        WeatherCompilePath.compile(WeatherCompilePath.variant(again), compiler);
        Samples hit = new Samples(cached.collect(() -> time(() -> WeatherCompilePath.compile(
                WeatherCompilePath.variant(again), compiler))).stream().mapToDouble(Double::doubleValue).toArray());
        if (compiler.compilations() != compiledBefore + 1) {
            throw new IllegalStateException("jvm kernel compile: " + (compiler.compilations() - compiledBefore)
                    + " compilations for one source asked for again and again (expected: 1, then the cache)");
        }
        double[] fresh = new double[freshJvms];
        for (int j = 0; j < freshJvms; j++) {
            fresh[j] = inFreshJvm(variant[0]++);
        }
        Samples cold = new Samples(fresh);
        String what = "parse + check + emit Java + Janino compile of the weather body (" + lines(WeatherBody.BODY)
                + " body lines, " + lines(WeatherBody.HELPERS) + " helper lines) for flat float arrays";
        return List.of(
                new BenchResult("jvm-kernel-compile-first-ms", warm.median() / 1e6, "ms", String.format(Locale.ROOT,
                        "%s, a source never compiled before, in a warm JVM (after %d compilations of other"
                                + " variants): %s", what, first.warmup(), warm.describeMillis())),
                new BenchResult("jvm-kernel-compile-first-in-process-ms", cold.median() / 1e6, "ms",
                        String.format(Locale.ROOT, "%s, the very first compilation of a fresh JVM (class loading"
                                + " included, JVM start not), one JVM per sample: %s", what, cold.describeMillis())),
                new BenchResult("jvm-kernel-compile-cached-ms", hit.median() / 1e6, "ms", String.format(Locale.ROOT,
                        "%s, the same source again: parse + check + emit + hash, compiled body from the cache"
                                + " (after %d warm-up answers): %s", what, cached.warmup(), hit.describeMillis())));
    }

    private static double time(Runnable task) {
        long start = System.nanoTime();
        task.run();
        return System.nanoTime() - start;
    }

    private static int lines(String text) {
        return (int) text.lines().count();
    }

    /** Starts {@link FirstKernelCompile} in a new JVM with this JVM's class path and returns its nanoseconds. */
    private static double inFreshJvm(long variant) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                FirstKernelCompile.class.getName(), Long.toString(variant)));
        Path output = null;
        Path errors = null;
        try {
            output = Files.createTempFile("loopnest-first-compile-", ".out");
            errors = Files.createTempFile("loopnest-first-compile-", ".err");
            Process p = new ProcessBuilder(command).redirectOutput(output.toFile()).redirectError(errors.toFile())
                    .start();
            p.getOutputStream().close();
            if (!p.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("jvm kernel compile: the fresh JVM did not end within "
                        + CHILD_TIMEOUT_SECONDS + " s (expected: one compilation, then exit)");
            }
            String out = Files.readString(output, StandardCharsets.UTF_8).strip();
            if (p.exitValue() != 0 || !out.matches("[0-9]+")) {
                throw new IllegalStateException("jvm kernel compile: the fresh JVM exited with " + p.exitValue()
                        + " and printed '" + out + "' (expected: 0 and the nanoseconds); its errors: "
                        + Files.readString(errors, StandardCharsets.UTF_8).strip());
            }
            return Long.parseLong(out);
        } catch (IOException e) {
            throw new IllegalStateException("jvm kernel compile: cannot start a fresh JVM (" + command.get(0) + "): "
                    + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("jvm kernel compile: interrupted while waiting for a fresh JVM", e);
        } finally {
            deleteQuietly(output);
            deleteQuietly(errors);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file left behind is harmless
            }
        }
    }
}

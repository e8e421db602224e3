package org.loopnest.perf.jmh;

import java.util.concurrent.TimeUnit;
import org.loopnest.examples.weather.WeatherBody;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.perf.ratio.WeatherCompilePath;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The kernel language's front end, {@link KernelLanguage#check} (lexer, parser, checker with definite assignment
 * and the call graph), on a generated body of {@value #LINES} lines ({@link GeneratedBody}: helpers, loops,
 * branches, math calls) and on the weather body ({@link WeatherBody}, about 70 lines), in microseconds per check.
 * Warm: what a plan pays for its body in a long-running process.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KernelCheckBench {
    /** The lines of the generated body and its helpers together. */
    public static final int LINES = 200;
    private static final DeviceCode GENERATED = GeneratedBody.of(LINES);

    /** Parses and checks the generated 200-line body. */
    @Benchmark
    public Program generated200Lines() {
        return KernelLanguage.check(GENERATED, GeneratedBody.CONTEXT);
    }

    /** Parses and checks the weather body against the weather nest. */
    @Benchmark
    public Program weatherBody() {
        return KernelLanguage.check(WeatherBody.CODE, WeatherCompilePath.CONTEXT);
    }
}

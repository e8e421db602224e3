package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.Role;
import org.loopnest.examples.weather.WeatherBody;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.jvm.AccessSignature;
import org.loopnest.internal.lang.jvm.JavaEmitter;
import org.loopnest.internal.lang.jvm.JvmCompiler;
import org.loopnest.internal.lang.jvm.RunBody;
import org.loopnest.kernel.DeviceCode;

/**
 * What a run of the weather nest on a Java device does with {@link WeatherBody} before its first iteration, as one
 * call: parse and check the text ({@link KernelLanguage#check}) against the weather nest's context, print it as Java
 * for flat heap arrays in nest order ({@link JavaEmitter}), and compile that with Janino or take it from the
 * compiler's cache ({@link JvmCompiler#compile}). The context and the array layout are those of
 * {@link WeatherNest#withArrays}: indices {@code t, z, y, x}; inputs {@code T}, {@code q} (every index) and {@code p}
 * (by {@code z}); the eight outputs. Stateless.
 */
public final class WeatherCompilePath {
    /** The weather nest as the body sees it. */
    public static final KernelContext CONTEXT = context();
    /** Flat heap arrays in nest order: step 1 along {@code x} for every array but {@code p} (step 0). */
    public static final AccessSignature ACCESS = access();

    private WeatherCompilePath() {
    }

    /**
     * {@return the compiled body of {@code code}}
     *
     * @param code the weather body or a variant of it
     * @param compiler the compiler whose cache answers, or which compiles
     * @throws org.loopnest.error.KernelSyntaxException if the text is not a valid body for the weather nest
     */
    public static RunBody compile(DeviceCode code, JvmCompiler compiler) {
        Program program = KernelLanguage.check(code, CONTEXT);
        return compiler.compile(JavaEmitter.emit(program, ACCESS));
    }

    /**
     * {@return {@link WeatherBody#CODE} with one more statement at the end of the body, an unused constant
     * {@code compile_variant} of value {@code n}} Its Java source differs from the body's and from every other
     * variant's, so no compiler has it in its cache, while the work of parsing, checking, emitting and compiling
     * stays that of the weather body (one declaration more). Comments would not do: they do not reach the Java
     * source, whose hash keys the cache.
     *
     * @param n any number; distinct numbers give distinct sources
     */
    public static DeviceCode variant(long n) {
        return new DeviceCode(WeatherBody.NAME, WeatherBody.BODY + "const long compile_variant = " + n + "L;\n",
                WeatherBody.HELPERS);
    }

    private static KernelContext context() {
        List<ArraySignature> arrays = new ArrayList<>(List.of(new ArraySignature("T", Type.FLOAT, Role.IN),
                new ArraySignature("q", Type.FLOAT, Role.IN), new ArraySignature("p", Type.FLOAT, Role.IN)));
        for (WeatherOutput o : WeatherOutput.values()) {
            arrays.add(new ArraySignature(o.key(), Type.FLOAT, Role.OUT));
        }
        return new KernelContext(List.of(WeatherNest.INDEX_NAMES), arrays);
    }

    private static AccessSignature access() {
        List<AccessSignature.Access> list = new ArrayList<>();
        for (ArraySignature a : CONTEXT.arrays()) {
            list.add(new AccessSignature.Access(true, a.name().equals("p") ? 0 : 1));
        }
        return new AccessSignature(list);
    }
}

package org.loopnest.examples.weather;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;

/**
 * A stand-in for the kernel language's JVM target, for the float-only subset the weather body uses: prints the
 * helpers and body as a Java class (helpers as static methods, {@code bool} as {@code boolean}, {@code const} as
 * {@code final}, float math as the {@code double} function of {@link Math} rounded once, outputs as locals stored
 * at the end) and compiles it with the JDK's compiler. Not a parser: it relies on the body being Java-compatible
 * C, as the weather body is.
 */
final class KernelAsJava {
    private static final String CLASS = "WeatherBodyAsJava";

    private KernelAsJava() {
    }

    /** Compiles the body into {@code static void point(float T, float q, float p, float[] out)}. */
    static Method compile(Path dir, String helpers, String body, WeatherOutput[] outputs) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Assumptions.assumeTrue(javac != null, "no Java compiler in this runtime (a JRE, not a JDK)");
        Path source = Files.writeString(dir.resolve(CLASS + ".java"), source(helpers, body, outputs));
        int code = javac.run(null, null, null, "-d", dir.toString(), source.toString());
        if (code != 0) {
            throw new AssertionError("the body does not compile as Java:\n" + Files.readString(source));
        }
        ClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, KernelAsJava.class.getClassLoader());
        return loader.loadClass(CLASS).getDeclaredMethod("point", float.class, float.class, float.class,
                float[].class);
    }

    private static String source(String helpers, String body, WeatherOutput[] outputs) {
        StringBuilder java = new StringBuilder("public final class " + CLASS + " {\n")
                .append("    static final float NAN = Float.NaN;\n")
                .append("    static float exp(float x) { return (float) Math.exp((double) x); }\n")
                .append("    static float log(float x) { return (float) Math.log((double) x); }\n")
                .append("    static float pow(float x, float y) { return (float) Math.pow((double) x, (double) y); }\n")
                .append("    static float fabs(float x) { return Math.abs(x); }\n")
                .append("    static boolean isnan(float x) { return Float.isNaN(x); }\n")
                .append(javaText(helpers.replaceAll("(?m)^(float|bool) (\\w+)\\(", "static $1 $2(")))
                .append("    public static void point(float T, float q, float p, float[] out) {\n");
        for (WeatherOutput o : outputs) {
            java.append("        float ").append(o.key()).append(";\n");
        }
        java.append(javaText(body));
        for (WeatherOutput o : outputs) {
            java.append("        out[").append(o.ordinal()).append("] = ").append(o.key()).append(";\n");
        }
        return java.append("    }\n}\n").toString();
    }

    private static String javaText(String kernelText) {
        return kernelText.replaceAll("\\bbool\\b", "boolean").replaceAll("\\bconst\\b", "final");
    }
}

package org.loopnest.scheduler;

import org.loopnest.LoopNest;
import org.loopnest.report.RunReport;

/**
 * The child JVM of {@link ModuleAbsentTest}: runs a small kernel-language nest on the cpu and prints its report's
 * {@code kernel path:} line, then {@code outputs: K of N right}.
 */
public final class ModuleAbsentChild {
    static final int N = 1000;

    private ModuleAbsentChild() {
    }

    /**
     * Runs the nest and prints the two lines.
     *
     * @param args none
     */
    public static void main(String[] args) {
        float[] a = new float[N];
        float[] b = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = i * 0.5f - 7;
        }
        RunReport report = LoopNest.of(N).names("i").in("a", a).out("b", b)
                .deviceCode("b = sqrt(fabs(a)) + (float) i;").run();
        report.toString().lines().filter(l -> l.startsWith("kernel path")).forEach(System.out::println);
        int right = 0;
        for (int i = 0; i < N; i++) {
            right += b[i] == (float) Math.sqrt(Math.abs(a[i])) + (float) i ? 1 : 0;
        }
        System.out.println("outputs: " + right + " of " + N + " right");
    }
}

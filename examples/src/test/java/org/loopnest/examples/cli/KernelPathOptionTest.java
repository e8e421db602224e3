package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.internal.lang.vector.VectorSupport;

/**
 * {@code --kernel-path vector|scalar} on {@code run} and {@code weather}: documented in their help, a bad value is
 * bad input naming the option and the choices, and the report's {@code kernel path:} line says which path ran, on
 * each node of {@code --nodes local:N} that node's own (they are started with the vector module).
 */
class KernelPathOptionTest {
    @TempDir
    Path dir;

    private static List<String> kernelPathLines(Cli run) {
        return run.out().lines().filter(l -> l.startsWith("kernel path")).toList();
    }

    @Test
    void shouldRefuseAnUnknownPathNamingTheOptionAndTheChoices() {
        for (String command : new String[] {"weather", "run"}) {
            Cli run = Cli.run(command, "--kernel-path", "fast");
            assertEquals(2, run.code(), run.err());
            assertEquals("loopnest " + command + ": Invalid value for option '--kernel-path': 'fast' (expected: "
                    + "auto, vector or scalar) (see 'loopnest " + command + " --help')", run.err().strip());
        }
    }

    @Test
    void shouldDocumentTheOptionWhereABodyInTheKernelLanguageRuns() {
        for (String command : new String[] {"weather", "run"}) {
            Cli help = Cli.run(command, "--help");
            assertEquals(0, help.code(), help.err());
            String text = help.out().replaceAll("\\s+", " ");
            assertTrue(text.contains("--kernel-path=auto|vector|scalar How cpu, sim and worker nodes running Java run "
                    + "the body: vector"), help.out());
            assertTrue(text.contains("scalar (one iteration at a time), or auto: vector from 7000000 iterations on"),
                    help.out());
            assertTrue(text.contains(command.equals("weather") ? "Default: vector (the column run takes it anyway"
                    : "Default: auto."), help.out());
        }
        Cli nest5 = Cli.run("nest5", "--help");
        assertFalse(nest5.out().contains("--kernel-path"), "nest5 runs a Java body: " + nest5.out());
    }

    @Test
    void shouldRunWeatherOnTheScalarPathWhenAskedAndSaySoForEachDevice() {
        Cli scalar = Cli.run("weather", "--shape", "2,3,4,5", "--kernel-path", "SCALAR", "--device", "cpu,sim");
        assertEquals(0, scalar.code(), scalar.err());
        List<String> lines = kernelPathLines(scalar);
        assertEquals(4, lines.size(), scalar.out()); // the weather run's devices, then the column run's
        assertTrue(lines.get(0).startsWith("kernel path: scalar: ") && lines.get(0).endsWith(" (cpu)"), lines.get(0));
        assertTrue(lines.get(1).startsWith("kernel path: scalar: ") && lines.get(1).endsWith(" (sim)"), lines.get(1));
        for (String column : lines.subList(2, 4)) {
            assertTrue(column.startsWith("kernel path: scalar: asked for"), column);
        }
    }

    @Test
    void shouldRunBothWeatherRunsOnTheVectorPathByDefault() {
        Cli byDefault = Cli.run("weather", "--shape", "2,3,4,5");
        assertEquals(0, byDefault.code(), byDefault.err());
        List<String> lines = kernelPathLines(byDefault);
        assertEquals(2, lines.size(), byDefault.out()); // the weather run's, then the column run's
        String expected = VectorSupport.unavailable().map(why -> "kernel path: scalar: " + why)
                .orElse("kernel path: vector (");
        for (String line : lines) {
            assertTrue(line.startsWith(expected), line);
        }
        assertTrue(byDefault.out().contains("verified: "), byDefault.out());
        Cli auto = Cli.run("weather", "--shape", "2,3,4,5", "--kernel-path", "auto");
        assertEquals(0, auto.code(), auto.err());
        String shortRun = VectorSupport.unavailable().map(why -> "kernel path: scalar: " + why)
                .orElse("kernel path: scalar: a short run (120 iterations");
        assertTrue(kernelPathLines(auto).get(0).startsWith(shortRun), auto.out());
    }

    @Test
    @Tag("cluster")
    void shouldStartLocalNodesWithTheVectorModuleAndReportEachNodesOwnPath() {
        Cli vector = Cli.run("weather", "--shape", "2,3,4,5", "--nodes", "local:2");
        assertEquals(0, vector.code(), vector.err());
        List<String> lines = kernelPathLines(vector);
        assertEquals(4, lines.size(), vector.out()); // two nodes, for the weather run and the column run
        for (String line : lines) {
            assertTrue(line.startsWith("kernel path: vector (") || line.startsWith("kernel path: scalar: "), line);
            assertFalse(line.contains(VectorSupport.MODULE_ABSENT), "the node's JVM lacks the module: " + line);
        }
        Cli scalar = Cli.run("weather", "--shape", "2,3,4,5", "--nodes", "local:1", "--kernel-path", "scalar");
        assertEquals(0, scalar.code(), scalar.err());
        assertTrue(kernelPathLines(scalar).get(0).startsWith("kernel path: scalar: "), scalar.out());
    }

    @Test
    void shouldVerifyARunOnTheScalarPathAgainstASequentialRunOnTheSamePath() throws IOException {
        float[] a = RunCommandTest.ramp(5 * 6, -3f, 0.25f);
        Path in = RunCommandTest.writeFloats(dir.resolve("a.f32"), a, ByteOrder.LITTLE_ENDIAN);
        Path out = dir.resolve("b.f32");
        Cli run = Cli.run("run", "--shape", "5,6", "--body", "b = sqrt(fabs(a)) * a + (float) x;", "--in", "a=" + in,
                "--out", "b=" + out, "--kernel-path", "scalar", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("verify b: all 30 values equal to a sequential run on the JVM"), run.out());
        assertTrue(kernelPathLines(run).get(0).startsWith("kernel path: scalar: "), run.out());
        float[] expected = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            expected[i] = (float) Math.sqrt(Math.abs(a[i])) * a[i] + (i % 6);
        }
        assertArrayEquals(expected, RunCommandTest.readFloats(out, 0, a.length, ByteOrder.LITTLE_ENDIAN), 0f);
    }

    /**
     * On the vector path {@code exp} is {@code java.lang.Math}'s lane by lane until the JIT compiler has compiled the
     * body and SVML's after, so {@code run --verify}'s reference run (on the run's path) may differ from the run by an
     * ulp (docs/KERNELS.md §13): over 4 Mi points the run starts interpreted and its reference run is compiled. With
     * {@code --tolerance} of one {@code float} ulp relative (2⁻²³ ≈ 1.2e-7, what the path promises for {@code exp})
     * it verifies; compared exactly, a difference is reported with the hint to use {@code --tolerance}.
     */
    @Test
    void shouldVerifyAnExpBodyOnTheVectorPathWithinAToleranceOfOneUlp() throws IOException {
        int n = 1 << 22;
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i % 10007) * 0.01f - 50f;
        }
        Path in = RunCommandTest.writeFloats(dir.resolve("a.f32"), a, ByteOrder.LITTLE_ENDIAN);
        String[] common = {"run", "--shape", Integer.toString(n), "--body", "b = exp(a * 0.0999f);", "--in", "a=" + in,
                "--out", "b=" + dir.resolve("b.f32"), "--kernel-path", "vector", "--verify"};
        Cli within = Cli.run(Stream.concat(Stream.of(common), Stream.of("--tolerance", "1.2e-7"))
                .toArray(String[]::new));
        assertTrue(kernelPathLines(within).get(0).startsWith("kernel path: vector ("), within.out());
        assertEquals(0, within.code(), within.out() + within.err());
        assertTrue(within.out().contains("verify b: all " + n + " values within 1.2E-7"), within.out());
        Cli exact = Cli.run(common);
        if (exact.code() != 0) {
            assertTrue(exact.out().contains("(on the vector path a math function may differ by an ulp between two "
                    + "runs: compare with --tolerance, docs/KERNELS.md §13)"), exact.out());
        }
    }
}

package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.loopnest.examples.weather.RawFloats;
import org.loopnest.examples.weather.WeatherAssertions;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.kernel.KernelPath;

/**
 * {@code --nodes slurm} end to end, every task of a step on localhost played by a thread of this JVM with its own
 * Slurm environment: rank 0 coordinates, the other ranks serve as worker nodes and end when it is done. The real
 * Slurm runs the same commands in {@code .ci/slurm-test}.
 */
@Tag("cluster")
class SlurmRunTest {
    private static final String[] SHAPE = {"--shape", "4,7,10,12", "--split", "2"};

    @TempDir
    Path dir;

    private Path secret(String name) throws IOException {
        assertEquals(0, Cli.run("secret", dir.resolve(name).toString()).code());
        return dir.resolve(name);
    }

    private String[] weather(Path secret, Path out, String... more) {
        return Stream.of(new String[] {"weather", "--nodes", "slurm", "--secret-file", secret.toString(), "--out",
                out.toString()}, SHAPE, more).flatMap(Stream::of).toArray(String[]::new);
    }

    private static Cli done(CompletableFuture<Cli> task) throws Exception {
        return task.get(2, TimeUnit.MINUTES);
    }

    /**
     * The same output files: the same bytes on the scalar path; on the vector path each value within its output's
     * tolerance of the other's (its functions are SVML's once the JIT compiler has compiled the body, before that
     * {@code java.lang.Math}'s, so two runs in one JVM may differ in the last bits).
     */
    private void assertSameFiles(Path expected, Path actual, KernelPath path) throws IOException {
        List<Path> names;
        try (Stream<Path> files = Files.list(expected)) {
            names = files.map(Path::getFileName).sorted().toList();
        }
        try (Stream<Path> files = Files.list(actual)) {
            assertEquals(names, files.map(Path::getFileName).sorted().toList());
        }
        for (Path name : names) {
            ColumnOutput column = Stream.of(ColumnOutput.values()).filter(c -> c.fileName().equals(name.toString()))
                    .findFirst().orElse(null);
            if (column != null && path != KernelPath.SCALAR) { // the vector path: within the column's tolerances
                float[] cpu = new float[(int) (Files.size(expected.resolve(name)) / Float.BYTES)];
                float[] slurm = new float[cpu.length];
                RawFloats.read(expected.resolve(name), cpu);
                RawFloats.read(actual.resolve(name), slurm);
                for (int i = 0; i < cpu.length; i++) {
                    assertTrue(column.accepts(slurm[i], cpu[i]), name + " at " + i + ": slurm " + slurm[i] + ", cpu "
                            + cpu[i]);
                }
                continue;
            }
            if (path == KernelPath.SCALAR) {
                assertArrayEquals(Files.readAllBytes(expected.resolve(name)),
                        Files.readAllBytes(actual.resolve(name)), name.toString());
                continue;
            }
            WeatherOutput o = Stream.of(WeatherOutput.values()).filter(w -> w.fileName().equals(name.toString()))
                    .findFirst().orElseThrow(() -> new AssertionError("not a weather output: " + name));
            float[] cpu = new float[(int) (Files.size(expected.resolve(name)) / Float.BYTES)];
            float[] slurm = new float[(int) (Files.size(actual.resolve(name)) / Float.BYTES)];
            RawFloats.read(expected.resolve(name), cpu);
            RawFloats.read(actual.resolve(name), slurm);
            WeatherAssertions.assertMatches(path, o, cpu, slurm, "slurm vs cpu");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = KernelPath.class, names = {"VECTOR", "SCALAR"})
    void shouldRunTheWeatherLoopOnTheWorkerTasksAndWriteWhatTheCpuWrites(KernelPath path) throws Exception {
        Path secret = secret("s");
        SlurmStepFixture step = new SlurmStepFixture(3);
        CompletableFuture<Cli> one = step.start(1, weather(secret, dir.resolve("w1")));
        CompletableFuture<Cli> two = step.start(2, weather(secret, dir.resolve("w2")));
        Cli coordinator = step.run(0, weather(secret, dir.resolve("slurm"), "--report",
                dir.resolve("run.json").toString(), "--kernel-path", path.spelling()));
        assertEquals(0, coordinator.code(), coordinator.err());
        assertTrue(coordinator.out().contains("slurm step 41.0: coordinator task 0 on localhost; 2 of 2 workers: "
                + "slurm-task-1@localhost:" + step.port(1) + ", slurm-task-2@localhost:" + step.port(2)),
                coordinator.out());
        String report = Files.readString(dir.resolve("run.json"));
        assertTrue(report.contains("slurm-task-1@localhost:" + step.port(1))
                && report.contains("slurm-task-2@localhost:" + step.port(2)), report);
        for (CompletableFuture<Cli> worker : List.of(one, two)) {
            Cli served = done(worker);
            assertEquals(0, served.code(), served.err());
            assertTrue(served.out().contains(": coordinator left; exiting"), served.out());
        }
        Cli one1 = done(one);
        assertTrue(one1.out().startsWith("slurm task 1 on localhost (pid " + ProcessHandle.current().pid()
                + "): node listening on 127.0.0.1:" + step.port(1) + " with cpu; waiting for the coordinator, task 0 "
                + "on localhost"), one1.out());
        assertTrue(Files.notExists(dir.resolve("w1")) && Files.notExists(dir.resolve("w2")),
                "a worker task wrote outputs");
        Cli cpu = Cli.run(Stream.of(new String[] {"weather", "--device", "cpu", "--kernel-path", path.spelling(),
                "--out", dir.resolve("cpu").toString()}, SHAPE).flatMap(Stream::of).toArray(String[]::new));
        assertEquals(0, cpu.code(), cpu.err());
        assertSameFiles(dir.resolve("cpu"), dir.resolve("slurm"), path);
    }

    @Test
    void shouldStartWithTheWorkersThatAnsweredAndNameTheOthers() throws Exception {
        Path secret = secret("s");
        SlurmStepFixture step = new SlurmStepFixture(3);
        CompletableFuture<Cli> one = step.start(1, weather(secret, dir.resolve("w1")));
        Cli coordinator = step.run(0, weather(secret, dir.resolve("slurm"), "--nodes-wait", "1"));
        assertEquals(0, coordinator.code(), coordinator.err());
        assertTrue(coordinator.out().contains("; 1 of 2 workers: slurm-task-1@localhost:" + step.port(1)),
                coordinator.out());
        assertTrue(coordinator.err().contains("slurm step 41.0: running without 1 worker(s) not answering within 1 s: "
                + "slurm-task-2@localhost:" + step.port(2) + " ("), coordinator.err());
        assertEquals(0, done(one).code());
        assertTrue(coordinator.out().contains("verified:"), coordinator.out());
    }

    @Test
    void shouldEndAWorkerWhoseCoordinatorNeverCame() throws Exception {
        Path secret = secret("s");
        SlurmStepFixture step = new SlurmStepFixture(2);
        Cli worker = step.run(1, weather(secret, dir.resolve("w1"), "--nodes-wait", "1"));
        assertEquals(1, worker.code(), worker.out());
        assertEquals("slurm task 1: no coordinator connected within 2 s (expected: task 0 running the same command "
                + "with the same --secret-file; see its output)", worker.err().strip());
    }

    @Test
    void shouldRefuseACoordinatorWhoseSecretDiffersAndLetTheWorkerEnd() throws Exception {
        SlurmStepFixture step = new SlurmStepFixture(2);
        CompletableFuture<Cli> worker = step.start(1, weather(secret("a"), dir.resolve("w1"), "--nodes-wait", "1"));
        Cli coordinator = step.run(0, weather(secret("b"), dir.resolve("slurm"), "--nodes-wait", "1"));
        assertEquals(2, coordinator.code(), coordinator.out());
        assertTrue(coordinator.err().contains("did not prove it knows the secret"), coordinator.err());
        assertEquals(1, done(worker).code());
        assertTrue(Files.notExists(dir.resolve("slurm")), "outputs written by a refused run");
    }

    @Test
    void shouldRefuseAWorldReadableSecretOnEveryTask() throws Exception {
        Path secret = secret("s");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
        SlurmStepFixture step = new SlurmStepFixture(2);
        for (int rank = 0; rank < 2; rank++) {
            Cli task = step.run(rank, weather(secret, dir.resolve("out" + rank)));
            assertEquals(2, task.code(), task.out());
            assertTrue(task.err().contains("--secret-file: ") && task.err().contains("group or others"), task.err());
        }
    }

    @Test
    void shouldFailACoordinatorThatNoWorkerAnsweredNamingEach() throws Exception {
        Path secret = secret("s");
        SlurmStepFixture step = new SlurmStepFixture(2);
        Cli coordinator = step.run(0, weather(secret, dir.resolve("slurm"), "--nodes-wait", "1"));
        assertEquals(1, coordinator.code(), coordinator.out());
        assertTrue(coordinator.err().startsWith("loopnest weather: LoopNestException: --nodes slurm: no worker task "
                + "answered within 1 s (expected: tasks 1..1 of step 41.0 running the same command, each listening "
                + "on its Slurm port; see their output): slurm-task-1@localhost:" + step.port(1) + ": "),
                coordinator.err());
        assertTrue(Files.notExists(dir.resolve("slurm")), "outputs of a run that did not start");
    }

    @Test
    void shouldRefuseGpuOnAPlainNode() throws Exception {
        Cli node = Cli.run("node", "--secret-file", secret("s").toString(), "--device", "gpu");
        assertEquals(2, node.code());
        assertTrue(node.err().startsWith("loopnest node: --device gpu: names the GPU of a Slurm task's slot, which "
                + "'node' does not know (expected: cuda:N, or 'loopnest weather|run --nodes slurm' under srun, whose "
                + "worker tasks choose it)"), node.err());
    }

    @Test
    void shouldKeepAWorkerTasksNodeLogOffItsOutputUnlessVerbose() throws Exception {
        Path secret = secret("s");
        List<LogRecord> reachingTheJdk = new CopyOnWriteArrayList<>();
        Handler jdk = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLoggerName() != null && record.getLoggerName().startsWith("org.loopnest.cluster")) {
                    reachingTheJdk.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(jdk);
        try {
            SlurmStepFixture step = new SlurmStepFixture(2);
            CompletableFuture<Cli> worker = step.start(1, weather(secret, dir.resolve("w1")));
            Cli coordinator = step.run(0, weather(secret, dir.resolve("quiet")));
            assertEquals(0, coordinator.code(), coordinator.err());
            Cli quiet = done(worker);
            assertEquals(0, quiet.code(), quiet.err());
            assertEquals("", quiet.err());
            assertEquals(List.of(), reachingTheJdk.stream().map(LogRecord::getMessage).toList(),
                    "the node's log went to the JDK's console handler");

            SlurmStepFixture again = new SlurmStepFixture(2);
            worker = again.start(1, weather(secret, dir.resolve("w2"), "--verbose"));
            coordinator = again.run(0, weather(secret, dir.resolve("verbose"), "--verbose"));
            assertEquals(0, coordinator.code(), coordinator.err());
            List<String> lines = List.of(done(worker).errLines());
            assertTrue(lines.contains("loopnest weather: node listening on /127.0.0.1:" + again.port(1)
                    + " with device cpu"), lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.matches("loopnest weather: coordinator /127\\.0\\.0\\.1:\\d+ "
                    + "authenticated")), lines.toString());
        } finally {
            root.removeHandler(jdk);
        }
    }

    @Test
    void shouldRefuseVerboseWithoutNodesSlurm() {
        Cli run = Cli.run("weather", "--verbose", "--shape", "4,7,10,12", "--out", dir.resolve("o").toString());
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest weather: --verbose applies to --nodes slurm only (expected: add --nodes slurm, or drop "
                + "the option; 'loopnest node --verbose' for a node of your own) (see 'loopnest weather --help')",
                run.err().strip());
    }
}

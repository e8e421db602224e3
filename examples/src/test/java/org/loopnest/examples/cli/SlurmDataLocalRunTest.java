package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code weather --input FILE --nodes slurm} over files: each worker task derives the directories of the run's files
 * from the options it shares with the coordinator and serves as a node with them as its data directories, so that it
 * reads and writes the files itself; the outputs are what {@code --device cpu} writes. Every task of the step is a
 * thread of this JVM with its own Slurm environment ({@link SlurmStepFixture}); {@code .ci/slurm-test} runs the same
 * under a real Slurm, with a worker killed mid-run.
 */
@Tag("cluster")
class SlurmDataLocalRunTest {
    @TempDir
    Path dir;

    @Test
    void shouldLetEveryWorkerTaskDoItsOwnIoOnTheRunsFilesAndWriteWhatTheCpuWrites() throws Exception {
        Path in = LocalNodesDataLocalTest.netcdf(Files.createDirectory(dir.resolve("in")).resolve("in.nc"));
        Path secret = dir.resolve("secret");
        assertEquals(0, Cli.run("secret", secret.toString()).code());
        Path out = dir.resolve("slurm");
        String[] weather = {"weather", "--input", in.toString(), "--out", out.toString(), "--kernel-path", "scalar",
            "--nodes", "slurm", "--secret-file", secret.toString()};
        SlurmStepFixture step = new SlurmStepFixture(3);
        List<CompletableFuture<Cli>> workers = List.of(step.start(1, weather), step.start(2, weather));
        Cli coordinator = step.run(0, weather);
        assertEquals(0, coordinator.code(), coordinator.err());
        for (int rank = 1; rank <= 2; rank++) {
            Cli worker = workers.get(rank - 1).get(2, TimeUnit.MINUTES);
            assertEquals(0, worker.code(), worker.err());
            assertTrue(worker.out().contains("slurm task " + rank + ": reads and writes the run's files itself under ["
                    + in.getParent().toRealPath() + ", " + dir.toRealPath() + "]"), worker.out());
            String name = "slurm-task-" + rank + "@localhost:" + step.port(rank);
            assertTrue(coordinator.out().contains(name + " did its own I/O on the shared files ("), coordinator.out());
        }
        Path cpu = dir.resolve("cpu");
        Cli local = Cli.run("weather", "--input", in.toString(), "--out", cpu.toString(), "--kernel-path", "scalar",
                "--device", "cpu");
        assertEquals(0, local.code(), local.err());
        List<String> names = WeatherFilesCommandTest.names(cpu);
        assertEquals(names, WeatherFilesCommandTest.names(out));
        for (String name : names) {
            assertArrayEquals(Files.readAllBytes(cpu.resolve(name)), Files.readAllBytes(out.resolve(name)), name);
        }
    }
}

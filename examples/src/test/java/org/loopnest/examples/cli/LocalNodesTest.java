package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --nodes local:N} nodes never outlive their coordinator: they stop when their standard input closes, when
 * the coordinator is killed, and when it is terminated, which also deletes their directory (secret and logs).
 */
@Tag("cluster")
class LocalNodesTest {
    private static final long WAIT_SECONDS = 60;

    @TempDir
    Path tmp;

    @Test
    void shouldStopANodeWhenItsStandardInputClosesAndDeleteTheDirectoryOnClose() throws Exception {
        Path dir;
        try (LocalNodes nodes = LocalNodes.start(1, DeviceSpec.parse("cpu"), 1)) {
            dir = nodes.secretFile().getParent();
            Process node = nodes.processes().get(0);
            node.getOutputStream().close(); // what the coordinator's end of the pipe does when it dies
            assertTrue(node.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "the node still runs with its input closed");
            assertEquals(0, node.exitValue());
            assertTrue(Files.readString(dir.resolve("node-0.log")).contains("loopnest node: standard input ended "
                    + "(--exit-with-stdin): stopping"), Files.readString(dir.resolve("node-0.log")));
        }
        assertFalse(Files.exists(dir), dir + " is left after close");
    }

    @Test
    void shouldStopTheNodeWhenItsCoordinatorIsKilled() throws Exception {
        inCoordinator(Process::destroyForcibly);
    }

    @Test
    void shouldStopTheNodeAndDeleteItsDirectoryWhenItsCoordinatorIsTerminated() throws Exception {
        Path dir = inCoordinator(Process::destroy);
        assertFalse(Files.exists(dir), dir + " is left after SIGTERM");
    }

    /**
     * Starts {@link LocalNodesParent} with one node, ends it with {@code end}, and checks that the node stops too;
     * returns the nodes' directory. Whatever happens, the test leaves no process behind.
     */
    private Path inCoordinator(Consumer<Process> end) throws Exception {
        List<String> command = LocalNodes.java(LocalNodesParent.class);
        command.add(1, "-Djava.io.tmpdir=" + tmp); // the nodes' directory in the test's, also after a kill -9
        Process coordinator = new ProcessBuilder(command).redirectError(tmp.resolve("coordinator.log").toFile())
                .start();
        ProcessHandle node = null;
        try {
            String[] dirAndPid = firstLine(coordinator).split(" ");
            node = ProcessHandle.of(Long.parseLong(dirAndPid[1])).orElseThrow();
            end.accept(coordinator);
            assertTrue(coordinator.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "the coordinator still runs");
            node.onExit().get(WAIT_SECONDS, TimeUnit.SECONDS);
            return Path.of(dirAndPid[0]);
        } finally {
            coordinator.destroyForcibly();
            if (node != null) {
                node.destroyForcibly();
            }
        }
    }

    private String firstLine(Process coordinator) throws Exception {
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
            try {
                return new BufferedReader(new InputStreamReader(coordinator.getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
            } catch (IOException e) {
                return "unreadable: " + e;
            }
        });
        String line = first.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertTrue(line != null && line.matches("\\S+ [0-9]+"), line + " / "
                + Files.readString(tmp.resolve("coordinator.log")));
        return line;
    }
}

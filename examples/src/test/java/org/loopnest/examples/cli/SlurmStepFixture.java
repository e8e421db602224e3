package org.loopnest.examples.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * A Slurm step of {@code tasks} tasks on {@code localhost}, played in one JVM: each task's environment as srun would
 * set it, with ports reserved for the step ({@code SLURM_STEP_RESV_PORTS}) that were free a moment ago on loopback.
 */
final class SlurmStepFixture {
    private final int tasks;
    private final String ports;

    SlurmStepFixture(int tasks) throws IOException {
        this.tasks = tasks;
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < tasks; i++) {
                held.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            ports = held.stream().map(s -> Integer.toString(s.getLocalPort())).collect(Collectors.joining(","));
        } finally {
            for (ServerSocket socket : held) {
                socket.close();
            }
        }
    }

    /** Task {@code rank}'s environment. */
    Map<String, String> env(int rank) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_JOB_ID", "41");
        env.put("SLURM_STEP_ID", "0");
        env.put("SLURM_PROCID", Integer.toString(rank));
        env.put("SLURM_NTASKS", Integer.toString(tasks));
        env.put("SLURM_LOCALID", Integer.toString(rank));
        env.put("SLURM_STEP_NODELIST", "localhost");
        env.put("SLURM_STEP_TASKS_PER_NODE", Integer.toString(tasks));
        env.put("SLURM_STEP_RESV_PORTS", ports);
        return env;
    }

    /** The port reserved for task {@code rank}. */
    int port(int rank) {
        return Integer.parseInt(ports.split(",")[rank]);
    }

    /** Runs the command line as task {@code rank}, on a thread of its own. */
    CompletableFuture<Cli> start(int rank, String... args) {
        return CompletableFuture.supplyAsync(() -> run(rank, args), r -> {
            Thread t = new Thread(r, "slurm-task-" + rank);
            t.setDaemon(true);
            t.start();
        });
    }

    /** Runs the command line as task {@code rank} on this thread. */
    Cli run(int rank, String... args) {
        return Cli.runWith(env(rank), args);
    }
}

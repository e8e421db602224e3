package org.loopnest.cluster.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.Connections;
import org.loopnest.cluster.NodeAddress;
import org.loopnest.cluster.NodeServer;
import org.loopnest.cluster.Secret;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;

/** The nodes of a Slurm step: workers named after task and host, a worker node on its port, its coordinator. */
class SlurmClusterTest {
    private static final Secret SECRET = Secret.of("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8));

    /** Rank {@code rank} of a two-task step on localhost whose ports were free a moment ago. */
    private static Map<String, String> localStep(int rank, int[] ports) {
        Map<String, String> env = SlurmStepTest.trial(rank);
        env.put("SLURM_NTASKS", "2");
        env.put("SLURM_STEP_TASKS_PER_NODE", "2");
        env.put("SLURM_STEP_NODELIST", "localhost");
        env.put("SLURM_STEP_RESV_PORTS", ports[0] + "," + ports[1]);
        return env;
    }

    private static int[] freePorts() throws Exception {
        try (ServerSocket a = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket b = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new int[] {a.getLocalPort(), b.getLocalPort()};
        }
    }

    @Test
    void shouldNameTheWorkersAfterTheirTaskAndHostInRankOrder() {
        SlurmStep step = SlurmStep.fromEnvironment(SlurmStepTest.multiNode(0, 0));
        List<NodeAddress> workers = SlurmCluster.workers(step);
        assertEquals(6, workers.size());
        assertEquals("slurm-task-1@" + step.task(1).hostPort(), workers.get(0).name());
        assertEquals("slurm-task-6@gpu07:" + step.task(6).port(), workers.get(5).name());
        assertEquals("tcp://" + step.task(6).hostPort(), workers.get(5).uri().toString());
    }

    @Test
    void shouldRefuseAWorkerAsCoordinatorAndTheCoordinatorAsWorker() {
        var worker = assertThrows(IllegalStateException.class,
                () -> SlurmCluster.workers(SlurmStep.fromEnvironment(SlurmStepTest.trial(2))));
        assertEquals("rank 2 is a worker, not the coordinator (expected: rank 0)", worker.getMessage());
        Map<String, String> alone = SlurmStepTest.trial(0);
        alone.put("SLURM_NTASKS", "1");
        alone.put("SLURM_STEP_TASKS_PER_NODE", "1");
        var none = assertThrows(IllegalStateException.class,
                () -> SlurmCluster.workers(SlurmStep.fromEnvironment(alone)));
        assertEquals("a one-task step has no workers (expected: srun -n 2 or more; rank 0 coordinates, the other "
                + "ranks run the chunks)", none.getMessage());
        try (CpuDevice cpu = new CpuDevice(1)) {
            var coordinator = assertThrows(IllegalStateException.class,
                    () -> SlurmCluster.startWorker(SlurmStep.fromEnvironment(SlurmStepTest.trial(0)), cpu, SECRET));
            assertEquals("rank 0 is the coordinator, not a worker (expected: rank 1 or above)",
                    coordinator.getMessage());
        }
    }

    @Test
    void shouldListenOnLoopbackInAOneHostStepAndEverywhereAcrossHosts() {
        assertEquals("127.0.0.1", SlurmCluster.bindHost(SlurmStep.fromEnvironment(localStep(1, new int[] {1, 2}))));
        assertEquals("0.0.0.0", SlurmCluster.bindHost(SlurmStep.fromEnvironment(SlurmStepTest.multiNode(3, 1))));
    }

    @Test
    void shouldServeTheCoordinatorOfTheStepUntilItLeaves() throws Exception {
        int[] ports = freePorts();
        SlurmStep worker = SlurmStep.fromEnvironment(localStep(1, ports));
        SlurmStep coordinator = SlurmStep.fromEnvironment(localStep(0, ports));
        try (CpuDevice cpu = new CpuDevice(1); NodeServer node = SlurmCluster.startWorker(worker, cpu, SECRET)) {
            assertEquals(ports[1], node.address().getPort());
            Connections connected = SlurmCluster.connectWorkers(coordinator, SECRET, Duration.ofSeconds(30));
            assertEquals(List.of("slurm-task-1@localhost:" + ports[1]),
                    connected.devices().stream().map(d -> d.info().name()).toList());
            assertTrue(connected.unreachable().isEmpty(), connected.toString());
            node.firstCoordinatorJoined().get(1, TimeUnit.MINUTES);
            assertTrue(!node.firstCoordinatorLeft().isDone(), "left while connected");
            connected.devices().forEach(Device::close);
            node.firstCoordinatorLeft().get(1, TimeUnit.MINUTES);
        }
    }
}

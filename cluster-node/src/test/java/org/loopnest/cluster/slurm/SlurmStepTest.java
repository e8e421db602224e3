package org.loopnest.cluster.slurm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A task's view of a step: from the trial's one-host environment and a multi-node one; placement and checks. */
class SlurmStepTest {
    /** What rank {@code procId} of {@code srun -n 3 -O} saw in the trial (docs: slurm-ci reference). */
    static Map<String, String> trial(int procId) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_PROCID", Integer.toString(procId));
        env.put("SLURM_NTASKS", "3");
        env.put("SLURM_LOCALID", Integer.toString(procId));
        env.put("SLURM_NODEID", "0");
        env.put("SLURM_STEP_NODELIST", "vm");
        env.put("SLURM_JOB_NODELIST", "vm");
        env.put("SLURM_STEP_TASKS_PER_NODE", "3");
        env.put("SLURM_TASKS_PER_NODE", "3");
        env.put("SLURM_JOB_ID", "5");
        env.put("SLURM_STEP_ID", "0");
        env.put("SLURMD_NODENAME", "vm");
        env.put("SLURM_LAUNCH_NODE_IPADDR", "127.0.0.1");
        env.put("SLURM_CPUS_ON_NODE", "1");
        return env;
    }

    /** Seven tasks on gpu01..gpu03 (2, 2, 2) and gpu07 (1); the task at {@code procId} with its local index. */
    static Map<String, String> multiNode(int procId, int localId) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_PROCID", Integer.toString(procId));
        env.put("SLURM_NTASKS", "7");
        env.put("SLURM_LOCALID", Integer.toString(localId));
        env.put("SLURM_STEP_NODELIST", "gpu[01-03,07]");
        env.put("SLURM_JOB_NODELIST", "gpu[01-03,07],login1");
        env.put("SLURM_STEP_TASKS_PER_NODE", "2(x3),1");
        env.put("SLURM_TASKS_PER_NODE", "2(x4),1");
        env.put("SLURM_JOB_ID", "4242");
        env.put("SLURM_STEP_ID", "1");
        return env;
    }

    private static void assertRefused(Map<String, String> env, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SlurmStep.fromEnvironment(env));
        assertEquals(message, e.getMessage());
    }

    @Test
    void shouldReadTheTrialsCoordinator() {
        SlurmStep step = SlurmStep.fromEnvironment(trial(0));
        assertTrue(step.isCoordinator());
        assertEquals(5, step.jobId());
        assertEquals(0, step.stepId());
        assertEquals(3, step.tasks());
        assertEquals(List.of("vm"), step.hosts());
        assertArrayEquals(new int[] {3}, step.tasksPerNode());
        assertEquals(List.of(), step.reservedPorts());
        assertEquals(List.of(), step.gpus());
        assertEquals(new SlurmTask(0, "vm", 0, 16384 + 5 * 256), step.coordinator());
        assertEquals(List.of("vm:17665", "vm:17666"), step.workers());
        assertEquals("Slurm step 5.0, task 0 of 3 on vm (local 0)", step.toString());
    }

    @Test
    void shouldReadTheTrialsWorkers() {
        for (int rank = 1; rank < 3; rank++) {
            SlurmStep step = SlurmStep.fromEnvironment(trial(rank));
            assertFalse(step.isCoordinator(), "rank " + rank);
            assertEquals(new SlurmTask(rank, "vm", rank, 17664 + rank), step.self());
            assertEquals(step.self(), SlurmStep.fromEnvironment(trial(0)).task(rank), "rank " + rank);
        }
    }

    @Test
    void shouldPlaceTasksInBlockOrder() {
        SlurmStep step = SlurmStep.fromEnvironment(multiNode(5, 1));
        assertEquals(List.of("gpu01", "gpu02", "gpu03", "gpu07"), step.hosts());
        String[] hosts = {"gpu01", "gpu01", "gpu02", "gpu02", "gpu03", "gpu03", "gpu07"};
        int[] local = {0, 1, 0, 1, 0, 1, 0};
        for (int rank = 0; rank < 7; rank++) {
            assertEquals(hosts[rank], step.task(rank).host(), "host of rank " + rank);
            assertEquals(local[rank], step.task(rank).localIndex(), "local index of rank " + rank);
        }
        assertEquals(new SlurmTask(5, "gpu03", 1, step.task(5).port()), step.self());
        assertEquals(6, step.workers().size());
    }

    @Test
    void shouldGiveDistinctPortsToTheTasksOfAHost() {
        Map<String, String> env = multiNode(0, 0);
        env.put("SLURM_STEP_NODELIST", "a,b");
        env.put("SLURM_STEP_TASKS_PER_NODE", "300,2");
        env.put("SLURM_NTASKS", "302");
        env.put("SLURM_JOB_ID", "4294967295");
        env.put("SLURM_STEP_ID", "4294967279");
        SlurmStep step = SlurmStep.fromEnvironment(env);
        Set<String> addresses = new HashSet<>();
        for (int rank = 0; rank < step.tasks(); rank++) {
            SlurmTask task = step.task(rank);
            assertTrue(task.port() >= 16384 && task.port() <= 32767, "port " + task.port() + " of rank " + rank);
            assertTrue(addresses.add(task.hostPort()), "rank " + rank + " repeats " + task.hostPort());
        }
    }

    @Test
    void shouldGiveTwoStepsOfAJobAndConsecutiveJobsDisjointPorts() {
        Set<Integer> ports = new HashSet<>();
        for (String job : List.of("4242", "4243")) {
            for (int stepId = 0; stepId < 16; stepId++) {
                Map<String, String> env = trial(0);
                env.put("SLURM_JOB_ID", job);
                env.put("SLURM_STEP_ID", Integer.toString(stepId));
                SlurmStep step = SlurmStep.fromEnvironment(env);
                for (int rank = 0; rank < 3; rank++) {
                    assertTrue(ports.add(step.task(rank).port()), "job " + job + " step " + stepId + " rank " + rank);
                }
            }
        }
    }

    @Test
    void shouldUseReservedPortsByLocalIndex() {
        Map<String, String> env = multiNode(0, 0);
        env.put("SLURM_STEP_RESV_PORTS", "12000-12001");
        SlurmStep step = SlurmStep.fromEnvironment(env);
        assertEquals(List.of(12000, 12001), step.reservedPorts());
        assertEquals(List.of("gpu01:12001", "gpu02:12000", "gpu02:12001", "gpu03:12000", "gpu03:12001",
                "gpu07:12000"), step.workers());
    }

    @Test
    void shouldReadAListOfReservedPorts() {
        Map<String, String> env = trial(0);
        env.put("SLURM_STEP_RESV_PORTS", "12000,12005-12006");
        assertEquals(List.of("vm:12005", "vm:12006"), SlurmStep.fromEnvironment(env).workers());
    }

    @Test
    void shouldRefuseTooFewReservedPorts() {
        Map<String, String> env = trial(0);
        env.put("SLURM_STEP_RESV_PORTS", "12000-12001");
        assertRefused(env, "SLURM_STEP_RESV_PORTS='12000-12001' (expected: at least 3 ports, one per task on the"
                + " busiest host, not 2; srun --resv-ports reserves them)");
    }

    @Test
    void shouldRefuseMalformedReservedPorts() {
        String expected = "' (expected: ports 1..65535 as a comma-separated list of P or LOW-HIGH, e.g. 12000-12003)";
        for (String value : List.of("", "12003-12000", "0-3", "65536", "12000,", "port")) {
            Map<String, String> env = trial(0);
            env.put("SLURM_STEP_RESV_PORTS", value);
            assertRefused(env, "SLURM_STEP_RESV_PORTS='" + value + expected);
        }
    }

    @Test
    void shouldFallBackToTheJobsNodeListAndTasksPerNode() {
        Map<String, String> env = multiNode(0, 0);
        env.remove("SLURM_STEP_NODELIST");
        env.remove("SLURM_STEP_TASKS_PER_NODE");
        env.put("SLURM_NTASKS", "9");
        SlurmStep step = SlurmStep.fromEnvironment(env);
        assertEquals(List.of("gpu01", "gpu02", "gpu03", "gpu07", "login1"), step.hosts());
        assertEquals("login1", step.task(8).host());
    }

    @Test
    void shouldReadGpusFromTheStepFirst() {
        Map<String, String> env = trial(0);
        env.put("CUDA_VISIBLE_DEVICES", "0");
        assertEquals(List.of("0"), SlurmStep.fromEnvironment(env).gpus());
        env.put("SLURM_STEP_GPUS", "2,3");
        assertEquals(List.of("2", "3"), SlurmStep.fromEnvironment(env).gpus());
        env.put("SLURM_STEP_GPUS", "");
        assertEquals(List.of(), SlurmStep.fromEnvironment(env).gpus());
        env.put("SLURM_STEP_GPUS", "2,,3");
        assertRefused(env, "SLURM_STEP_GPUS='2,,3' (expected: a comma-separated list of GPU numbers or UUIDs, e.g."
                + " 0,1)");
    }

    @Test
    void shouldRefuseOutsideAStep() {
        for (String missing : List.of("SLURM_JOB_ID", "SLURM_STEP_ID", "SLURM_PROCID")) {
            Map<String, String> env = trial(0);
            env.remove(missing);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> SlurmStep.fromEnvironment(env));
            assertEquals("not inside a Slurm step: " + missing + " is not set (expected: run under srun, e.g. 'srun -n"
                    + " 3 ./loopnest ...')", e.getMessage());
        }
        assertThrows(IllegalStateException.class, () -> SlurmStep.fromEnvironment(Map.of()));
    }

    @Test
    void shouldRefuseAMissingVariable() {
        Map<String, String> env = trial(0);
        env.remove("SLURM_NTASKS");
        assertRefused(env, "SLURM_NTASKS is not set (expected: an integer in 1..2147483647, as srun sets it)");
        Map<String, String> noNodes = trial(0);
        noNodes.remove("SLURM_STEP_NODELIST");
        noNodes.remove("SLURM_JOB_NODELIST");
        assertRefused(noNodes, "SLURM_STEP_NODELIST and SLURM_JOB_NODELIST are not set (expected: a hostlist such as"
                + " gpu[01-04,07], as srun sets it)");
        Map<String, String> noCounts = trial(0);
        noCounts.remove("SLURM_STEP_TASKS_PER_NODE");
        noCounts.remove("SLURM_TASKS_PER_NODE");
        assertRefused(noCounts, "SLURM_STEP_TASKS_PER_NODE and SLURM_TASKS_PER_NODE are not set (expected: tasks per"
                + " node such as 2(x3),1, as srun sets it)");
    }

    @Test
    void shouldRefuseANonNumber() {
        Map<String, String> env = trial(0);
        env.put("SLURM_NTASKS", "three");
        assertRefused(env, "SLURM_NTASKS='three' (expected: an integer in 1..2147483647)");
        env.put("SLURM_NTASKS", "0");
        assertRefused(env, "SLURM_NTASKS='0' (expected: an integer in 1..2147483647)");
        Map<String, String> job = trial(0);
        job.put("SLURM_JOB_ID", "-5");
        assertRefused(job, "SLURM_JOB_ID='-5' (expected: an integer in 1..4294967295)");
    }

    @Test
    void shouldRefuseTheBatchScriptsStep() {
        Map<String, String> env = trial(0);
        env.put("SLURM_STEP_ID", "4294967291");
        assertRefused(env, "SLURM_STEP_ID='4294967291' (expected: a step started by srun, id 0..4294967279, not the"
                + " batch script or another special step)");
    }

    @Test
    void shouldRefuseARankBeyondTheTasks() {
        Map<String, String> env = trial(0);
        env.put("SLURM_PROCID", "3");
        assertRefused(env, "SLURM_PROCID='3' (expected: < SLURM_NTASKS=3)");
    }

    @Test
    void shouldRefuseTasksPerNodeThatDoNotAddUp() {
        Map<String, String> env = trial(0);
        env.put("SLURM_STEP_TASKS_PER_NODE", "2");
        assertRefused(env, "SLURM_STEP_TASKS_PER_NODE='2' (expected: tasks adding up to SLURM_NTASKS=3, not 2)");
    }

    @Test
    void shouldRefuseTasksPerNodeForAnotherNodeCount() {
        Map<String, String> env = multiNode(0, 0);
        env.put("SLURM_STEP_TASKS_PER_NODE", "2(x3)");
        assertRefused(env, "SLURM_STEP_TASKS_PER_NODE with SLURM_STEP_NODELIST='gpu[01-03,07]': tasks per node '2(x3)'"
                + " does not describe 4 nodes (expected: one count per node of the node list)");
    }

    @Test
    void shouldRefuseABadNodeList() {
        Map<String, String> env = trial(0);
        env.put("SLURM_STEP_NODELIST", "vm[1-");
        assertRefused(env, "SLURM_STEP_NODELIST: hostlist 'vm[1-' at position 5: end of expression in a range"
                + " (expected: a digit)");
    }

    @Test
    void shouldRefuseALocalIdThatIsNotBlockPlacement() {
        assertRefused(multiNode(1, 0), "SLURM_LOCALID='0' (expected: task 1 is task 1 on host gpu01 in block order:"
                + " srun's default block distribution, not -m cyclic or arbitrary)");
    }

    @Test
    void shouldRefuseARankOutOfRange() {
        SlurmStep step = SlurmStep.fromEnvironment(trial(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> step.task(3));
        assertEquals("rank = 3 (expected: 0..2)", e.getMessage());
        assertEquals("rank = -1 (expected: 0..2)", assertThrows(IllegalArgumentException.class,
                () -> step.task(-1)).getMessage());
    }
}

package org.loopnest.examples.cli;

import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.Connections;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.cluster.NodesUnreachableException;
import org.loopnest.cluster.slurm.SlurmCluster;
import org.loopnest.cluster.slurm.SlurmStep;
import org.loopnest.error.LoopNestException;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.scheduler.RunPlan;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The device options shared by the commands that run a nest: {@code --device} ({@link DeviceSpec}),
 * {@code --device-memory}, {@code --link-bandwidth} and {@code --buffers} ({@code B} or {@code IN,OUT}). Check with
 * {@link #validate()} before opening the device.
 */
public final class DeviceOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--device", paramLabel = "DEVICE[,DEVICE...]", defaultValue = "cpu", split = ",",
            converter = DeviceSpec.Converter.class,
            description = "Where to run: cpu (all cores, arrays read in place), sim (a simulated accelerator with "
                    + "its own memory; chunks are packed, copied in and out), opencl[:N] (an OpenCL device, see "
                    + "'loopnest devices') or cuda[:N] (an NVIDIA GPU); several, comma-separated, share the "
                    + "chunks (e.g. cpu,opencl:0). With --nodes slurm: the workers' device, gpu for the GPU of each "
                    + "task's slot. Default: ${DEFAULT-VALUE}.")
    private List<DeviceSpec> devices;

    @Option(names = "--device-memory", paramLabel = "SIZE", converter = Units.SizeConverter.class,
            description = "Memory of the sim device, e.g. 512m, 64MiB, 1g (default: 16m, smaller than the default "
                    + "weather data, so that it streams through in chunks); for opencl and cuda, a cap on the "
                    + "memory used (default: the device's memory less a headroom).")
    private Long memory;

    @Option(names = "--link-bandwidth", paramLabel = "RATE", converter = Units.RateConverter.class,
            description = "Link bandwidth of the sim device each way, e.g. 2GB/s, 500MB/s; at least 1MB/s (a "
                    + "slower link keeps even a small run going for hours); 0 = unlimited. Default: unlimited.")
    private Long bandwidth;

    @Option(names = "--nodes", paramLabel = "HOST:PORT[,...]|local:N|slurm",
            description = "Run on worker nodes ('loopnest node') instead of local devices: their addresses, or "
                    + "local:N to start N nodes (1 to 64, each a JVM) on this machine (each with --device) and stop "
                    + "them after the run, or when this process ends; slurm: inside an srun step, every task runs the same "
                    + "command: rank 0 coordinates and writes the outputs, the other ranks become worker nodes on "
                    + "their Slurm port and run --device (gpu: the GPU of their slot), and end when rank 0 is done. "
                    + "In a run over files (run; weather --input, --input-t) local:N and slurm nodes get the "
                    + "directories of the run's inputs and outputs as 'node --data-dir' (each slurm worker derives "
                    + "them from the same options): a node that sees the files reads and writes them itself.")
    private String nodes;

    @Option(names = "--nodes-wait", paramLabel = "SECONDS",
            description = "With --nodes slurm: how long the coordinator retries workers that are not listening yet "
                    + "(it starts with those that answered and names the others); a worker waits twice as long "
                    + "for its coordinator. 1 to 3600. Default: " + DEFAULT_NODES_WAIT_SECONDS + ".")
    private Integer nodesWait;

    @Option(names = "--verbose",
            description = "With --nodes slurm: the worker tasks also print their node's progress on standard error "
                    + "(listening, coordinator authenticated); their warnings are printed either way.")
    private boolean verbose;

    @Option(names = "--secret-file", paramLabel = "FILE",
            description = "The secret shared with the --nodes (not with local:N, which makes its own).")
    private Path secretFile;

    @Option(names = "--tls-trust", paramLabel = "FILE",
            description = "PEM certificate(s) to trust: connect to the --nodes over TLS (not with local:N, which "
                    + "stay on loopback).")
    private Path tlsTrust;

    @Option(names = "--buffers", paramLabel = "B|IN,OUT",
            description = "Chunk buffers per device: B input and B output buffers, or IN input and OUT output "
                    + "buffers, each 1 to 1024. A chunk holds an input buffer until its kernel ends and an output "
                    + "buffer from its kernel's start. Default: chosen by the planner's cost model on a device that describes its "
                    + "costs and has memory of its own (1 to 4 each way; the report's split line says which), else 2.")
    private String buffers;

    /**
     * The slowest {@code --link-bandwidth} accepted, in bytes per second (1 MB/s): at 1 B/s, which the option used
     * to take, a run of the default weather nest would never finish.
     */
    public static final long MIN_LINK_BANDWIDTH = 1_000_000L;

    private static final String LOCAL = "local:";

    /** The default {@code --nodes-wait}, in seconds. */
    static final int DEFAULT_NODES_WAIT_SECONDS = 60;
    /** The longest {@code --nodes-wait}, in seconds. */
    static final int MAX_NODES_WAIT_SECONDS = 3600;

    /**
     * Checks the options together.
     *
     * @throws ParameterException (exit code 2) for a link bandwidth without {@code --device sim} or below
     *     {@link #MIN_LINK_BANDWIDTH}, a memory without a device that has its own, a memory of 0, a number of
     *     buffers outside 1 to {@link RunPlan#MAX_BUFFERS}, or {@code --nodes} that is neither {@code local:N} (N from 1 to {@link LocalNodes#MAX_COUNT}) with
     *     one device and no link bandwidth (a node's link is real; {@code --device-memory} is passed to each local
     *     node) nor addresses with a {@code --secret-file} and no {@code --device}, {@code --device-memory} or
     *     {@code --link-bandwidth} (those are set where a node starts); for {@code --secret-file} or
     *     {@code --tls-trust} with {@code local:N} (whose nodes have a secret of their own and no TLS), and for a
     *     {@code --tls-trust} without {@code --nodes} or that is not a readable regular file; for {@code
     *     --nodes-wait} or {@code --verbose} without {@code --nodes slurm}
     */
    public void validate() {
        if (nodesWait != null && !usesSlurm()) {
            throw new ParameterException(spec.commandLine(), "--nodes-wait applies to --nodes slurm only (expected: "
                    + "add --nodes slurm, or drop the option)");
        }
        if (verbose && !usesSlurm()) {
            throw new ParameterException(spec.commandLine(), "--verbose applies to --nodes slurm only (expected: add "
                    + "--nodes slurm, or drop the option; 'loopnest node --verbose' for a node of your own)");
        }
        if (usesSlurm()) {
            validateSlurm();
        } else {
            validateOutsideSlurm();
        }
        if (bandwidth != null && devices.stream().noneMatch(d -> d.kind() == DeviceSpec.Kind.SIM)) {
            throw new ParameterException(spec.commandLine(), "--link-bandwidth applies to --device sim only "
                    + "(expected: add --device sim, or drop the option)");
        }
        if (memory != null && devices.stream().allMatch(d -> d.kind() == DeviceSpec.Kind.CPU)) {
            throw new ParameterException(spec.commandLine(), "--device-memory applies to sim, opencl and cuda "
                    + "devices only (expected: add --device sim, or drop the option)");
        }
        if (new java.util.HashSet<>(devices).size() != devices.size()) {
            throw new ParameterException(spec.commandLine(), "--device " + text() + ": a device is given twice "
                    + "(expected: distinct devices)");
        }
        if (memory != null && memory < 1) {
            throw new ParameterException(spec.commandLine(), "--device-memory " + memory + " bytes (expected: > 0)");
        }
        try {
            bufferCounts(); // the ring of a device holds about IN + OUT slots; far fewer buffers exhaust any memory
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (bandwidth != null && bandwidth != 0 && bandwidth < MIN_LINK_BANDWIDTH) {
            throw new ParameterException(spec.commandLine(), "--link-bandwidth " + bandwidth + " bytes/s is too slow "
                    + "to finish a run (expected: 0 for unlimited, or at least 1MB/s)");
        }
    }

    private void validateNodes() {
        String why = null;
        if (localCount() != null) {
            if (devices.size() != 1) {
                why = "--device " + text() + " (expected: one device, which each local node runs)";
            } else if (bandwidth != null) {
                why = "--link-bandwidth is not passed to nodes (expected: drop it; the link to a node is a real one)";
            } else if (secretFile != null || tlsTrust != null) {
                why = (secretFile != null ? "--secret-file" : "--tls-trust") + " is not used with local nodes "
                        + "(expected: drop it; local:N nodes share a secret of their own, over plain TCP on loopback)";
            }
        } else if (devicesGiven()) {
            why = "--device applies to local devices and local:N nodes only (expected: choose a node's device where "
                    + "it starts, 'loopnest node --device ...')";
        } else if (memory != null || bandwidth != null) {
            why = (memory != null ? "--device-memory" : "--link-bandwidth") + " applies to local devices and "
                    + "local:N nodes only (expected: set a node's device memory where it starts, 'loopnest node "
                    + "--device-memory SIZE')";
        } else if (secretFile == null) {
            why = "needs --secret-file (expected: the file the nodes were started with)";
        }
        if (why != null) {
            throw new ParameterException(spec.commandLine(), "--nodes " + nodes + ": " + why);
        }
    }

    /** Checks what only applies without {@code --nodes slurm}: no {@code gpu}, the nodes given, {@code --tls-trust}. */
    private void validateOutsideSlurm() {
        if (devices.stream().anyMatch(d -> d.kind() == DeviceSpec.Kind.GPU)) {
            throw new ParameterException(spec.commandLine(), "--device " + text() + ": "
                    + DeviceSpec.GPU_OUTSIDE_SLURM);
        }
        if (nodes != null) {
            validateNodes();
        }
        if (tlsTrust != null && nodes == null) {
            throw new ParameterException(spec.commandLine(), "--tls-trust applies to --nodes only (expected: add "
                    + "--nodes HOST:PORT, or drop the option)");
        }
        try {
            PathChecks.readable("--tls-trust", tlsTrust);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * Checks {@code --nodes slurm}: a secret file, one device for the workers (any kind, {@code gpu} included), no
     * memory for a cpu worker, a wait from 1 to {@value #MAX_NODES_WAIT_SECONDS} s; no link bandwidth and no TLS (the
     * worker nodes that the step starts serve plain TCP). The checks of every run follow in {@link #validate()}.
     */
    private void validateSlurm() {
        String why = null;
        if (secretFile == null) {
            why = "needs --secret-file (expected: a file on the shared file system that every task reads, made by "
                    + "'loopnest secret FILE')";
        } else if (devices.size() != 1) {
            why = "--device " + text() + " (expected: one device, which each worker task runs)";
        } else if (bandwidth != null) {
            why = "--link-bandwidth is not passed to nodes (expected: drop it; the link to a node is a real one)";
        } else if (tlsTrust != null) {
            why = "--tls-trust: the workers of a Slurm step serve plain TCP (expected: drop it; the secret "
                    + "authenticates every connection)";
        } else if (memory != null && devices.get(0).kind() == DeviceSpec.Kind.CPU) {
            why = "--device-memory applies to sim, opencl, cuda and gpu workers only (expected: drop it, or choose "
                    + "such a --device)";
        } else if (nodesWait != null && (nodesWait < 1 || nodesWait > MAX_NODES_WAIT_SECONDS)) {
            why = "--nodes-wait " + nodesWait + " (expected: 1 to " + MAX_NODES_WAIT_SECONDS + " seconds)";
        }
        if (why != null) {
            throw new ParameterException(spec.commandLine(), "--nodes " + nodes + ": " + why);
        }
    }

    /** {@code --secret-file}, read and checked; exit code 2 with the reason if it is not a good secret. */
    private Secret readSecret() {
        try {
            return Secret.read(secretFile);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), "--secret-file: " + e.getMessage());
        }
    }

    /** Whether {@code --nodes slurm} was given. */
    private boolean usesSlurm() {
        return nodes != null && nodes.strip().equalsIgnoreCase(SlurmNodes.NAME);
    }

    /** {@code --nodes-wait}, or its default. */
    private Duration nodesWait() {
        return Duration.ofSeconds(nodesWait == null ? DEFAULT_NODES_WAIT_SECONDS : nodesWait);
    }

    /**
     * The Slurm step this process is a task of, for {@code --nodes slurm}.
     *
     * @throws ParameterException (exit code 2) outside a step or for malformed Slurm variables, saying which
     */
    private SlurmStep slurmStep() {
        try {
            return SlurmStep.fromEnvironment(CommandEnvironment.of(spec));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), "--nodes " + nodes + ": " + e.getMessage());
        }
    }

    /**
     * Whether this process is a worker task of {@code --nodes slurm} (rank 1 or above): it then calls {@link
     * #serveAsSlurmWorker()} instead of opening devices and running the command. Check {@link #validate()} first.
     *
     * @throws ParameterException (exit code 2) with {@code --nodes slurm} outside a Slurm step, or for malformed
     *     Slurm variables, saying which
     */
    public boolean isSlurmWorker() {
        return usesSlurm() && !slurmStep().isCoordinator();
    }

    /**
     * Runs this task as a worker node of the Slurm step, doing no I/O of its own: {@link #serveAsSlurmWorker(List)}
     * with no data directories.
     *
     * @return the exit code, as {@link #serveAsSlurmWorker(List)} says
     * @throws ParameterException (exit code 2) as {@link #serveAsSlurmWorker(List)} says
     */
    public int serveAsSlurmWorker() throws InterruptedException {
        return serveAsSlurmWorker(List.of());
    }

    /**
     * Runs this task as a worker node of the Slurm step ({@link SlurmWorker}) on the device of its slot ({@link
     * SlurmSlot}) until the coordinator has come and gone; the node's log goes to standard error as the command's own
     * lines ({@link NodeLog}), its progress only with {@code --verbose}. Every task of a step sees the storage the
     * job runs on, and runs the same command line: given the directories of the run's files, derived from the same
     * options as the coordinator's run ({@link NodeDirectories#dataDirs}), the worker reads and writes the files
     * there itself ({@code node --data-dir}).
     *
     * @param dataDirs the directories of the run's files, each existing; empty: no I/O of its own
     * @return the exit code: {@link ErrorHandler#OK} once the coordinator left, {@link ErrorHandler#FAILED} if none
     *     came within twice {@code --nodes-wait}
     * @throws ParameterException (exit code 2) for an unreadable or weak secret, a data directory that is not one, a
     *     device that cannot be opened, or a port that cannot be listened on, saying why
     */
    public int serveAsSlurmWorker(List<Path> dataDirs) throws InterruptedException {
        SlurmStep step = slurmStep();
        Secret secret = readSecret();
        DataDirs dirs;
        try {
            dirs = DataDirs.of(dataDirs);
        } catch (IllegalArgumentException e) { // a directory removed since it was found: --data-dir DIR: ...
            throw new ParameterException(spec.commandLine(), "--nodes " + nodes + ": " + e.getMessage());
        }
        DeviceSpec slot;
        try {
            slot = SlurmSlot.device(devices.get(0), step, CommandEnvironment.of(spec));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--nodes " + nodes + ": " + e.getMessage());
        }
        Device local;
        try {
            local = slot.open(memory, null);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), "--device " + slot + ": " + e.getMessage());
        }
        try (local; NodeLog log = NodeLog.install(spec.qualifiedName(), verbose, spec.commandLine().getErr())) {
            return new SlurmWorker(step, spec.commandLine().getOut(), spec.commandLine().getErr())
                    .serve(local, secret, nodesWait().multipliedBy(2), dirs);
        } catch (IllegalStateException e) {
            boolean bind = e.getCause() instanceof java.net.BindException;
            throw new ParameterException(spec.commandLine(), "--nodes " + nodes + ": " + e.getMessage()
                    + (bind && step.reservedPorts().isEmpty() ? " (the port is derived from the job and step ids; "
                    + "srun --resv-ports reserves one)" : ""));
        }
    }

    /**
     * N of {@code --nodes local:N}, or {@code null} when {@code --nodes} lists addresses.
     *
     * @throws ParameterException (exit code 2) if what follows {@code local:} is not a count from 1 to
     *     {@link LocalNodes#MAX_COUNT}
     */
    private Integer localCount() {
        String text = nodes.strip();
        if (!text.regionMatches(true, 0, LOCAL, 0, LOCAL.length())) {
            return null;
        }
        String count = text.substring(LOCAL.length());
        if (count.matches("[0-9]{1,9}")) {
            int n = Integer.parseInt(count);
            if (n >= 1 && n <= LocalNodes.MAX_COUNT) {
                return n;
            }
        }
        throw new ParameterException(spec.commandLine(), "--nodes " + nodes + " (expected: local:N with N from 1 "
                + "to " + LocalNodes.MAX_COUNT + ", each node a JVM of its own on this machine)");
    }

    /**
     * {@return the first option given that applies to {@code --nodes slurm} only ({@code --nodes-wait}, {@code
     * --verbose}), or {@code null}: for a command that takes no nodes, to refuse it in its own words}
     */
    public String slurmOnlyOption() {
        return nodesWait != null ? "--nodes-wait" : verbose ? "--verbose" : null;
    }

    /** Whether {@code --nodes} was given: the run goes to worker nodes rather than local devices. */
    public boolean usesNodes() {
        return nodes != null;
    }

    /** The devices chosen, in order. */
    public List<DeviceSpec> devices() {
        return devices;
    }

    /** Whether {@code --device} was on the command line (it defaults to cpu). */
    private boolean devicesGiven() {
        var parsed = spec.commandLine().getParseResult();
        return parsed != null && parsed.hasMatchedOption("--device");
    }

    private String text() {
        return devices.stream().map(DeviceSpec::toString).collect(java.util.stream.Collectors.joining(","));
    }

    /**
     * {@return {@code nest} with {@code --buffers} set on it, or unchanged when the option was not given (the
     * planner then chooses)}
     *
     * @param nest the nest to run
     */
    public LoopNest buffersOn(LoopNest nest) {
        return buffers == null ? nest : nest.buffers(inputBuffers(), outputBuffers());
    }

    /** Input buffers per device, {@code B_in}: {@code B} or the {@code IN} of {@code --buffers IN,OUT} (2 if unset). */
    public int inputBuffers() {
        return bufferCounts()[0];
    }

    /** Output buffers per device, {@code B_out}: {@code B} or the {@code OUT} of {@code --buffers IN,OUT} (2 if unset). */
    public int outputBuffers() {
        return bufferCounts()[1];
    }

    /**
     * {@return {@code --buffers} as {@code {in, out}}}
     *
     * @throws IllegalArgumentException naming the option and what it expects, e.g.
     *     {@code --buffers 2,0 (expected: B or IN,OUT, each 1 to 1024 chunk buffers per device)}
     */
    private int[] bufferCounts() {
        if (buffers == null) {
            return new int[] {2, 2};
        }
        String[] parts = buffers.split(",", -1);
        int[] counts = new int[2];
        try {
            if (parts.length > 2) {
                throw new NumberFormatException(buffers);
            }
            counts[0] = Integer.parseInt(parts[0].strip());
            counts[1] = parts.length == 1 ? counts[0] : Integer.parseInt(parts[1].strip());
        } catch (NumberFormatException e) {
            counts[0] = 0;
        }
        if (counts[0] < 1 || counts[0] > RunPlan.MAX_BUFFERS || counts[1] < 1 || counts[1] > RunPlan.MAX_BUFFERS) {
            throw new IllegalArgumentException("--buffers " + buffers + " (expected: B or IN,OUT, each 1 to "
                    + RunPlan.MAX_BUFFERS + " chunk buffers per device)");
        }
        return counts;
    }

    /**
     * The devices the options name, opened as {@link #open(List)} with no data directories: {@code local:N} nodes do
     * no I/O of their own.
     *
     * @throws ParameterException (exit code 2) as {@link #open(List)} says
     */
    public OpenDevices open() throws IOException {
        return open(List.of());
    }

    /**
     * The devices the options name, opened in order — or, with {@code --nodes}, the worker nodes connected to
     * (started first for {@code local:N}, each given {@code dataDirs} as {@code node --data-dir}); the caller closes
     * them. If one cannot be opened, those opened before it are closed. Nodes at addresses ({@code --nodes
     * HOST:PORT}) keep the data directories they were started with, and Slurm workers derive theirs ({@link
     * #serveAsSlurmWorker(List)}): {@code dataDirs} is for {@code local:N} only.
     *
     * @param dataDirs the directories of the run's files ({@link NodeDirectories#dataDirs}), each existing; empty for
     *     a run whose arrays are in memory
     * @throws ParameterException (exit code 2) if there is no such OpenCL or CUDA device, or a node cannot be
     *     reached or refuses, saying why
     */
    public OpenDevices open(List<Path> dataDirs) throws IOException {
        if (nodes != null) {
            return openNodes(dataDirs);
        }
        List<Device> opened = new java.util.ArrayList<>();
        for (DeviceSpec device : devices) {
            try {
                opened.add(device.open(memory, bandwidth));
            } catch (IllegalArgumentException | IllegalStateException e) {
                new OpenDevices(opened).close();
                String why = e.getMessage().startsWith(device + ": ") ? e.getMessage().substring(device.toString()
                        .length() + 2) : e.getMessage();
                throw new ParameterException(spec.commandLine(), "--device " + device + ": " + why);
            }
        }
        return new OpenDevices(opened);
    }

    /**
     * The coordinator's side of {@code --nodes slurm}: connects to the workers that answer within the wait; those
     * that do not, and those still in the handshake when it is over (finishing it), may join the run later ({@link
     * LateWorkers}).
     *
     * @throws ParameterException (exit code 2) for a one-task step or a worker that fails the handshake
     * @throws LoopNestException (exit code 1) when no worker answered in time, naming each with its reason
     */
    private OpenDevices openSlurmWorkers() {
        SlurmStep step = slurmStep();
        Secret secret = readSecret();
        try {
            java.time.Instant start = java.time.Instant.now();
            Connections connected;
            try {
                connected = SlurmCluster.connectWorkersOrLate(step, secret, nodesWait());
            } catch (NodesUnreachableException e) {
                throw new LoopNestException("--nodes slurm: no worker task answered within " + nodesWait().toSeconds()
                        + " s (expected: tasks 1.." + (step.tasks() - 1) + " of step " + step.jobId() + "."
                        + step.stepId() + " running the same command, each listening on its Slurm port; see their "
                        + "output): " + String.join("; ", e.unreachable().stream()
                        .map(u -> u.node().name() + ": " + u.reason()).toList()));
            }
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            SlurmNodes.report(step, connected, nodesWait(), out, err);
            // a late worker waits for its coordinator twice --nodes-wait from its start; so long it may join
            LateWorkers late = connected.unreachable().isEmpty() ? null : new LateWorkers(connected.unreachable(),
                    Cluster.defaults(), SlurmCluster.stepSecret(step, secret),
                    start.plus(nodesWait().multipliedBy(2)), out, err);
            return new OpenDevices(new java.util.ArrayList<>(connected.devices()), null, late);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ParameterException(spec.commandLine(), "--nodes " + nodes + ": " + e.getMessage());
        }
    }

    private OpenDevices openNodes(List<Path> dataDirs) throws IOException {
        Integer count = localCount();
        LocalNodes started = null;
        List<URI> addresses = new java.util.ArrayList<>();
        Path secretPath = secretFile;
        try {
            if (count != null) {
                started = LocalNodes.start(count, devices.get(0), memory, dataDirs);
                addresses.addAll(started.addresses());
                secretPath = started.secretFile();
            } else if (usesSlurm()) {
                return openSlurmWorkers();
            } else {
                for (String node : nodes.split(",")) {
                    addresses.add(Cluster.address(node.strip()));
                }
            }
            Cluster cluster = Cluster.defaults();
            if (tlsTrust != null) {
                cluster = cluster.withTls(SslContextBuilder.forClient().trustManager(tlsTrust.toFile()).build());
            }
            List<Device> remote = new java.util.ArrayList<>(cluster.open(addresses, Secret.read(secretPath)));
            return new OpenDevices(remote, started);
        } catch (IllegalArgumentException | IllegalStateException | javax.net.ssl.SSLException e) {
            if (started != null) {
                started.close();
            }
            throw new ParameterException(spec.commandLine(), "--nodes " + nodes + ": " + e.getMessage());
        }
    }

    /**
     * {@return the files these options read, {@code --secret-file} and {@code --tls-trust} where given, each with how
     * a message names it, so that no file a command writes replaces one of them}
     */
    Map<Path, String> filesRead() {
        Map<Path, String> read = new LinkedHashMap<>();
        if (secretFile != null) {
            read.put(secretFile, "--secret-file " + secretFile);
        }
        if (tlsTrust != null) {
            read.put(tlsTrust, "--tls-trust " + tlsTrust);
        }
        return read;
    }
}

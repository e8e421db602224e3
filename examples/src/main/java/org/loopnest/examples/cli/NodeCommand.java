package org.loopnest.examples.cli;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import javax.net.ssl.SSLException;
import org.loopnest.cluster.NodeConfig;
import org.loopnest.cluster.NodeServer;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.Wire;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code loopnest node}: a worker that runs chunks for authenticated coordinators on its local device. Prints
 * {@code listening on HOST:PORT} as its first line once it accepts connections, then serves until it is stopped
 * (SIGTERM, Ctrl-C), or, with {@code --exit-with-stdin}, until its standard input ends (how
 * {@code --nodes local:N} ties its nodes to their coordinator, see {@link LocalNodes}). Listens on loopback unless
 * {@code --bind} says otherwise; an address that is not this machine's, or one that cannot be bound, is bad input
 * (exit code 2), refused before the device is opened where it can be told in advance; so is a {@code --data-dir}
 * that is not an existing directory. Its log ({@link NodeLog}) goes to standard error as the command's own lines:
 * warnings always, its progress with {@code --verbose}.
 */
@Command(name = "node", sortOptions = false,
        description = {"Runs a worker node: coordinators that know the secret send it chunks to run on its device.",
                "Prints 'listening on HOST:PORT' as its first line when ready. Nodes execute the kernels they are "
                + "sent, so keep them on loopback or a trusted network, and use TLS across machines."},
        footer = {"", "Examples:", "  loopnest node --secret-file secret.txt --port 4567",
                "  loopnest node --bind 0.0.0.0 --port 4567 --device opencl \\",
                "      --secret-file secret.txt --tls-cert node.crt --tls-key node.key"})
public final class NodeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = "--bind", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Address to listen on: one of this machine's, or 0.0.0.0 for all. Default: ${DEFAULT-VALUE} "
                    + "(loopback only).")
    private String bind;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
            description = "Port to listen on; 0 picks a free one (printed). Default: ${DEFAULT-VALUE}.")
    private int port;

    @Option(names = "--device", paramLabel = "DEVICE", defaultValue = "cpu", converter = DeviceSpec.Converter.class,
            description = "The device that runs the chunks: cpu, sim, opencl[:N] or cuda[:N]. Default: ${DEFAULT-VALUE}.")
    private DeviceSpec device;

    @Option(names = "--device-memory", paramLabel = "SIZE", converter = Units.SizeConverter.class,
            description = "Memory of a sim device, or a cap for opencl and cuda.")
    private Long memory;

    @Option(names = "--threads", paramLabel = "N",
            description = "Kernel threads of a cpu device (default: one per core). Several nodes on one machine "
                    + "should share its cores.")
    private Integer threads;

    @Option(names = "--secret-file", paramLabel = "FILE", required = true,
            description = "File holding the secret shared with coordinators (at least 16 bytes).")
    private Path secretFile;

    @Option(names = "--tls-cert", paramLabel = "FILE", description = "PEM certificate chain: serve over TLS.")
    private Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "PEM private key (PKCS#8) of --tls-cert.")
    private Path tlsKey;

    /** The smallest {@code --max-frame}: the handshake's frames must fit. */
    private static final long MIN_FRAME = 1024;

    @Option(names = "--max-frame", paramLabel = "SIZE", converter = Units.SizeConverter.class,
            description = "Largest frame accepted, which bounds one chunk buffer. Default: 256m.")
    private Long maxFrame;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "A directory under which this node reads and writes a run's files itself when the "
                    + "coordinator's run names them (shared storage: Lustre, GPFS, NFS). Repeatable. None: the node "
                    + "does no I/O of its own and receives every chunk over its connection.")
    private List<Path> dataDirs = new ArrayList<>();

    @Option(names = "--exit-with-stdin",
            description = "Stop when standard input ends: a node started by another process through a pipe stops "
                    + "with it, even if that process is killed (--nodes local:N starts its nodes so). Not with "
                    + "input from a terminal or /dev/null.")
    private boolean exitWithStdin;

    @Option(names = "--verbose",
            description = "Also print the node's progress on standard error: listening, each coordinator "
                    + "authenticated. Its warnings (a coordinator refused, a connection closed) are printed either way.")
    private boolean verbose;

    @Override
    public Integer call() throws InterruptedException {
        Secret secret = secret();
        SslContext tls = tls();
        if (port < 0 || port > 65535) {
            throw bad("--port " + port + " (expected: 0 to 65535)");
        }
        checkBind();
        if (maxFrame != null && (maxFrame < MIN_FRAME || maxFrame > Integer.MAX_VALUE)) {
            throw bad("--max-frame " + maxFrame + " bytes (expected: " + MIN_FRAME + " to " + Integer.MAX_VALUE
                    + " bytes, one frame being one Java array)");
        }
        int frame = maxFrame == null ? Wire.DEFAULT_MAX_FRAME : maxFrame.intValue();
        DataDirs dirs = dataDirs();
        CountDownLatch stopped = new CountDownLatch(1);
        try (NodeLog log = NodeLog.install(spec.qualifiedName(), verbose, spec.commandLine().getErr());
             Device local = openDevice();
             NodeServer server = NodeServer.start(new NodeConfig(bind, port, local, secret, tls, frame,
                     NodeConfig.loopback(0, local, secret).idleTimeout()).withDataDirs(dirs))) {
            PrintWriter out = spec.commandLine().getOut();
            String host = server.address().getHostString();
            // an IPv6 address in brackets, as --nodes reads it: [::1]:4567
            out.println("listening on " + (host.contains(":") ? "[" + host + "]" : host) + ":"
                    + server.address().getPort());
            out.flush();
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "loopnest-node-shutdown"));
            if (exitWithStdin) {
                stopAtEndOf(System.in, stopped);
            }
            stopped.await();
        } catch (IllegalArgumentException | IllegalStateException e) {
            if (e.getCause() instanceof BindException bindFailure) { // NodeServer.start: e.g. the port is taken
                throw bad("--bind " + bind + " --port " + port + ": cannot listen there: " + bindFailure.getMessage());
            }
            throw bad(e.getMessage());
        }
        return ErrorHandler.OK;
    }

    /**
     * Refuses a {@code --bind} that does not resolve or is not an address of this machine, before anything is
     * opened; binding it could only fail.
     */
    private void checkBind() {
        if (bind.isBlank()) { // InetAddress.getByName would take it for loopback
            throw bad("--bind '" + bind + "': empty (expected: an address of this machine, e.g. 127.0.0.1, or "
                    + "0.0.0.0 for all)");
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw bad("--bind " + bind + ": unknown host (expected: an address of this machine, e.g. 127.0.0.1, or "
                    + "0.0.0.0 for all)");
        }
        if (!address.isAnyLocalAddress() && !address.isLoopbackAddress() && !onThisMachine(address)) {
            throw bad("--bind " + bind + ": not an address of this machine (expected: one of its interfaces' "
                    + "addresses, e.g. 127.0.0.1, or 0.0.0.0 for all)");
        }
    }

    private static boolean onThisMachine(InetAddress address) {
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /**
     * Counts {@code stopped} down when {@code in} ends or fails, from a daemon thread that reads and drops what
     * comes: the writer at the other end of the pipe (the coordinator) is gone.
     */
    private void stopAtEndOf(InputStream in, CountDownLatch stopped) {
        PrintWriter err = spec.commandLine().getErr();
        Thread watcher = new Thread(() -> {
            try {
                in.transferTo(OutputStream.nullOutputStream());
            } catch (IOException e) {
                // a broken pipe is an end too
            }
            err.println(spec.qualifiedName() + ": standard input ended (--exit-with-stdin): stopping");
            err.flush();
            stopped.countDown();
        }, "loopnest-node-stdin");
        watcher.setDaemon(true);
        watcher.start();
    }

    private Secret secret() {
        try {
            return Secret.read(secretFile);
        } catch (IllegalArgumentException e) {
            throw bad("--secret-file: " + e.getMessage());
        }
    }

    /** The {@code --data-dir}s as real paths, before the device is opened; each must be an existing directory. */
    private DataDirs dataDirs() {
        try {
            return DataDirs.of(dataDirs);
        } catch (IllegalArgumentException e) { // names the option: --data-dir DIR: no such directory (expected: ...)
            throw bad(e.getMessage());
        }
    }

    private SslContext tls() {
        if ((tlsCert == null) != (tlsKey == null)) {
            throw bad("--tls-cert and --tls-key go together (expected: both, or neither for plain TCP)");
        }
        if (tlsCert == null) {
            return null;
        }
        try {
            PathChecks.readable("--tls-cert", tlsCert);
            PathChecks.readable("--tls-key", tlsKey);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        try {
            return SslContextBuilder.forServer(tlsCert.toFile(), tlsKey.toFile()).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw bad("--tls-cert/--tls-key: " + e.getMessage());
        }
    }

    private Device openDevice() {
        if (threads != null && (threads < 1 || threads > CpuDevice.MAX_THREADS
                || device.kind() != DeviceSpec.Kind.CPU)) {
            throw bad("--threads " + threads + " (expected: 1 to " + CpuDevice.MAX_THREADS + ", with --device cpu)");
        }
        if (device.kind() == DeviceSpec.Kind.GPU) {
            throw bad("--device gpu: names the GPU of a Slurm task's slot, which 'node' does not know (expected: "
                    + "cuda:N, or 'loopnest weather|run --nodes slurm' under srun, whose worker tasks choose it)");
        }
        try {
            return threads != null ? new CpuDevice(threads) : device.open(memory, null);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw bad("--device " + device + ": " + e.getMessage());
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}

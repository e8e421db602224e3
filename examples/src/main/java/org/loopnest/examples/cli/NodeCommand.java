package org.loopnest.examples.cli;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import javax.net.ssl.SSLException;
import org.loopnest.cluster.NodeConfig;
import org.loopnest.cluster.NodeServer;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.Wire;
import org.loopnest.device.Device;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code loopnest node}: a worker that runs chunks for authenticated coordinators on its local device. Prints
 * {@code listening on HOST:PORT} as its first line once it accepts connections, then serves until it is stopped
 * (SIGTERM, Ctrl-C). Listens on loopback unless {@code --bind} says otherwise.
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
            description = "Address to listen on. Default: ${DEFAULT-VALUE} (loopback only).")
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

    @Option(names = "--max-frame", paramLabel = "SIZE", converter = Units.SizeConverter.class,
            description = "Largest frame accepted, which bounds one chunk buffer. Default: 256m.")
    private Long maxFrame;

    @Override
    public Integer call() throws InterruptedException {
        Secret secret = secret();
        SslContext tls = tls();
        if (port < 0 || port > 65535) {
            throw bad("--port " + port + " (expected: 0 to 65535)");
        }
        int frame = maxFrame == null ? Wire.DEFAULT_MAX_FRAME : (int) Math.min(Integer.MAX_VALUE, maxFrame);
        CountDownLatch stopped = new CountDownLatch(1);
        try (Device local = openDevice();
             NodeServer server = NodeServer.start(new NodeConfig(bind, port, local, secret, tls, frame,
                     NodeConfig.loopback(0, local, secret).idleTimeout()))) {
            PrintWriter out = spec.commandLine().getOut();
            out.println("listening on " + server.address().getHostString() + ":" + server.address().getPort());
            out.flush();
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "loopnest-node-shutdown"));
            stopped.await();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw bad(e.getMessage());
        }
        return ErrorHandler.OK;
    }

    private Secret secret() {
        try {
            return Secret.read(secretFile);
        } catch (IllegalArgumentException e) {
            throw bad("--secret-file: " + e.getMessage());
        }
    }

    private SslContext tls() {
        if ((tlsCert == null) != (tlsKey == null)) {
            throw bad("--tls-cert and --tls-key go together (expected: both, or neither for plain TCP)");
        }
        if (tlsCert == null) {
            return null;
        }
        for (Path f : new Path[] {tlsCert, tlsKey}) {
            if (!Files.isReadable(f)) {
                throw bad("TLS file " + f + " cannot be read");
            }
        }
        try {
            return SslContextBuilder.forServer(tlsCert.toFile(), tlsKey.toFile()).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw bad("--tls-cert/--tls-key: " + e.getMessage());
        }
    }

    private Device openDevice() {
        if (threads != null && (threads < 1 || device.kind() != DeviceSpec.Kind.CPU)) {
            throw bad("--threads " + threads + " (expected: >= 1, with --device cpu)");
        }
        try {
            return threads != null ? new org.loopnest.device.cpu.CpuDevice(threads) : device.open(memory, null);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw bad("--device " + device + ": " + e.getMessage());
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}

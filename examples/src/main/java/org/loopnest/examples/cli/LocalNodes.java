package org.loopnest.examples.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.module.ModuleFinder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.loopnest.cluster.Cluster;
import org.loopnest.examples.Main;
import org.loopnest.internal.lang.jvm.JvmCompiler;

/**
 * {@code --nodes local:N}: N worker processes on loopback, each a {@code loopnest node} in a JVM of its own with
 * this JVM's class path and the vector module ({@link #JVM_OPTIONS}; {@code cpu} nodes sharing the machine's
 * cores), sharing a fresh random secret (in a file only the owner can read). Started together; {@link #close()}
 * stops them all and deletes the secret. Each node's log goes to a file beside the secret. Nodes started with data
 * directories ({@link #start(int, DeviceSpec, Long, List)}: those of a file-to-file run's files) read and write the
 * run's files there themselves ({@code node --data-dir}), the coordinator's connections carrying only the chunks'
 * descriptions.
 *
 * <p><b>Lifetime:</b> the nodes never outlive this JVM. Each is started with {@code --exit-with-stdin} and a pipe for
 * its standard input that this JVM holds and never writes to: when this JVM ends, however it ends (even
 * {@code kill -9}), the pipe closes and the node stops. A shutdown hook, registered by {@link #start} and removed
 * by {@link #close()}, stops the nodes and deletes their directory when the JVM is asked to end (SIGTERM, Ctrl-C)
 * before {@code close} ran.
 *
 * <p><b>Thread safety:</b> {@link #close()} may be called from any thread, more than once; the first call stops
 * the nodes, the others wait for it.
 *
 * <p><b>Pitfalls:</b> after a {@code kill -9} of this JVM the nodes still stop, but their directory (the secret,
 * random and of no further use, and the logs) stays in the temporary directory until the next {@code local:N}
 * coordinator on this machine starts: it removes every such directory whose owner process is gone
 * ({@link NodeDirectories}, named {@code loopnest-nodes-HOST-PID-START-RANDOM}).
 */
public final class LocalNodes implements AutoCloseable {
    /**
     * The most nodes {@code local:N} starts: each is a JVM of its own with its own heap and threads, so more than
     * this on one machine spends memory and cores without testing anything more.
     */
    public static final int MAX_COUNT = 64;
    private static final long START_SECONDS = 60;
    /**
     * {@code --add-modules jdk.incubator.vector}, which every JVM LoopNest starts gets, as {@code ./loopnest} gives
     * its own, so that kernel-language bodies run on the vector path there ({@link org.loopnest.LoopNest#kernelPath});
     * none where this runtime has no such module (an image made without it), which then starts and runs the scalar
     * path rather than failing to start. The JVM says "WARNING: Using incubator modules" on standard error. With the
     * module come {@link JvmCompiler#JIT_OPTIONS}, as {@code ./loopnest} gives them too: the compiled bodies reach
     * the optimising JIT compiler sooner.
     */
    static final List<String> JVM_OPTIONS = ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent()
            ? Stream.concat(Stream.of("--add-modules", "jdk.incubator.vector"), JvmCompiler.JIT_OPTIONS.stream())
                    .toList()
            : List.of();

    private final List<Process> processes = new ArrayList<>(); // guarded by this
    private final List<URI> addresses = new ArrayList<>();
    private final Path dir;
    private final Path secretFile;
    private final Thread shutdownHook = new Thread(this::stop, "loopnest-local-nodes-stop");
    private boolean stopped; // guarded by this

    private LocalNodes(Path dir) {
        this.dir = dir;
        this.secretFile = dir.resolve("secret");
    }

    /**
     * Starts {@code count} nodes running {@code device} and waits until each prints its address; {@code cpu} nodes
     * share this machine's cores (each gets {@code max(1, cores / count)} threads).
     *
     * @throws IllegalArgumentException if {@code count} is not from 1 to {@link #MAX_COUNT}
     * @throws IllegalStateException if a node does not start within a minute, with the end of its log
     */
    public static LocalNodes start(int count, DeviceSpec device) throws IOException {
        return start(count, device, (Long) null);
    }

    /**
     * Starts {@code count} nodes as {@link #start(int, DeviceSpec)}, each node's device given
     * {@code deviceMemory} bytes ({@code loopnest node --device-memory}), or its default when {@code null}.
     *
     * @throws IllegalArgumentException if {@code count} is not from 1 to {@link #MAX_COUNT}
     * @throws IllegalStateException if a node does not start within a minute, with the end of its log
     */
    public static LocalNodes start(int count, DeviceSpec device, Long deviceMemory) throws IOException {
        return start(count, device, deviceMemory, List.of());
    }

    /**
     * Starts {@code count} nodes as {@link #start(int, DeviceSpec, Long)}, each given {@code dataDirs} ({@code node
     * --data-dir}, once per directory): a node then reads and writes a run's files under them itself, where they are
     * the run's files ({@link NodeDirectories#dataDirs}).
     *
     * @param dataDirs existing directories, each passed as given; empty: the nodes do no I/O of their own and are
     *     sent every chunk
     * @throws IllegalArgumentException if {@code count} is not from 1 to {@link #MAX_COUNT}, or {@code dataDirs} is
     *     {@code null}
     * @throws IllegalStateException if a node does not start within a minute (a data directory that is gone by then
     *     among the reasons), with the end of its log
     */
    public static LocalNodes start(int count, DeviceSpec device, Long deviceMemory, List<Path> dataDirs)
            throws IOException {
        return start(count, device, Math.max(1, Runtime.getRuntime().availableProcessors() / Math.max(1, count)),
                deviceMemory, dataDirs);
    }

    /**
     * Starts {@code count} nodes as {@link #start(int, DeviceSpec)}, with {@code cpuThreads} kernel threads each
     * when the device is {@code cpu}.
     *
     * @throws IllegalArgumentException if {@code count} is not from 1 to {@link #MAX_COUNT}
     * @throws IllegalStateException if a node does not start within a minute, with the end of its log, or if the
     *     JVM began to shut down meanwhile
     */
    public static LocalNodes start(int count, DeviceSpec device, int cpuThreads) throws IOException {
        return start(count, device, cpuThreads, null, List.of());
    }

    private static LocalNodes start(int count, DeviceSpec device, int cpuThreads, Long deviceMemory,
            List<Path> dataDirs) throws IOException {
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("local nodes: " + count + " (expected: 1 to " + MAX_COUNT + ")");
        }
        if (dataDirs == null) {
            throw new IllegalArgumentException("data dirs = null (expected: a list of directories, empty for none)");
        }
        LocalNodes nodes = new LocalNodes(NodeDirectories.create());
        try {
            Runtime.getRuntime().addShutdownHook(nodes.shutdownHook);
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            if (nodes.secretFile.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.createFile(nodes.secretFile, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"))); // never readable by others
            }
            Files.writeString(nodes.secretFile, Base64.getEncoder().encodeToString(secret));
            List<CompletableFuture<String>> ready = new ArrayList<>();
            for (int n = 0; n < count; n++) {
                ready.add(nodes.launch(n, device, cpuThreads, deviceMemory, dataDirs));
            }
            for (int n = 0; n < count; n++) {
                nodes.addresses.add(Cluster.address(nodes.awaitAddress(n, ready.get(n))));
            }
            return nodes;
        } catch (IOException | RuntimeException e) {
            nodes.close();
            throw e;
        }
    }

    private CompletableFuture<String> launch(int n, DeviceSpec device, int cpuThreads, Long deviceMemory,
            List<Path> dataDirs) throws IOException {
        List<String> command = java(Main.class, "node", "--bind", "127.0.0.1", "--port", "0", "--device",
                device.toString(), "--secret-file", secretFile.toString(), "--exit-with-stdin");
        if (device.kind() == DeviceSpec.Kind.CPU) {
            command.addAll(List.of("--threads", Integer.toString(cpuThreads)));
        }
        if (deviceMemory != null) {
            command.addAll(List.of("--device-memory", Long.toString(deviceMemory)));
        }
        for (Path dir : dataDirs) {
            command.addAll(List.of("--data-dir", dir.toString()));
        }
        // standard input stays a pipe that this JVM never writes to: the node stops when it closes
        Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectError(log(n).toFile()).start();
        adopt(p);
        CompletableFuture<String> first = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line = out.readLine();
                first.complete(line);
                while (out.readLine() != null) {
                    // drained so that the node never blocks on a full pipe
                }
            } catch (IOException e) {
                first.completeExceptionally(e);
            }
        }, "loopnest-local-node-" + n);
        reader.setDaemon(true);
        reader.start();
        return first;
    }

    /**
     * The command that runs {@code main} with {@code args} in a new JVM of this JVM's runtime, with this JVM's class
     * path and {@link #JVM_OPTIONS} (mutable).
     */
    static List<String> java(Class<?> main, String... args) {
        return java(List.of(), main, args);
    }

    /** {@link #java(Class, String...)} with {@code options} for the JVM (e.g. {@code -Xmx64m}) before the rest. */
    static List<String> java(List<String> options, Class<?> main, String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(JVM_OPTIONS);
        command.addAll(options);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** Keeps a started node, or stops it at once if the nodes were stopped meanwhile (the JVM shuts down). */
    private synchronized void adopt(Process p) {
        if (stopped) {
            p.destroyForcibly();
            throw new IllegalStateException("local nodes: stopped while starting (the JVM is shutting down)");
        }
        processes.add(p);
    }

    private String awaitAddress(int n, CompletableFuture<String> first) {
        String line;
        try {
            line = first.get(START_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            line = null;
        }
        if (line == null || !line.startsWith("listening on ")) {
            throw new IllegalStateException("local node " + n + " did not start (first line: " + line + "); its "
                    + "log " + log(n) + " ends with: " + tail(log(n)));
        }
        return line.substring("listening on ".length()).strip();
    }

    private Path log(int n) {
        return dir.resolve("node-" + n + ".log");
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** The nodes' addresses, in start order. */
    public List<URI> addresses() {
        return List.copyOf(addresses);
    }

    /** The file holding the nodes' secret. */
    public Path secretFile() {
        return secretFile;
    }

    /** The processes, in start order (tests kill one to check fault tolerance). */
    public synchronized List<Process> processes() {
        return List.copyOf(processes);
    }

    /**
     * Stops every node (politely, then forcibly after 5 s), deletes the secret and the logs, and removes the
     * shutdown hook. Blocks until the nodes are gone; a second call does nothing.
     */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook has run stop(), or runs it and finds it done
        }
    }

    /** Stops the nodes and deletes their directory, once: from {@link #close()} or from the shutdown hook. */
    private synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        for (Process p : processes) {
            closeInput(p);
            p.destroy();
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        deleteDirectory();
    }

    private static void closeInput(Process p) {
        try {
            p.getOutputStream().close();
        } catch (IOException e) {
            // the node is stopped by destroy() anyway
        }
    }

    private void deleteDirectory() {
        try {
            NodeDirectories.deleteTree(dir);
        } catch (IOException e) {
            // a temporary directory left behind is harmless; the secret in it is random and unused from now on
        }
    }
}

package org.loopnest.device.cuda;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.loopnest.error.KernelCompileException;

/**
 * Compiles with {@code nvcc -ptx} in a subprocess: the source goes to {@code kernel.cu} in a fresh temporary
 * directory (so that the log's {@code kernel.cu(7): error: …} lines refer to the numbered source), the PTX and the
 * log come back from files there, and the directory is deleted afterwards. A compilation that outlives the timeout
 * is killed. Thread-safe: each compilation has its own directory and process.
 */
final class NvccBackend implements PtxBackend {
    private static final String SOURCE = "kernel.cu";
    private static final String OUTPUT = "kernel.ptx";
    private static final String LOG = "nvcc.log";

    private static final long VERSION_TIMEOUT_SECONDS = 30;

    private final Path nvcc;
    private final Duration timeout;
    private volatile String identity;

    /** Runs the executable {@code nvcc}, killing compilations that take longer than {@code timeout}. */
    NvccBackend(Path nvcc, Duration timeout) {
        this.nvcc = nvcc;
        this.timeout = timeout;
    }

    /** The first executable {@code nvcc} in the directories of {@code searchPath} (a PATH value), if any. */
    static Optional<Path> find(String searchPath) {
        if (searchPath == null || searchPath.isBlank()) {
            return Optional.empty();
        }
        for (String dir : searchPath.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            try {
                Path candidate = Path.of(dir, "nvcc");
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate.toAbsolutePath());
                }
            } catch (RuntimeException e) {
                // A PATH entry that is not a valid path: skip it.
            }
        }
        return Optional.empty();
    }

    @Override
    public String description() {
        return "nvcc " + nvcc;
    }

    /**
     * The path and what {@code nvcc --version} prints (run once per backend); if that fails, the path with the
     * executable's size and modification time.
     */
    @Override
    public String identity() {
        String known = identity;
        if (known == null) {
            known = description() + '\n' + version();
            identity = known;
        }
        return known;
    }

    private String version() {
        Process process = null;
        try {
            process = new ProcessBuilder(nvcc.toString(), "--version").redirectErrorStream(true).start();
            byte[] out = process.getInputStream().readAllBytes();
            if (process.waitFor(VERSION_TIMEOUT_SECONDS, TimeUnit.SECONDS) && process.exitValue() == 0) {
                return new String(out, StandardCharsets.UTF_8).strip();
            }
        } catch (IOException e) {
            // fall through to the file's attributes
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
            }
        }
        try {
            return "size " + Files.size(nvcc) + ", modified " + Files.getLastModifiedTime(nvcc);
        } catch (IOException e) {
            return "version unknown";
        }
    }

    /**
     * Where CUDA installs nvcc when it is not on {@code PATH}: {@code $CUDA_HOME/bin}, {@code $CUDA_PATH/bin} and
     * {@code /usr/local/cuda/bin}, as a PATH value.
     */
    static String usualPlaces() {
        List<String> dirs = new ArrayList<>();
        for (String variable : List.of("CUDA_HOME", "CUDA_PATH")) {
            String home = System.getenv(variable);
            if (home != null && !home.isBlank()) {
                dirs.add(home + File.separator + "bin");
            }
        }
        dirs.add("/usr/local/cuda/bin");
        return String.join(File.pathSeparator, dirs);
    }

    @Override
    public String compile(String device, String source, String arch) {
        String compiler = "nvcc -ptx" + (arch == null ? "" : " -arch=" + arch);
        Path work = null;
        Process process = null;
        try {
            work = Files.createTempDirectory("loopnest-nvcc-");
            Files.writeString(work.resolve(SOURCE), source, StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>(List.of(nvcc.toString(), "-ptx"));
            if (arch != null) {
                command.add("-arch=" + arch);
            }
            command.addAll(List.of("-o", OUTPUT, SOURCE));
            process = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                    .redirectOutput(work.resolve(LOG).toFile()).start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new KernelCompileException(device, compiler, "nvcc did not finish within " + timeout
                        + " and was killed\n" + readLog(work), source);
            }
            int status = process.exitValue();
            String log = readLog(work);
            if (status != 0) {
                throw new KernelCompileException(device, compiler,
                        (log.isBlank() ? "" : log.strip() + "\n") + "nvcc exited with status " + status, source);
            }
            return Files.readString(work.resolve(OUTPUT), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new KernelCompileException(device, compiler, "could not run " + nvcc + ": " + e, source);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KernelCompileException(device, compiler, "interrupted while waiting for nvcc", source);
        } finally {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
            }
            if (work != null) {
                deleteTree(work);
            }
        }
    }

    private static String readLog(Path work) {
        try {
            return Files.readString(work.resolve(LOG), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return "(no log: " + e + ")";
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // Left in the temporary directory; harmless.
                }
            });
        } catch (IOException | RuntimeException e) {
            // Left in the temporary directory; harmless.
        }
    }
}

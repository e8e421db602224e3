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

    private final Path nvcc;
    private final Duration timeout;

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

package org.loopnest.perf.ratio;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * The NumPy side of {@code cpu-weather-vs-numpy}: a Python child process running {@code weather_numpy.py} (this
 * package's resource) over the inputs of a {@link WeatherFields}, written once to raw files that it reads into
 * memory. Each {@link #run()} asks it to compute the eight outputs with NumPy float32 ufuncs and returns the
 * nanoseconds it measured around the computation alone ({@code time.perf_counter_ns}); {@link #outputs()} reads the
 * last run's outputs back. The formulas' constants go to the script as the bits of their {@code float}s.
 *
 * <p><b>Failure:</b> an {@link IllegalStateException} naming the command and quoting the script's standard error
 * (kept in the scratch directory), also when an answer does not come within {@value #ANSWER_MINUTES} minutes.
 * Not thread-safe. Close it to end the process and delete the files.
 */
final class NumpyWeather implements AutoCloseable {
    /** The interpreter with Debian's {@code python3-numpy}; not the {@code python3} first on the PATH. */
    static final Path PYTHON = Path.of("/usr/bin/python3");
    /** The script, a resource beside this class. */
    static final String SCRIPT = "weather_numpy.py";
    private static final long ANSWER_MINUTES = 5;

    private final Path dir;
    private final GridShape shape;
    private final Process process;
    private final Writer commands;
    private final BufferedReader answers;
    private final ExecutorService reader;
    private String version = "?";

    private NumpyWeather(Path dir, GridShape shape, Process process) {
        this.dir = dir;
        this.shape = shape;
        this.process = process;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.answers = process.inputReader(StandardCharsets.UTF_8);
        this.reader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "numpy-answers");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * {@return why NumPy cannot run here, or empty if {@link #PYTHON} imports it}
     *
     * <p>Where it does not, {@code install} is set and this process runs as root with {@code apt-get}, installs
     * Debian's {@code python3-numpy} first (the message of a failed install is part of the reason).
     *
     * @param install whether to install the package where it is missing and this process may
     */
    static Optional<String> unavailable(boolean install) {
        if (!Files.isExecutable(PYTHON)) {
            return Optional.of(PYTHON + " not found (expected: Debian's python3 with python3-numpy)");
        }
        Optional<String> why = importFails();
        if (why.isEmpty() || !install) {
            return why;
        }
        if (!isRoot() || !Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            return why.map(w -> w + "; not root with apt-get, so python3-numpy is not installed here (as root:"
                    + " apt-get install python3-numpy)");
        }
        Command apt = Command.run(List.of("/usr/bin/apt-get", "install", "-y", "-q", "python3-numpy"),
                Duration.ofMinutes(10));
        if (apt.status() != 0) {
            return Optional.of(why.get() + "; apt-get install python3-numpy failed (" + apt.lastLine() + ")");
        }
        return importFails().map(w -> w + " after apt-get install python3-numpy");
    }

    private static Optional<String> importFails() {
        Command check = Command.run(List.of(PYTHON.toString(), "-c", "import numpy"), Duration.ofMinutes(1));
        return check.status() == 0 ? Optional.empty()
                : Optional.of(PYTHON + " cannot import numpy (" + check.lastLine() + ")");
    }

    private static boolean isRoot() {
        Command id = Command.run(List.of("id", "-u"), Duration.ofMinutes(1));
        return id.status() == 0 && id.lastLine().equals("0");
    }

    /**
     * Writes the inputs of {@code fields} to a new scratch directory and starts the script over them.
     *
     * @throws IllegalStateException if the script does not start (its standard error quoted)
     */
    static NumpyWeather start(WeatherFields fields) {
        Path dir = ScratchFiles.directory("loopnest-numpy-");
        try {
            ScratchFiles.writeFloats(dir.resolve("T.f32"), fields.temperature());
            ScratchFiles.writeFloats(dir.resolve("q.f32"), fields.humidity());
            ScratchFiles.writeFloats(dir.resolve("levels.f32"), fields.levels());
            Path script = dir.resolve(SCRIPT);
            try (InputStream in = NumpyWeather.class.getResourceAsStream(SCRIPT)) {
                if (in == null) {
                    throw new IllegalStateException("resource " + SCRIPT + " missing beside "
                            + NumpyWeather.class.getName() + " (expected: in perf's jar)");
                }
                Files.copy(in, script);
            }
            GridShape s = fields.shape();
            List<String> command = new ArrayList<>(List.of(PYTHON.toString(), script.toString(), dir.toString(),
                    Integer.toString(s.t()), Integer.toString(s.z()), Integer.toString(s.y()),
                    Integer.toString(s.x())));
            for (float c : new float[] {WeatherFormulas.EPSILON, WeatherFormulas.KAPPA, 1f / WeatherFormulas.KAPPA,
                    WeatherFormulas.LCL_RELATIVE_CHANGE, WeatherFormulas.MISSING_BELOW}) {
                command.add(Integer.toHexString(Float.floatToRawIntBits(c)));
            }
            command.add(Integer.toString(WeatherFormulas.LCL_MAX_ITERATIONS));
            Process process = new ProcessBuilder(command).redirectError(dir.resolve("stderr.txt").toFile()).start();
            NumpyWeather numpy = new NumpyWeather(dir, s, process);
            try {
                numpy.version = numpy.answer("start", "ready numpy ").strip();
                return numpy;
            } catch (RuntimeException e) {
                numpy.close();
                throw e;
            }
        } catch (IOException e) {
            ScratchFiles.deleteTree(dir);
            throw new UncheckedIOException("cannot start " + PYTHON + " " + SCRIPT + " in " + dir, e);
        } catch (RuntimeException e) {
            ScratchFiles.deleteTree(dir);
            throw e;
        }
    }

    /** {@return NumPy's version, as the script reports it} */
    String version() {
        return version;
    }

    /** Computes the outputs once; {@return the nanoseconds the computation took, as Python measured them} */
    long run() {
        String ns = answer("run", "ns ");
        try {
            return Long.parseLong(ns.strip());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(SCRIPT + ": answer 'ns " + ns + "' to run (expected: ns and a count)", e);
        }
    }

    /** {@return the last run's eight outputs, in {@link WeatherOutput} order} */
    float[][] outputs() {
        answer("write", "written");
        float[][] out = new float[WeatherOutput.COUNT][];
        for (WeatherOutput o : WeatherOutput.values()) {
            out[o.ordinal()] = ScratchFiles.readFloats(dir.resolve(o.fileName()), shape.points());
        }
        return out;
    }

    /** Sends {@code command} (or nothing, for {@code start}) and returns the answer after {@code prefix}. */
    private String answer(String command, String prefix) {
        Future<String> line = reader.submit(answers::readLine);
        try {
            if (!command.equals("start")) {
                commands.write(command + "\n");
                commands.flush();
            }
            String got = line.get(ANSWER_MINUTES, TimeUnit.MINUTES);
            if (got == null || !got.startsWith(prefix)) {
                throw failed(command, got == null ? "no answer, the process ended" : "answer '" + got + "'", null);
            }
            return got.substring(prefix.length());
        } catch (IOException e) {
            throw failed(command, "cannot send the command: " + e.getMessage(), e);
        } catch (ExecutionException e) {
            throw failed(command, "cannot read the answer: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw failed(command, "no answer in " + ANSWER_MINUTES + " minutes", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failed(command, "interrupted", new InterruptedIOException());
        }
    }

    private IllegalStateException failed(String command, String what, Throwable cause) {
        String stderr;
        try {
            stderr = Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            stderr = "(unreadable: " + e.getMessage() + ")";
        }
        return new IllegalStateException(SCRIPT + " " + command + ": " + what + "; its stderr: "
                + (stderr.isEmpty() ? "(empty)" : stderr), cause);
    }

    /** Asks the script to quit, ends the process if it has not within a minute, deletes the scratch files. */
    @Override
    public void close() {
        try {
            commands.write("quit\n");
            commands.close();
            if (!process.waitFor(1, TimeUnit.MINUTES)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        } finally {
            reader.shutdownNow();
            ScratchFiles.deleteTree(dir);
        }
    }

    /** A short command's exit status and last line of output (standard output and error together). */
    private record Command(int status, String lastLine) {
        static Command run(List<String> command, Duration limit) {
            Path out = null;
            try {
                out = Files.createTempFile("loopnest-command-", ".txt");
                Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
                if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    return new Command(-1, String.join(" ", command) + " did not end in " + limit);
                }
                String[] lines = Files.readString(out, StandardCharsets.UTF_8).strip().split("\n");
                return new Command(p.exitValue(), lines[lines.length - 1].strip());
            } catch (IOException e) {
                return new Command(-1, String.join(" ", command) + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Command(-1, String.join(" ", command) + ": interrupted");
            } finally {
                if (out != null) {
                    ScratchFiles.delete(out);
                }
            }
        }
    }
}

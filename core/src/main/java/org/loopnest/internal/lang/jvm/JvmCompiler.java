package org.loopnest.internal.lang.jvm;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicLong;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;
import org.loopnest.error.KernelCompileException;

/**
 * Compiles the Java source that {@link JavaEmitter} prints into a {@link RunBody}, in process with Janino: each
 * source in a class loader of its own (whose parent is the loader of {@link RunBody}), so that a body no longer used
 * can be unloaded with its loader. Compiled bodies are kept in a bounded least-recently-used cache keyed by the
 * SHA-256 of the source.
 *
 * <p><b>Thread safety:</b> safe for concurrent use. Threads that ask for the same source at once wait for one
 * compilation; different sources compile in parallel. A source that failed to compile fails again from the cache.
 *
 * <p>A failure here is a bug of the emitter (the tree was checked): it is a {@link KernelCompileException} of device
 * {@code jvm} carrying Janino's message and the source.
 */
public final class JvmCompiler {
    /** How many compiled bodies {@link #shared()} keeps. */
    public static final int SHARED_CAPACITY = 256;
    private static final JvmCompiler SHARED = new JvmCompiler(SHARED_CAPACITY);
    /**
     * HotSpot options for the JVMs that LoopNest starts itself ({@code ./loopnest}, the nodes of {@code --nodes
     * local:N}): the compiled bodies ({@value JavaEmitter#CLASS_NAME}) reach the JIT compiler's optimising tier after a
     * tenth of the calls and loops that other methods need. A vector body runs on the Vector API's Java fallbacks
     * until then, far slower than the scalar body, so the weather job's first vector run took 0.60–0.93 s instead of
     * 1.08–1.35 s (BENCHMARKS.md, run 34). {@code quiet} keeps the JVM from echoing the option on standard output.
     * Only the generated classes are affected; a JVM without these options works the same, only slower to warm up.
     */
    public static final List<String> JIT_OPTIONS = List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=option," + JavaEmitter.CLASS_NAME + "::*,double,CompileThresholdScaling,0.1");
    private final Map<String, FutureTask<RunBody>> cache;
    private final AtomicLong compilations = new AtomicLong();

    /**
     * @param capacity the most compiled bodies kept; the least recently used goes first
     * @throws IllegalArgumentException if {@code capacity < 1}
     */
    public JvmCompiler(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity = " + capacity + " (expected: >= 1)");
        }
        this.cache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, FutureTask<RunBody>> eldest) {
                return size() > capacity;
            }
        };
    }

    /** {@return the process-wide compiler that kernels use, keeping {@value #SHARED_CAPACITY} bodies} */
    public static JvmCompiler shared() {
        return SHARED;
    }

    /**
     * {@return the body compiled from {@code source}: the cached one if this source was compiled before}
     *
     * @param source a class {@value JavaEmitter#CLASS_NAME} implementing {@link RunBody}, as {@link JavaEmitter}
     *     prints it
     * @throws KernelCompileException if Janino refuses the source, or the class cannot be made
     */
    public RunBody compile(String source) {
        String key = sha256(source);
        FutureTask<RunBody> task;
        boolean mine = false;
        synchronized (cache) {
            task = cache.get(key);
            if (task == null) {
                task = new FutureTask<>(() -> cook(source));
                cache.put(key, task);
                mine = true;
            }
        }
        if (mine) {
            task.run();
        }
        return await(task);
    }

    /** {@return how many sources this compiler has compiled (not counting answers from the cache)} */
    public long compilations() {
        return compilations.get();
    }

    private RunBody cook(String source) {
        compilations.incrementAndGet();
        SimpleCompiler compiler = new SimpleCompiler();
        compiler.setParentClassLoader(RunBody.class.getClassLoader());
        try {
            compiler.cook(source);
            Class<?> made = compiler.getClassLoader().loadClass(JavaEmitter.CLASS_NAME);
            return (RunBody) made.getDeclaredConstructor().newInstance();
        } catch (CompileException e) {
            throw failure(e.getMessage(), source, e);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            // RuntimeException: Janino's InternalCompilerException, e.g. "Code grows beyond 64 KB" for a huge body,
            // whose reason is at the end of its chain of causes
            StringBuilder log = new StringBuilder(e.toString());
            for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
                log.append("\ncaused by: ").append(cause);
            }
            throw failure(log.toString(), source, e);
        }
    }

    private static KernelCompileException failure(String log, String source, Throwable cause) {
        KernelCompileException failure = new KernelCompileException("jvm", "Janino SimpleCompiler", log, source);
        failure.initCause(cause);
        return failure;
    }

    private static RunBody await(FutureTask<RunBody> task) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the compilation runs on another caller's thread: keep waiting for it
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException failure) {
                        throw failure;
                    }
                    if (e.getCause() instanceof Error fatal) {
                        throw fatal;
                    }
                    throw new IllegalStateException("compiling a kernel body failed", e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String sha256(String source) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException absent) {
            throw new IllegalStateException("SHA-256 is missing from this JDK (every Java platform has it)", absent);
        }
    }
}

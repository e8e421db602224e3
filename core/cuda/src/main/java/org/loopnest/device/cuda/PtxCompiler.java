package org.loopnest.device.cuda;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Turns generated CUDA source into PTX for {@code cuModuleLoadData}.
 *
 * <p>{@link #detect()} picks, in this order: {@code nvcc} on {@code PATH} (run as {@code nvcc -ptx
 * -arch=compute_XY} in a subprocess with a timeout), else NVRTC through JCuda (needs {@code libnvrtc}; looked
 * for on the first compilation), else nothing, and then every compilation fails saying that neither is
 * available. {@link #nvcc}, {@link #nvrtc} and {@link #ofPtx} choose explicitly; {@link #ofPtx} hands out PTX the
 * user compiled beforehand, whatever the source.
 *
 * <p>Compiled PTX is cached on disk, one file per SHA-256 of the compiler (its path and {@code nvcc --version}),
 * the architecture and the source, in
 * {@link #defaultCacheDir()} unless a directory is given, so that a kernel compiled once is not compiled again,
 * in this process or the next.
 *
 * <p><b>Threading:</b> thread-safe; concurrent compilations of one source may both run the compiler.
 * <b>Failure:</b> a compiler that rejects the source, cannot be run, times out, or is missing makes
 * {@link #compile} throw {@link org.loopnest.error.KernelCompileException} with the log and the numbered
 * source; a cache that cannot be written only costs recompilation.
 */
public final class PtxCompiler {
    /** How long {@code nvcc} may take by default before it is killed. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

    private static final String SUPPLIED = "user-supplied PTX";

    private final PtxBackend backend;
    private final String supplied;
    private final PtxCache cache;
    private final AtomicInteger compilations = new AtomicInteger();

    private PtxCompiler(PtxBackend backend, String supplied, Path cacheDir) {
        this.backend = backend;
        this.supplied = supplied;
        this.cache = cacheDir == null ? null : new PtxCache(cacheDir);
    }

    private PtxCompiler(PtxBackend backend, Path cacheDir) {
        this(backend, null, cacheDir);
    }

    /**
     * {@return a compiler that runs {@code backend}, without a cache} For tests that bring their own backend.
     *
     * @param backend what compiles
     */
    static PtxCompiler of(PtxBackend backend) {
        return new PtxCompiler(Objects.requireNonNull(backend, "backend"), null);
    }

    /**
     * {@link #detect(Path)} with the {@link #defaultCacheDir() default cache}.
     *
     * @return the compiler found
     */
    public static PtxCompiler detect() {
        return detect(defaultCacheDir());
    }

    /**
     * {@code nvcc} if one is on {@code PATH} or where CUDA installs it ({@code $CUDA_HOME/bin},
     * {@code $CUDA_PATH/bin}, {@code /usr/local/cuda/bin}), else NVRTC (or, if that does not load either, a
     * compiler that fails every compilation explaining what is missing). Loads no native library.
     *
     * @param cacheDir where PTX is cached, or {@code null} for no cache
     * @return the compiler found
     */
    public static PtxCompiler detect(Path cacheDir) {
        String path = System.getenv("PATH");
        return detect((path == null ? "" : path + java.io.File.pathSeparator) + NvccBackend.usualPlaces(),
                cacheDir);
    }

    /** {@link #detect(Path)} searching {@code searchPath} (a {@code PATH} value; may be empty) for nvcc. */
    static PtxCompiler detect(String searchPath, Path cacheDir) {
        Optional<Path> nvcc = NvccBackend.find(searchPath);
        return nvcc.isPresent()
                ? new PtxCompiler(new NvccBackend(nvcc.get(), DEFAULT_TIMEOUT), cacheDir)
                : new PtxCompiler(new NvrtcBackend("nvcc was not found on PATH or in the CUDA install"
                        + " directories"), cacheDir);
    }

    /**
     * Compiles with the given {@code nvcc}.
     *
     * @param nvcc     the executable
     * @param cacheDir where PTX is cached, or {@code null} for no cache
     * @param timeout  how long one compilation may take before nvcc is killed; positive
     * @return the compiler
     * @throws IllegalArgumentException if {@code nvcc} is not an executable file or the timeout is not positive
     */
    public static PtxCompiler nvcc(Path nvcc, Path cacheDir, Duration timeout) {
        Objects.requireNonNull(nvcc, "nvcc");
        Objects.requireNonNull(timeout, "timeout");
        if (!Files.isRegularFile(nvcc) || !Files.isExecutable(nvcc)) {
            throw new IllegalArgumentException("nvcc = " + nvcc + " (expected: an executable file)");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout = " + timeout + " (expected: positive)");
        }
        return new PtxCompiler(new NvccBackend(nvcc.toAbsolutePath(), timeout), cacheDir);
    }

    /**
     * Compiles with NVRTC. Whether NVRTC loads is found out on the first compilation, which fails if it does not.
     *
     * @param cacheDir where PTX is cached, or {@code null} for no cache
     * @return the compiler
     */
    public static PtxCompiler nvrtc(Path cacheDir) {
        return new PtxCompiler(new NvrtcBackend("no nvcc was asked for"), cacheDir);
    }

    /**
     * Hands out {@code ptx} for every source: for PTX compiled ahead of time (it must define the kernel's entry
     * point with the generated kernel's parameters). Nothing is cached or compiled.
     *
     * @param ptx the PTX text
     * @return the compiler
     */
    public static PtxCompiler ofPtx(String ptx) {
        Objects.requireNonNull(ptx, "ptx");
        if (ptx.isBlank()) {
            throw new IllegalArgumentException("ptx is blank (expected: PTX text with the kernel's .entry)");
        }
        return new PtxCompiler(null, ptx, null);
    }

    /**
     * {@return where PTX is cached by default: {@code $XDG_CACHE_HOME/loopnest/ptx} if that variable holds an absolute
     * path, else {@code ~/.cache/loopnest/ptx}}
     */
    public static Path defaultCacheDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = null;
        if (xdg != null && !xdg.isBlank()) {
            try {
                Path p = Path.of(xdg);
                base = p.isAbsolute() ? p : null;
            } catch (RuntimeException e) {
                base = null;
            }
        }
        if (base == null) {
            base = Path.of(System.getProperty("user.home"), ".cache");
        }
        return base.resolve("loopnest").resolve("ptx");
    }

    /**
     * {@return the PTX of {@code source}, from the cache or freshly compiled (and then cached)}
     *
     * @param device the device's name, for the failure
     * @param source CUDA C++ source
     * @param arch   a virtual architecture such as {@code compute_90} (from the device's compute capability), or
     *               {@code null} for the compiler's default
     * @throws org.loopnest.error.KernelCompileException if the source does not compile or no compiler can run
     */
    public String compile(String device, String source, String arch) {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(source, "source");
        if (arch != null && !arch.matches("(compute|sm)_[0-9]+[a-z]?")) {
            throw new IllegalArgumentException("arch = " + arch + " (expected: compute_XY, e.g. compute_90, or null)");
        }
        if (supplied != null) {
            return supplied;
        }
        if (cache == null) {
            return run(device, source, arch);
        }
        String key = PtxCache.key(backend.identity(), arch == null ? "" : arch, source);
        Optional<String> cached = cache.read(key);
        if (cached.isPresent()) {
            return cached.get();
        }
        String ptx = run(device, source, arch);
        cache.write(key, ptx);
        return ptx;
    }

    private String run(String device, String source, String arch) {
        String ptx = backend.compile(device, source, arch);
        compilations.incrementAndGet();
        return ptx;
    }

    /** {@return what compiles: {@code nvcc <path>}, {@code NVRTC} or {@code user-supplied PTX}} */
    public String description() {
        return supplied != null ? SUPPLIED : backend.description();
    }

    /** {@return the cache directory, if PTX is cached} */
    public Optional<Path> cacheDir() {
        return Optional.ofNullable(cache).map(PtxCache::directory);
    }

    /** {@return how many times this compiler ran (cache hits and supplied PTX do not count)} */
    public int compilations() {
        return compilations.get();
    }

    @Override
    public String toString() {
        return "PtxCompiler[" + description() + (cache == null ? "" : ", cache " + cache.directory()) + "]";
    }
}

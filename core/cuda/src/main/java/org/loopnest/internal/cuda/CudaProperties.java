package org.loopnest.internal.cuda;

/**
 * What one CUDA device reports about itself ({@link DriverApi#properties}), read once when it is opened. Pure data:
 * no JCuda; immutable.
 *
 * @param model              the device's name, e.g. {@code NVIDIA H100 80GB HBM3}
 * @param totalMemory        device memory in bytes ({@code cuDeviceTotalMem})
 * @param multiprocessors    streaming multiprocessors
 * @param computeMajor       compute capability, major
 * @param computeMinor       compute capability, minor
 * @param maxThreadsPerBlock the most threads in one block
 * @param maxBlockDimX       the most threads along x in one block
 * @param maxGridX           the most blocks along x
 * @param maxGridY           the most blocks along y
 */
public record CudaProperties(String model, long totalMemory, int multiprocessors, int computeMajor, int computeMinor,
                      int maxThreadsPerBlock, int maxBlockDimX, int maxGridX, int maxGridY) {
    /** Memory left to the rest of the process and the driver: at least this much. */
    public static final long MIN_HEADROOM = 256L << 20;

    /** Memory the runtime may use: the total less a headroom of {@code max(256 MiB, 10 %)}, never negative. */
    public static long usableMemory(long total) {
        return Math.max(0, total - Math.max(MIN_HEADROOM, total / 10));
    }

    /** {@link #usableMemory(long)} of this device. */
    public long usableMemory() {
        return usableMemory(totalMemory);
    }

    /** The virtual architecture to compile for, e.g. {@code compute_90}. */
    public String arch() {
        return "compute_" + computeMajor + computeMinor;
    }

    /** Threads per block for launches: at most {@link LaunchGrid#DEFAULT_MAX_BLOCK} and what the device allows. */
    public int maxBlock() {
        return Math.max(1, Math.min(LaunchGrid.DEFAULT_MAX_BLOCK, Math.min(maxThreadsPerBlock, maxBlockDimX)));
    }

    /** One line for listings. */
    public String describe() {
        return model + ", compute capability " + computeMajor + "." + computeMinor + ", " + multiprocessors
                + " SMs, " + gib(totalMemory) + " (" + gib(usableMemory()) + " usable)";
    }

    private static String gib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}

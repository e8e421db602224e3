package org.loopnest.scheduler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.internal.data.FileOutputs;
import org.loopnest.internal.data.FileWindow;
import org.loopnest.internal.data.MappedFaults;
import org.loopnest.data.Role;
import org.loopnest.internal.data.UnsetOutputs;
import org.loopnest.internal.data.Views;
import org.loopnest.device.Launch;
import org.loopnest.index.Chunk;
import org.loopnest.index.Iteration;
import org.loopnest.index.Split;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.kernel.ViewTable;

/**
 * The launch of one chunk on a host-addressable device: binds the kernel's arrays straight to the user's holders
 * (a file-backed array through the chunk's mapped window of the file, {@link FileWindow}) and runs blocks of
 * iterations on the device's threads. (Devices with memory of their own get a
 * {@link PackedLaunch}.)
 */
final class ChunkLaunch implements Launch {
    private final RunPlan plan;
    private final Chunk chunk;
    private final java.util.function.BooleanSupplier cancelled;
    private final FileOutputs files;
    private final Map<String, FileWindow> windows = new ConcurrentHashMap<>(2);
    /** The chunk's iterations whose blocks have not run yet: the block that brings it to 0 checks the files. */
    private final java.util.concurrent.atomic.AtomicLong unrun;
    /** How many mapped files all launches have checked ({@link #checkWindows}), for tests: one per window and chunk. */
    static final java.util.concurrent.atomic.LongAdder FILE_CHECKS = new java.util.concurrent.atomic.LongAdder();
    /** What a mapped file needs, said when it failed. */
    private static final String EXPECTED = "room on its disk for every output, and no input cut short while the run "
            + "reads it";

    /**
     * @param files where the run's file-backed arrays are
     * @param cancelled whether the run has stopped: blocks not yet started are skipped
     */
    ChunkLaunch(RunPlan plan, Chunk chunk, FileOutputs files, java.util.function.BooleanSupplier cancelled) {
        this.plan = plan;
        this.files = files;
        this.chunk = chunk;
        this.cancelled = cancelled;
        this.unrun = new java.util.concurrent.atomic.AtomicLong(chunk.iterations());
    }

    @Override
    public Chunk chunk() {
        return chunk;
    }

    /**
     * Runs the body over the block, for a Java body clearing its output elements in the user's arrays first
     * ({@link UnsetOutputs}); a kernel-language body assigns every output itself ({@link Kernel#runBlock(
     * org.loopnest.kernel.BoundArrays, Split, Chunk, long, long, java.util.function.Consumer)} skips the prelude).
     * A fault in a mapped window of a file (a full disk, a file cut short: {@link MappedFaults}) is brought out before
     * this returns and thrown as an {@link UncheckedIOException} naming the chunk's mapped files; the chunk's last
     * block to end also checks the files' sizes (once per chunk, not per block: on a network file system each check
     * costs up to a millisecond).
     */
    @Override
    public void run(long from, long to) {
        try {
            plan.kernel().runBlock(new ViewTable(plan.arrays(), this::view),
                    plan.layout().split(), chunk, from, to, this::clearOutputs);
            if (!windows.isEmpty()) {
                MappedFaults.surface(windows); // a fault in a window is thrown late: here, at best
            }
            if (unrun.addAndGet(from - to) == 0 && !windows.isEmpty()) {
                checkWindows(); // or not at all before the chunk ends: what the files say now
            }
        } catch (InternalError fault) {
            if (explain(fault) instanceof UncheckedIOException named) {
                throw named;
            }
            throw fault;
        }
    }

    /**
     * {@return {@code failure} (what this launch, or the device for it, failed with) as the fault of a mapped file
     * that it is: an {@link UncheckedIOException} naming the files this chunk has mapped, since the fault does not
     * say which; else {@code failure} itself}
     */
    Throwable explain(Throwable failure) {
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (MappedFaults.isFault(t) && !windows.isEmpty()) {
                IOException fault = mappedFilesFailed(t);
                return new UncheckedIOException(fault.getMessage(), fault);
            }
        }
        return failure;
    }

    /** Fails the block if a window's file was cut short under it (a full disk is named only by a fault it raised). */
    private void checkWindows() {
        for (Map.Entry<String, FileWindow> w : new TreeMap<>(windows).entrySet()) {
            FILE_CHECKS.increment();
            String lost = w.getValue().lostWrites();
            if (lost != null) {
                ArrayBinding binding = plan.arrays().get(w.getKey());
                String why = "chunk " + chunk.number() + ": reaching a memory-mapped file failed, " + describe(binding)
                        + ": " + lost + " (expected: " + EXPECTED + ")";
                throw new UncheckedIOException(why, new IOException(why));
            }
        }
    }

    private static String describe(ArrayBinding binding) {
        return (binding.role() == Role.OUT ? "output " : "input ") + binding.name() + " ("
                + ((FileHolder) binding.holder()).path() + ")";
    }

    /**
     * The fault of a mapped window, naming the files this chunk has mapped and what leaves a mapped page unbacked: only
     * here, where a fault was seen, is a full disk named.
     */
    private IOException mappedFilesFailed(Throwable fault) {
        StringBuilder files = new StringBuilder();
        for (String name : new TreeSet<>(windows.keySet())) {
            files.append(files.length() == 0 ? "" : " or ").append(describe(plan.arrays().get(name)));
        }
        return new IOException("chunk " + chunk.number() + ": reaching a memory-mapped file failed, " + files
                + ": a mapped page could not be backed, its disk may be full or the file cut short (expected: "
                + EXPECTED + "): " + fault, fault);
    }

    /** The view straight into the user's holder; for a file, into the chunk's mapped window of it. */
    private Object view(ArrayBinding binding) {
        if (binding.holder() instanceof FileHolder file) {
            FileWindow w = window(binding);
            return Views.over(binding, w.typed(), w.addressing(binding, file));
        }
        return Views.direct(binding);
    }

    /** The chunk's window of a file-backed array, mapped by the first block that needs it and shared by the rest. */
    private FileWindow window(ArrayBinding binding) {
        return windows.computeIfAbsent(binding.name(), n -> FileWindow.of(binding, plan.layout().split(), chunk, files));
    }

    private void clearOutputs(Iteration piece) {
        long from = piece.local();
        long to = from + piece.remaining();
        Split split = plan.layout().split();
        for (ArrayBinding binding : plan.arrays().values()) {
            if (binding.role() != Role.OUT) {
                continue;
            }
            if (binding.holder() instanceof FileHolder file) {
                FileWindow w = window(binding);
                UnsetOutputs.clear(w.typed(), w.addressing(binding, file), split.cursor(chunk, from, to));
            } else {
                UnsetOutputs.clear(binding, split.cursor(chunk, from, to));
            }
        }
    }

    @Override
    public boolean cancelled() {
        return cancelled.getAsBoolean();
    }
}

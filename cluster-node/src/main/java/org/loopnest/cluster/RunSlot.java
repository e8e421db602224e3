package org.loopnest.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.loopnest.internal.codegen.KernelGenerator;
import org.loopnest.data.ArrayBinding;
import org.loopnest.device.Device;
import org.loopnest.device.KernelSource;
import org.loopnest.device.RunSpec;
import org.loopnest.internal.serializer.ChunkLayout;

/**
 * The one run a node connection may have open ({@link Wire#END_RUN}): claimed when its {@code OPEN_RUN} arrives,
 * ready once set up, free again when the run ends or fails to set up. A run is never replaced while open, so a
 * launch always runs with the layout and kernel of the run that allocated its buffers.
 *
 * <p><b>Threading:</b> thread-safe; claimed and ended on the event loop, set up on the node's setup threads.
 */
final class RunSlot {
    /**
     * A run set up for launches. Immutable.
     *
     * @param kernelSource the compiled kernel on a compiled device, or {@code null}
     */
    record Prepared(RunSpec spec, ChunkLayout layout, Map<String, ArrayBinding> arrays, KernelSource kernelSource) {
        /**
         * Lays {@code spec} out and, on a compiled {@code device}, compiles its kernel there. May take long (a
         * compiler): call it off the event loop.
         *
         * @throws RuntimeException whatever laying out or compiling failed with, for the node to answer as ERROR
         */
        static Prepared of(RunSpec spec, Device device) {
            ChunkLayout layout = ChunkLayout.of(spec.split(), spec.bindings());
            KernelSource source = null;
            if (device.runsCompiledKernels()) {
                source = KernelGenerator.generate(layout, spec.kernel().program().orElseThrow());
                // the run's whole description, as the coordinator's own devices get it (a CUDA device over the
                // stand-in driver learns there what its kernel computes)
                device.beginRun(new RunSpec(spec.split(), spec.bindings(), spec.kernel(), source));
            }
            Map<String, ArrayBinding> byName = new LinkedHashMap<>();
            spec.bindings().forEach(b -> byName.put(b.name(), b));
            return new Prepared(spec, layout, byName, source);
        }
    }

    /** The open run's id, and its setup once done ({@code null} before). */
    private record Open(long id, Prepared prepared) {
    }

    private final AtomicReference<Open> open = new AtomicReference<>();

    /**
     * Claims the slot for run {@code id}.
     *
     * @throws IllegalStateException naming the run still open, changing nothing
     */
    void claim(long id) {
        Open mine = new Open(id, null);
        Open other = open.compareAndExchange(null, mine);
        if (other != null) {
            throw new IllegalStateException("run " + other.id() + " is still open on this connection (expected: "
                    + "END_RUN for it before the next OPEN_RUN; one run at a time per connection)");
        }
    }

    /** Makes run {@code id} ready for launches, unless it ended while being set up. */
    void ready(long id, Prepared prepared) {
        open.getAndUpdate(o -> o != null && o.id() == id && o.prepared() == null ? new Open(id, prepared) : o);
    }

    /** Frees the slot if run {@code id} holds it (its setup failed, or it ended); otherwise does nothing. */
    void end(long id) {
        open.getAndUpdate(o -> o != null && o.id() == id ? null : o);
    }

    /**
     * {@return the id of the run ready for launches}
     *
     * @throws IllegalArgumentException if no run is open and set up
     */
    long readyId() {
        Open o = open.get();
        if (o == null || o.prepared() == null) {
            throw new IllegalArgumentException("a request for the open run with no run open (expected: after "
                    + "OPEN_RUN's OK)");
        }
        return o.id();
    }

    /**
     * The run ready for launches.
     *
     * @throws IllegalArgumentException if no run is open and set up
     */
    Prepared ready() {
        Open o = open.get();
        if (o == null || o.prepared() == null) {
            throw new IllegalArgumentException("LAUNCH with no run open (expected: after OPEN_RUN's OK)");
        }
        return o.prepared();
    }
}

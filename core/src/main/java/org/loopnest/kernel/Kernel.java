package org.loopnest.kernel;

import java.util.Optional;
import org.loopnest.index.Iteration;

/**
 * A kernel as the runtime holds it: a Java body (either form, run block by block), a C body for compiled devices
 * ({@link DeviceCode}), or both. Immutable; the wrapped lambdas are the user's.
 */
public final class Kernel {
    private final ChunkKernel blockwise;
    private final String form;
    private final DeviceCode deviceCode;

    private Kernel(ChunkKernel blockwise, String form, DeviceCode deviceCode) {
        this.blockwise = blockwise;
        this.form = form;
        this.deviceCode = deviceCode;
    }

    /** A per-element kernel. */
    public static Kernel of(ElementKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel is null (expected: a kernel body)");
        }
        return new Kernel(arrays -> {
            ElementBody body = kernel.bind(arrays);
            return cursor -> {
                for (; cursor.valid(); cursor.next()) {
                    body.apply(cursor);
                }
            };
        }, "per-element", null);
    }

    /** A per-chunk kernel. */
    public static Kernel ofChunks(ChunkKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("chunkKernel is null (expected: a kernel body)");
        }
        return new Kernel(kernel, "per-chunk", null);
    }

    /** A kernel with only a C body: it runs on compiled devices, not on the CPU or the simulator. */
    public static Kernel ofDeviceCode(DeviceCode code) {
        return new Kernel(null, "device code only", requireCode(code));
    }

    /** This kernel with {@code code} as its C body (replacing any earlier one). */
    public Kernel withDeviceCode(DeviceCode code) {
        return new Kernel(blockwise, form, requireCode(code));
    }

    private static DeviceCode requireCode(DeviceCode code) {
        if (code == null) {
            throw new IllegalArgumentException("deviceCode is null (expected: the C body of one iteration)");
        }
        return code;
    }

    /** Whether the kernel has a Java body, so that it runs on Java devices (cpu, sim). */
    public boolean hasJavaBody() {
        return blockwise != null;
    }

    /** The C body, if the kernel has one. */
    public Optional<DeviceCode> deviceCode() {
        return Optional.ofNullable(deviceCode);
    }

    /**
     * Runs the block that {@code cursor} walks with the given arrays.
     *
     * @throws IterationFailure wrapping whatever the body threw, with the indices of the iteration it threw at
     * @throws IllegalStateException if the kernel has no Java body
     */
    public void runBlock(BoundArrays arrays, Iteration cursor) {
        if (blockwise == null) {
            throw new IllegalStateException("the kernel has only device code (expected: a Java body to run on a "
                    + "Java device)");
        }
        try {
            blockwise.bind(arrays).run(cursor);
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Throwable t) {
            throw new IterationFailure(cursor.valid() ? cursor.indices() : null, t);
        }
    }

    /** {@code per-element}, {@code per-chunk} or {@code device code only}, with {@code + device code}. */
    @Override
    public String toString() {
        return deviceCode != null && blockwise != null ? form + " + device code" : form;
    }
}

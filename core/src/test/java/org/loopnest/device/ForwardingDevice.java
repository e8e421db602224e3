package org.loopnest.device;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A device that hands every call to another, for tests that change one behaviour (fail the n-th launch, count
 * copies in flight, freeze, …) and keep the rest. Closing it closes the device it wraps.
 */
public abstract class ForwardingDevice implements Device {
    private final Device inner;

    /** Forwards to {@code inner}, which it then owns. */
    protected ForwardingDevice(Device inner) {
        this.inner = inner;
    }

    /** The wrapped device. */
    protected Device inner() {
        return inner;
    }

    @Override
    public DeviceInfo info() {
        return inner.info();
    }

    @Override
    public boolean isClosed() {
        return inner.isClosed();
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        return inner.allocate(bytes);
    }

    @Override
    public HostStaging allocateStaging(long bytes) {
        return inner.allocateStaging(bytes);
    }

    @Override
    public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
        return inner.copyIn(host, target, bytes);
    }

    @Override
    public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
        return inner.copyOut(source, host, bytes);
    }

    @Override
    public boolean runsCompiledKernels() {
        return inner.runsCompiledKernels();
    }

    @Override
    public void prepare(KernelSource kernel) {
        inner.prepare(kernel);
    }

    @Override
    public void beginRun(RunSpec run) {
        inner.beginRun(run);
    }

    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        return inner.launch(launch);
    }

    @Override
    public Optional<String> kernelPath(RunSpec run) {
        return inner.kernelPath(run);
    }

    @Override
    public Optional<DeviceTimes> measuredTimes() {
        return inner.measuredTimes();
    }

    @Override
    public void close() {
        inner.close();
    }
}

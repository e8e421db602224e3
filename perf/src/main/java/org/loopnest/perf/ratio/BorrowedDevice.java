package org.loopnest.perf.ratio;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.DeviceTimes;
import org.loopnest.device.HostStaging;
import org.loopnest.device.KernelSource;
import org.loopnest.device.Launch;
import org.loopnest.device.RunSpec;

/**
 * A device, borrowed, that a perf probe wraps: every operation goes straight to the device it wraps, until a subclass
 * says otherwise. <b>Ownership:</b> closing the wrapper leaves the device open: its opener closes it.
 * <b>Threading:</b> as the wrapped device's.
 */
abstract class BorrowedDevice implements Device {
    /** The device wrapped, open, and closed by its owner after this wrapper. */
    protected final Device inner;

    /** @param inner the device, open, and closed by its owner after this wrapper */
    BorrowedDevice(Device inner) {
        this.inner = inner;
    }

    @Override
    public DeviceInfo info() {
        return inner.info();
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
    public CompletableFuture<Void> launch(Launch launch) {
        return inner.launch(launch);
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
    public Optional<DeviceCosts> costs() {
        return inner.costs();
    }

    @Override
    public Optional<DeviceTimes> measuredTimes() {
        return inner.measuredTimes();
    }

    @Override
    public boolean isClosed() {
        return inner.isClosed();
    }

    /** Leaves the wrapped device open. */
    @Override
    public void close() {
    }
}

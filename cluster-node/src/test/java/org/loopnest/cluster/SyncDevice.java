package org.loopnest.cluster;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.Launch;

/**
 * A device whose operations have completed when they return, so that a handler's answers are written on the
 * calling thread (an {@link io.netty.channel.embedded.EmbeddedChannel}'s). Owns the device it wraps.
 */
final class SyncDevice extends ForwardingDevice {
    SyncDevice(Device inner) {
        super(inner);
    }

    @Override
    public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
        return settled(super.copyIn(host, target, bytes));
    }

    @Override
    public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
        return settled(super.copyOut(source, host, bytes));
    }

    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        return settled(super.launch(launch));
    }

    /** Waits (at most 30 s) until {@code operation} has completed, either way; returns it. */
    private static CompletableFuture<Void> settled(CompletableFuture<Void> operation) {
        try {
            operation.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException failed) {
            // completed exceptionally: the caller sees the failure through the future returned
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("device operation not done in 30 s", e);
        }
        return operation;
    }
}

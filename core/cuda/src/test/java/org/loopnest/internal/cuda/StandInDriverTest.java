package org.loopnest.internal.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The stand-in refuses what the CUDA driver would, keeps each stream's order, and fails on demand. */
class StandInDriverTest {
    private static final String PTX = ".version 8.0\n.target sm_90\n.visible .entry ln_k(\n)\n{\n\tret;\n}\n";
    private final AtomicLong clock = new AtomicLong();
    private StandInDriver driver;
    private long context;
    private long stream;

    @BeforeEach
    void open() {
        driver = new StandInDriver(StandInDriver.DEFAULT_PROPERTIES, () -> clock.addAndGet(1_000_000));
        context = driver.retainContext(0);
        stream = driver.createStream();
    }

    @AfterEach
    void close() {
        driver.destroyStream(stream);
        driver.releaseContext(context);
        assertEquals(StandInDriver.nothingLive(), driver.live());
    }

    private static CudaError refused(int code, Executable call) {
        CudaError e = assertThrows(CudaError.class, call);
        assertEquals(code, e.code(), e.getMessage());
        return e;
    }

    private static ByteBuffer bytes(int n) {
        ByteBuffer b = ByteBuffer.allocateDirect(n);
        for (int i = 0; i < n; i++) {
            b.put(i, (byte) (i * 7 + 1));
        }
        return b;
    }

    @Test
    void shouldCopyBothWaysInTheOrderIssuedOnOneStream() {
        long memory = driver.allocate(100);
        ByteBuffer back = ByteBuffer.allocateDirect(100);
        driver.copyToDevice(memory, bytes(100), 100, stream);
        driver.copyToHost(back, memory, 100, stream);
        driver.synchronize(stream);
        assertEquals(bytes(100), back);
        driver.free(memory);
    }

    @Test
    void shouldTimeWorkBetweenTwoEventsByItsClock() {
        long start = driver.createEvent();
        long end = driver.createEvent();
        driver.record(start, stream);
        driver.record(end, stream);
        driver.synchronize(stream);
        assertEquals(1.0f, driver.elapsedMillis(start, end));
        driver.destroyEvent(start);
        driver.destroyEvent(end);
        CudaError gone = refused(CudaError.INVALID_HANDLE, () -> driver.elapsedMillis(start, end));
        assertTrue(gone.getMessage().contains("is destroyed or unknown"), gone.getMessage());
    }

    @Test
    void shouldRefuseACopyIntoAFreedBuffer() {
        long memory = driver.allocate(64);
        driver.free(memory);
        CudaError e = refused(CudaError.INVALID_VALUE, () -> driver.copyToDevice(memory, bytes(64), 64, stream));
        assertEquals("CUDA_ERROR_INVALID_VALUE (1): " + StandInMemory.hex(memory)
                + " is in an allocation of 64 bytes that was freed", e.getMessage());
    }

    @Test
    void shouldRefuseACopyPastTheEndOfAnAllocationOrOfTheHostBuffer() {
        long memory = driver.allocate(64);
        CudaError device = refused(CudaError.INVALID_VALUE, () -> driver.copyToHost(bytes(65), memory, 65, stream));
        assertEquals("CUDA_ERROR_INVALID_VALUE (1): 65 bytes at " + StandInMemory.hex(memory)
                + " run past the end of its allocation of 64 bytes (at offset 0)", device.getMessage());
        CudaError host = refused(CudaError.INVALID_VALUE, () -> driver.copyToDevice(memory, bytes(32), 64, stream));
        assertEquals("CUDA_ERROR_INVALID_VALUE (1): cuMemcpyHtoDAsync of 64 bytes with a host buffer of 32 bytes",
                host.getMessage());
        driver.free(memory);
    }

    @Test
    void shouldRefuseADoubleFreeOfDeviceAndPinnedMemory() {
        long memory = driver.allocate(64);
        driver.free(memory);
        CudaError device = refused(CudaError.INVALID_VALUE, () -> driver.free(memory));
        assertTrue(device.getMessage().endsWith("which was freed already"), device.getMessage());
        DriverApi.Pinned pinned = driver.allocateHost(64);
        driver.freeHost(pinned.handle());
        CudaError host = refused(CudaError.INVALID_VALUE, () -> driver.freeHost(pinned.handle()));
        assertTrue(host.getMessage().endsWith("which is not (or no longer) allocated"), host.getMessage());
    }

    @Test
    void shouldRefuseAnEventRecordedOnADestroyedStream() {
        long other = driver.createStream();
        long event = driver.createEvent();
        driver.destroyStream(other);
        CudaError e = refused(CudaError.INVALID_HANDLE, () -> driver.record(event, other));
        assertEquals("CUDA_ERROR_INVALID_HANDLE (400): event " + event + " recorded on stream " + other
                + ", which is destroyed or unknown", e.getMessage());
        driver.destroyEvent(event);
    }

    @Test
    void shouldRefuseALaunchOfAFunctionWhoseModuleWasUnloaded() {
        long module = driver.loadModule(PTX);
        long function = driver.function(module, "ln_k");
        driver.unloadModule(module);
        CudaError e = refused(CudaError.INVALID_HANDLE, () -> driver.launch(function, new LaunchGrid(32, 1, 1),
                stream, new DriverApi.KernelArguments(0, 0, 0, 0, 32)));
        assertEquals("CUDA_ERROR_INVALID_HANDLE (400): function " + function
                + " (ln_k) belongs to a module that was unloaded", e.getMessage());
    }

    @Test
    void shouldRefuseALaunchWhoseRunWasNeverDescribed() {
        long module = driver.loadModule(PTX);
        long function = driver.function(module, "ln_k");
        CudaError e = refused(CudaError.LAUNCH_FAILED, () -> driver.launch(function, new LaunchGrid(32, 1, 1),
                stream, new DriverApi.KernelArguments(0, 0, 0, 0, 32)));
        assertTrue(e.getMessage().contains("the stand-in cannot run PTX: no run was described"), e.getMessage());
        driver.unloadModule(module);
    }

    @Test
    void shouldRefuseTextThatIsNotPtxAndAnEntryTheModuleLacks() {
        CudaError notPtx = refused(CudaError.INVALID_PTX, () -> driver.loadModule("__global__ void k() {}"));
        assertEquals("CUDA_ERROR_INVALID_PTX (218): the image is not PTX with an .entry", notPtx.getMessage());
        long module = driver.loadModule(PTX);
        CudaError missing = refused(CudaError.NOT_FOUND, () -> driver.function(module, "ln_other"));
        assertEquals("CUDA_ERROR_NOT_FOUND (500): module " + module + " has no entry ln_other (it has [ln_k])",
                missing.getMessage());
        driver.unloadModule(module);
    }

    @Test
    void shouldRunOutOfMemoryAtTheTotalAndAtTheArmedAllocation() {
        CudaError total = refused(CudaError.OUT_OF_MEMORY, () -> driver.allocate((1L << 30) + 1));
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY (2): 1073741825 bytes asked, 1073741824 free", total.getMessage());
        driver.failAllocation(2);
        long first = driver.allocate(8);
        CudaError armed = refused(CudaError.OUT_OF_MEMORY, () -> driver.allocate(8));
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY (2): injected: allocation of 8 bytes", armed.getMessage());
        long third = driver.allocate(8);
        assertEquals((1L << 30) - 16, driver.freeMemory());
        driver.free(first);
        driver.free(third);
    }

    @Test
    void shouldKeepAStreamInErrorAfterAFaultWhileOthersGoOn() {
        long memory = driver.allocate(16);
        long other = driver.createStream();
        driver.failStreamWork(1);
        driver.copyToDevice(memory, bytes(16), 16, stream);
        driver.copyToDevice(memory, bytes(16), 16, other);
        for (int attempt = 0; attempt < 2; attempt++) {
            CudaError e = refused(CudaError.ILLEGAL_ADDRESS, () -> driver.synchronize(stream));
            assertEquals("CUDA_ERROR_ILLEGAL_ADDRESS (700): injected: a fault on the stream", e.getMessage());
        }
        driver.synchronize(other);
        driver.destroyStream(other);
        driver.free(memory);
    }

    @Test
    void shouldCountWhatIsLeftAllocated() {
        long memory = driver.allocate(16);
        DriverApi.Pinned pinned = driver.allocateHost(16);
        long event = driver.createEvent();
        assertEquals("memory 1, pinned 1, streams 1, events 1, modules 0, contexts 1", driver.live());
        driver.free(memory);
        driver.freeHost(pinned.handle());
        driver.destroyEvent(event);
    }
}

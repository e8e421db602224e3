package org.loopnest.internal.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The device memory of the {@link StandInDriver}: each allocation a direct buffer at an address of its own, in an
 * address space where no address is used twice, so that a freed pointer stays recognizably freed. Checks what the
 * driver would refuse: a pointer that was never allocated or was freed, a range past the end of its allocation,
 * an allocation beyond the device's memory.
 *
 * <p><b>Threading:</b> thread-safe (every method is synchronized; the buffers handed out are duplicates).
 */
final class StandInMemory {
    private static final long BASE = 0x7000_0000_0000L;
    private static final long ALIGNMENT = 256;

    /** One allocation: its buffer while live, {@code null} once freed. */
    private static final class Allocation {
        final long size;
        ByteBuffer memory;

        Allocation(long size) {
            this.size = size;
            this.memory = ByteBuffer.allocateDirect((int) size).order(ByteOrder.nativeOrder());
        }
    }

    private final long total;
    private final NavigableMap<Long, Allocation> allocations = new TreeMap<>();
    private long next = BASE;
    private long used;
    private int live;

    /**
     * @param total the device's memory, in bytes
     */
    StandInMemory(long total) {
        this.total = total;
    }

    /**
     * {@return the address of {@code bytes} new bytes}
     *
     * @throws CudaError {@code CUDA_ERROR_OUT_OF_MEMORY} beyond the device's memory (or a buffer's limit)
     */
    synchronized long allocate(long bytes) {
        if (bytes < 1) {
            throw StandInDriver.error(CudaError.INVALID_VALUE, "cuMemAlloc of " + bytes + " bytes");
        }
        if (bytes > total - used || bytes > Integer.MAX_VALUE) {
            throw StandInDriver.error(CudaError.OUT_OF_MEMORY, bytes + " bytes asked, " + (total - used) + " free");
        }
        long address = next;
        allocations.put(address, new Allocation(bytes));
        next += (bytes + 2 * ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT; // a gap after each: no two are adjacent
        used += bytes;
        live++;
        return address;
    }

    /**
     * Frees the allocation at {@code address}.
     *
     * @throws CudaError {@code CUDA_ERROR_INVALID_VALUE} if it is not an allocation's start, or was freed already
     */
    synchronized void free(long address) {
        Allocation a = allocations.get(address);
        if (a == null) {
            throw StandInDriver.error(CudaError.INVALID_VALUE, "cuMemFree of " + hex(address)
                    + ", which is not an allocation's start");
        }
        if (a.memory == null) {
            throw StandInDriver.error(CudaError.INVALID_VALUE, "cuMemFree of " + hex(address) + " (" + a.size
                    + " bytes), which was freed already");
        }
        a.memory = null;
        used -= a.size;
        live--;
    }

    /**
     * {@return bytes {@code [address, address + bytes)} of a live allocation, as a buffer of its own position and
     * limit (a view of the device memory)} 0 bytes at address 0 (an empty buffer's pointer) is an empty buffer.
     *
     * @param address where the range starts, inside an allocation
     * @param bytes   how many bytes, at least 0
     * @throws CudaError {@code CUDA_ERROR_INVALID_VALUE} for an address in no allocation, a freed one, or a range
     *     past its end
     */
    synchronized ByteBuffer range(long address, long bytes) {
        if (address == 0 && bytes == 0) {
            return ByteBuffer.allocateDirect(0).order(ByteOrder.nativeOrder());
        }
        Map.Entry<Long, Allocation> e = allocations.floorEntry(address);
        if (e == null || address - e.getKey() >= Math.max(1, e.getValue().size)) {
            throw StandInDriver.error(CudaError.INVALID_VALUE, hex(address) + " is in no allocation");
        }
        Allocation a = e.getValue();
        if (a.memory == null) {
            throw StandInDriver.error(CudaError.INVALID_VALUE, hex(address) + " is in an allocation of " + a.size
                    + " bytes that was freed");
        }
        long offset = address - e.getKey();
        if (bytes < 0 || offset + bytes > a.size) {
            throw StandInDriver.error(CudaError.INVALID_VALUE, bytes + " bytes at " + hex(address) + " run past the"
                    + " end of its allocation of " + a.size + " bytes (at offset " + offset + ")");
        }
        return a.memory.duplicate().order(ByteOrder.nativeOrder()).position((int) offset)
                .limit((int) (offset + bytes)).slice().order(ByteOrder.nativeOrder());
    }

    /** {@return the whole live allocation that starts at {@code address}, as {@link #range} checks it} */
    synchronized ByteBuffer whole(long address) {
        if (address == 0) {
            return range(0, 0);
        }
        Allocation a = allocations.get(address);
        return range(address, a == null ? 1 : a.size);
    }

    /** {@return bytes not allocated} */
    synchronized long free() {
        return total - used;
    }

    /** {@return allocations not freed} */
    synchronized int live() {
        return live;
    }

    static String hex(long address) {
        return "0x" + Long.toHexString(address);
    }
}

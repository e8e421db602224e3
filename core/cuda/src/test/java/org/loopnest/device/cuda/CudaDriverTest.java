package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.api.Test;

class CudaDriverTest {

    @Test
    void shouldTellWhetherCudaIsAvailableWithoutThrowing() {
        CudaDriver.Availability a = assertDoesNotThrow(CudaDriver::availability);
        assertFalse(a.reason().isBlank());
        assertTrue(a.reason().contains("driver"), a.reason());
        assertFalse(a.reason().contains("\n"), "one line: " + a.reason());
        assertSame(a, CudaDriver.availability(), "probed once");
        if (a.available()) {
            assertTrue(CudaDriver.deviceCount() > 0);
        } else {
            assertEquals(0, CudaDriver.deviceCount());
        }
    }

    @Test
    void shouldRefuseToOpenADeviceWithoutCudaGivingTheReason() {
        CudaDriver.Availability a = CudaDriver.availability();
        assumeFalse(a.available(), "CUDA is available here");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CudaDevice.open(0));
        assertEquals("CUDA is not available: " + a.reason(), e.getMessage());
    }

    @Test
    void shouldRejectANegativeOrdinalFirst() {
        assertEquals("cuda ordinal = -1 (expected: 0 or more)",
                assertThrows(IllegalArgumentException.class, () -> CudaDevice.open(-1)).getMessage());
    }

    @Test
    void shouldNameTheMissingLibraryOfAFailedLoad() {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError("Error while loading native library \"JCudaDriver-12.6.0\"\n"
                + "Stack trace from the attempt to load the library as a resource:\n"
                + "java.lang.UnsatisfiedLinkError: /tmp/libJCudaDriver.so: libcuda.so.1: cannot open shared object"
                + " file: No such file or directory\n\tat java.base/jdk.internal.loader.NativeLibraries.load");
        assertEquals("libcuda.so.1 (cannot open shared object file: No such file or directory)",
                CudaDriver.describe(e));
        NoClassDefFoundError again = new NoClassDefFoundError("Could not initialize class jcuda.driver.JCudaDriver");
        again.initCause(new ExceptionInInitializerError("Exception " + e.getMessage()));
        assertEquals("libcuda.so.1 (cannot open shared object file: No such file or directory)",
                CudaDriver.describe(again));
        assertEquals("UnsatisfiedLinkError: no such library", CudaDriver.describe(
                new UnsatisfiedLinkError("no such library\n\tmore")));
    }
}

package org.loopnest.internal.kernel;

import java.util.List;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;

import org.loopnest.kernel.BlockKernel;
import org.loopnest.kernel.BoundArrays;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.ElementBody;
import org.loopnest.kernel.ElementKernel;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How a worker node rebuilds a Java body from its class name, and what it says when it cannot. */
class KernelFromClassNameTest {
    /** A loadable body. */
    public static final class Nothing implements ElementKernel {
        @Override
        public ElementBody bind(BoundArrays arrays) {
            return it -> { };
        }
    }

    /** Not a kernel at all. */
    public static final class NotAKernel {
    }

    @Test
    void shouldRebuildANamedKernelWithItsDeviceCode() {
        DeviceCode code = DeviceCode.of("b = a;");
        Program program = KernelLanguage.check(code, new KernelContext(List.of("i"), List.of(
                new KernelContext.ArraySignature("a", Type.FLOAT, Role.IN),
                new KernelContext.ArraySignature("b", Type.FLOAT, Role.OUT))));
        Kernel kernel = Kernel.fromClassName(Nothing.class.getName(), program);
        assertTrue(kernel.hasJavaBody());
        assertSame(code, kernel.deviceCode().orElseThrow());
        assertEquals(Nothing.class, kernel.javaBody().orElseThrow().getClass());
    }

    @Test
    void shouldSayWhenTheClassIsMissingOrNoKernel() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> Kernel.fromClassName("com.example.Missing", null));
        assertEquals("kernel class com.example.Missing is not on this node's class path (expected: the same jars as "
                + "the coordinator)", missing.getMessage());
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> Kernel.fromClassName(NotAKernel.class.getName(), null));
        assertEquals("kernel class " + NotAKernel.class.getName() + " is a " + NotAKernel.class.getName()
                + " (expected: an ElementKernel or a BlockKernel)", wrong.getMessage());
    }
}

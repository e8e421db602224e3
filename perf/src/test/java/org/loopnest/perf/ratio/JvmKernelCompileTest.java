package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class JvmKernelCompileTest {

    @Test
    void shouldRefuseNoFreshJvm() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new JvmKernelCompile(new Rounds(0, 1), 0, new Rounds(0, 1)));

        assertEquals("fresh JVMs = 0 (expected: >= 1)", e.getMessage());
    }

    @Test
    void shouldRefuseAFirstCompileRunWithoutItsVariantNumber() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FirstKernelCompile.main(new String[0]));

        assertEquals("arguments: 0 (expected: 1, the variant number)", e.getMessage());
    }
}

package org.loopnest.perf.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.kernel.DeviceCode;

class GeneratedBodyTest {

    @Test
    void shouldGenerateExactlyTheLinesAskedForThatTheFrontEndAccepts() {
        for (int lines : new int[] {KernelCheckBench.LINES, 67, 123}) {
            DeviceCode code = GeneratedBody.of(lines);

            Program program = KernelLanguage.check(code, GeneratedBody.CONTEXT);

            assertEquals(lines, code.body().lines().count() + code.helpers().lines().count(), "lines " + lines);
            assertEquals(GeneratedBody.HELPERS, program.helpers().size());
        }
    }

    @Test
    void shouldGiveTheSameTextForTheSameCount() {
        assertEquals(GeneratedBody.of(200), GeneratedBody.of(200));
    }

    @Test
    void shouldRefuseACountWithoutRoomForOneGroup() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GeneratedBody.of(58));

        assertEquals("lines = 58 (expected: at least 59: the helpers, one group and the outputs)", e.getMessage());
    }
}

package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReservedWordsTest {
    @Test
    void shouldReserveTheWordsOfEveryTarget() {
        for (String word : List.of("restrict", "_Bool", "_Static_assert", "constexpr", "nullptr", "template",
                "image2d_t", "sampler_t", "size_t", "__kernel", "__global", "global", "local", "half", "uchar",
                "double16", "float3", "__shared__", "__device__", "threadIdx", "warpSize", "dim3", "permits", "record",
                "yield", "null", "true", "NAN", "INFINITY", "LN_I64", "ln_index", "generic", "__generic", "atomic_int",
                "memory_order", "image2d_msaa_t", "bool4", "quad2", "double4x4", "half2x8")) {
            assertTrue(ReservedWords.isReserved(word), word);
        }
    }

    @Test
    void shouldLeaveOrdinaryNamesFree() {
        for (String word : List.of("theta", "lcl_p", "w", "next", "p0", "Ln_x", "lnx", "kernels", "float5", "int4x4", "generics")) {
            assertFalse(ReservedWords.isReserved(word), word);
        }
    }
}

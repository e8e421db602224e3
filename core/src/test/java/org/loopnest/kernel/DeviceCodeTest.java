package org.loopnest.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DeviceCodeTest {
    @Test
    void shouldRefuseANameThatIsNoIdentifierQuotingItsControlCharactersEscaped() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DeviceCode.of("y = 1.0f;").named("k\0\u001b[2J"));
        assertEquals("device code name 'k\\u0000\\u001b[2J' (expected: a C identifier such as loopnest_kernel)",
                e.getMessage());
    }
}

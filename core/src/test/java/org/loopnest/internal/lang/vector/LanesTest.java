package org.loopnest.internal.lang.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.lang.Type;

/** The lane count, the mask type and the choice of pow's form, from the body's types and the machine's vectors. */
class LanesTest {
    @Test
    void shouldTakeTheLaneCountFromTheWidestTypeAndTheMasksFromTheWidestFloatingType() {
        Lanes lanes = Lanes.of(Set.of(Type.FLOAT, Type.LONG, Type.BOOL), 512);
        assertEquals(8, lanes.count(), "a long in the body: 64-bit lanes");
        assertEquals(Type.FLOAT, lanes.maskType());
        assertEquals("FloatVector.SPECIES_256", lanes.species(Type.FLOAT));
        assertEquals(16, Lanes.of(Set.of(Type.FLOAT), 512).count());
    }

    @Test
    void shouldComputePowAsExpOfYLogXOnlyBelow512BitsOnX8664() {
        Assumptions.assumeTrue(Set.of("amd64", "x86_64").contains(System.getProperty("os.arch")),
                "the choice is x86-64's (os.arch " + System.getProperty("os.arch") + ")");
        Lanes narrow = Lanes.of(Set.of(Type.FLOAT), 256);
        assertTrue(narrow.powByExpLog(), "AVX2: no vector POW");
        assertEquals("vector (FloatVector 256-bit, 8 lanes; pow as exp(y·log x))", narrow.describe());
        Lanes wide = Lanes.of(Set.of(Type.FLOAT), 512);
        assertFalse(wide.powByExpLog(), "AVX-512: the JDK's POW");
        assertEquals("vector (FloatVector 512-bit, 16 lanes)", wide.describe());
    }

    @Test
    void shouldRefuseAPreferredSizeThatIsNoVector() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Lanes.of(Set.of(), 96));
        assertEquals("preferredBits = 96 (expected: a power of two >= 128)", e.getMessage());
    }
}

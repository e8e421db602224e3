package org.loopnest.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PlanAccessTest {
    @Test
    void shouldRefuseASecondFactory() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PlanAccess.install(PlanAccess.factory()));
        assertEquals("the plan factory is installed already (only RunPlan installs it)", e.getMessage());
    }

    @Test
    void shouldNameTheMissingPartOfAPlan() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new PlanBuilder().build());
        assertEquals("space", e.getMessage());
    }
}

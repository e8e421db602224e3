package org.loopnest.internal.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.loopnest.data.Holder;
import org.loopnest.data.LinearHolder;

class HolderAccessTest {
    @Test
    void shouldReachTheHoldersReachThroughTheDoorLinearHolderInstalled() {
        LinearHolder strided = (LinearHolder) Holder.strided(new float[20], 2, 5, 1);
        assertArrayEquals(new long[] {2, 2 + 5 * 2 + 3}, HolderAccess.holders().span(strided, new long[] {3, 4}));
    }

    @Test
    void shouldRefuseASecondInstallNamingWhoInstalls() {
        HolderAccess.holders();
        IllegalStateException twice = assertThrows(IllegalStateException.class,
                () -> HolderAccess.install(HolderAccess.holders()));
        assertEquals("the holder access is installed already (only LinearHolder installs it)", twice.getMessage());
    }
}

package org.loopnest.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class FileOwnerTest {
    @Test
    void shouldReadBackTheTokenItWrites() {
        FileOwner me = FileOwner.current();
        assertEquals(Optional.of(me), FileOwner.parse(me.token()));
        assertEquals(ProcessHandle.current().pid(), me.pid());
        assertTrue(me.token().matches(FileOwner.TOKEN_PATTERN), me.token());
        assertEquals(Optional.empty(), FileOwner.parse("3fa2c1d0-12x-1"));
        assertEquals(Optional.empty(), FileOwner.parse("3fa2c1d0-9999999999999999999-1"));
    }

    @Test
    void shouldCallThisJvmAliveAndAnEndedProcessGone() throws Exception {
        assertFalse(FileOwner.current().gone());
        assertTrue(Processes.finished().gone());
    }

    @Test
    void shouldCallAProcessOfAnotherStartTimeGoneAndOfAnotherHostAlive() {
        FileOwner me = FileOwner.current();
        assertTrue(new FileOwner(me.host(), me.pid(), me.startMillis() - 60_000).gone(), "the pid was reused");
        assertFalse(new FileOwner(me.host(), me.pid(), 0).gone(), "start time unknown: the pid decides");
        String other = me.host().equals("00000000") ? "00000001" : "00000000";
        assertFalse(new FileOwner(other, Long.MAX_VALUE / 2, 1).gone(), "another host's process cannot be seen");
    }
}

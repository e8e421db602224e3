package org.loopnest.internal.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class FileOwnerTest {
    @Test
    void shouldReadBackTheTokenItWrites() {
        FileOwner me = FileOwner.current();
        assertEquals(Optional.of(me), FileOwner.parse(me.token()));
        assertEquals(ProcessHandle.current().pid(), me.pid());
        assertTrue(me.token().matches(FileOwner.TOKEN_PATTERN), me.token());
        FileOwner millis = new FileOwner(me.host(), me.pid(), "", 1_700_000_000_000L);
        assertEquals(Optional.of(millis), FileOwner.parse(millis.token()));
        assertTrue(millis.token().matches(FileOwner.TOKEN_PATTERN), millis.token());
        assertEquals(Optional.empty(), FileOwner.parse("3fa2c1d0-12x-1"));
        assertEquals(Optional.empty(), FileOwner.parse("3fa2c1d0-9999999999999999999-1"));
        assertEquals(Optional.empty(), FileOwner.parse("3fa2c1d0-12-3fa2c1d_1"));
    }

    @Test
    void shouldCallThisJvmAliveAndAnEndedProcessGone() throws Exception {
        assertFalse(FileOwner.current().gone());
        assertTrue(Processes.finished().gone());
    }

    @Test
    void shouldNameAProcessByItsBootAndStartInClockTicksWhichNoWallClockStepMoves() throws Exception {
        Path stat = Path.of("/proc/self/stat");
        assumeTrue(Files.isReadable(stat) && Files.isReadable(Path.of("/proc/sys/kernel/random/boot_id")),
                "no /proc: the start time in milliseconds since the epoch is the rule");
        String text = Files.readString(Path.of("/proc", "" + ProcessHandle.current().pid(), "stat"));
        long ticks = Long.parseLong(text.substring(text.lastIndexOf(')') + 2).split(" ")[19]);
        CRC32 boot = new CRC32();
        boot.update(Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim()
                .getBytes(StandardCharsets.UTF_8));
        FileOwner me = FileOwner.current();

        assertEquals(String.format("%08x", boot.getValue()), me.boot());
        assertEquals(ticks, me.start(), "the 22nd field of /proc/PID/stat, not the wall clock's reading");
        assertEquals(me.host() + "-" + me.pid() + "-" + me.boot() + "_" + Long.toString(ticks, 36), me.token());
        assertFalse(new FileOwner(me.host(), me.pid(), me.boot(), ticks).gone());
        assertTrue(new FileOwner(me.host(), me.pid(), me.boot(), ticks + 1).gone(), "the pid was reused");
        String otherBoot = me.boot().equals("00000000") ? "00000001" : "00000000";
        assertTrue(new FileOwner(me.host(), me.pid(), otherBoot, ticks).gone(), "it ran before the last boot");
        assertTrue(Processes.finished().gone());
    }

    @Test
    void shouldCallAProcessOfAnotherStartTimeGoneAndOfAnotherHostAlive() {
        FileOwner me = FileOwner.current();
        long millis = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        assertFalse(new FileOwner(me.host(), me.pid(), "", millis).gone(), "the same start time, in milliseconds");
        assertTrue(new FileOwner(me.host(), me.pid(), "", millis - 60_000).gone(), "the pid was reused");
        assertFalse(new FileOwner(me.host(), me.pid(), "", 0).gone(), "start time unknown: the pid decides");
        String other = me.host().equals("00000000") ? "00000001" : "00000000";
        assertFalse(new FileOwner(other, Long.MAX_VALUE / 2, "", 1).gone(), "another host's process cannot be seen");
    }
}

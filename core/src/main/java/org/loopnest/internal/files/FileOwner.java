package org.loopnest.internal.files;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The process that made a file, as its name carries it: the token {@code HOST-PID-START}, {@code HOST} being 8 hex
 * digits of the CRC-32 of the host's name and {@code PID} the process id in decimal. Where {@code /proc} tells them
 * (Linux), {@code START} is {@code BOOT_TICKS}: 8 hex digits of the CRC-32 of the boot id
 * ({@code /proc/sys/kernel/random/boot_id}) and the process's start in clock ticks since boot (the 22nd field of
 * {@code /proc/PID/stat}) in base 36 — neither moves when the wall clock is set. Elsewhere {@code START} is the
 * process's start time in milliseconds since the epoch in base 36 ({@code 0} where the system does not tell it).
 *
 * <p>{@link #gone()} is the only test that lets a leftover be deleted: the owner ran on this host and no process with
 * its id runs now, or one does but started at another time (its id was reused) or the owner ran before the last boot.
 * A file of another host (a shared file system) is never judged gone: its owner cannot be seen from here.
 *
 * @param host  the CRC-32 of the owner's host name, 8 lowercase hex digits
 * @param pid   the owner's process id
 * @param boot  the CRC-32 of the boot id the owner ran under, 8 lowercase hex digits; empty where {@code start} is
 *              in milliseconds since the epoch
 * @param start when the owner started: clock ticks since boot, or (with {@code boot} empty) milliseconds since the
 *              epoch, 0 if unknown
 */
public record FileOwner(String host, long pid, String boot, long start) {
    /** Start times this close are the same process's: two readings of the boot time may differ by a second. */
    private static final long START_TOLERANCE_MILLIS = 2_000;
    private static final Pattern TOKEN = Pattern.compile(
            "([0-9a-f]{8})-([0-9]{1,18})-(?:([0-9a-f]{8})_)?([0-9a-z]{1,12})");
    private static final String HOST = hostHash();
    private static final String BOOT = bootHash();
    private static final FileOwner CURRENT = of(ProcessHandle.current());

    /** A missing boot hash is an empty one. */
    public FileOwner {
        boot = boot == null ? "" : boot;
    }

    /** The regular expression of a token, for names that embed one. */
    static final String TOKEN_PATTERN = "[0-9a-f]{8}-[0-9]{1,18}-(?:[0-9a-f]{8}_)?[0-9a-z]{1,12}";

    /** {@return this process} */
    public static FileOwner current() {
        return CURRENT;
    }

    /**
     * {@return the process {@code handle} on this host}
     *
     * @param handle a process of this host, running or not
     */
    public static FileOwner of(ProcessHandle handle) {
        OptionalLong ticks = BOOT == null ? OptionalLong.empty() : ticks(handle.pid());
        return ticks.isPresent() ? new FileOwner(thisHost(), handle.pid(), BOOT, ticks.getAsLong())
                : new FileOwner(thisHost(), handle.pid(), "", startMillis(handle));
    }

    /**
     * {@return the owner a token names, or empty if {@code token} is not one}
     *
     * @param token {@code HOST-PID-START} as {@link #token()} writes it
     */
    public static Optional<FileOwner> parse(String token) {
        Matcher m = TOKEN.matcher(token);
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new FileOwner(m.group(1), Long.parseLong(m.group(2)),
                    m.group(3) == null ? "" : m.group(3), Long.parseLong(m.group(4), 36)));
        } catch (NumberFormatException tooLarge) {
            return Optional.empty();
        }
    }

    /** {@return {@code HOST-PID-START}, what names carry} */
    public String token() {
        return host + "-" + pid + "-" + (boot.isEmpty() ? "" : boot + "_") + Long.toString(start, 36);
    }

    /** {@return whether the owner ran on this host (by its name's hash), so that {@link #gone()} can judge it} */
    public boolean ofThisHost() {
        return host.equals(thisHost());
    }

    /**
     * {@return whether the owner has ended: it ran on this host and no process of its id runs now, or one that
     * started at another time does, or it ran before this boot}
     */
    public boolean gone() {
        if (!ofThisHost()) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        if (!boot.isEmpty()) {
            if (BOOT == null) {
                return false; // this process cannot read /proc: the pid decides
            }
            if (!boot.equals(BOOT)) {
                return true; // it ran before the last boot: the pid is another process's now
            }
            OptionalLong ticks = ticks(pid);
            return ticks.isPresent() && ticks.getAsLong() != start;
        }
        long now = startMillis(process.get());
        return start != 0 && now != 0 && Math.abs(now - start) > START_TOLERANCE_MILLIS;
    }

    private static long startMillis(ProcessHandle handle) {
        return handle.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    /** {@return the start of process {@code pid} in clock ticks since boot; empty where /proc does not tell it} */
    private static OptionalLong ticks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return OptionalLong.of(Long.parseLong(fields[22 - 3])); // the fields after the name begin with the 3rd
        } catch (IOException | RuntimeException noProc) {
            return OptionalLong.empty();
        }
    }

    private static String bootHash() {
        try {
            String id = Files.readString(Path.of("/proc/sys/kernel/random/boot_id"), StandardCharsets.US_ASCII).trim();
            return id.isEmpty() || ticks(ProcessHandle.current().pid()).isEmpty() ? null : crc(id);
        } catch (IOException | RuntimeException noProc) {
            return null;
        }
    }

    private static String crc(String text) {
        CRC32 crc = new CRC32();
        crc.update(text.getBytes(StandardCharsets.UTF_8));
        return String.format("%08x", crc.getValue());
    }

    private static String thisHost() {
        return HOST;
    }

    private static String hostHash() {
        return crc(hostName());
    }

    private static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
        } catch (IOException | RuntimeException noProc) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException unknown) {
                return "localhost";
            }
        }
    }
}

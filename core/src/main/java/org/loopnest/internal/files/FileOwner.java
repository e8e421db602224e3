package org.loopnest.internal.files;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The process that made a file, as its name carries it: the token {@code HOST-PID-START}, {@code HOST} being 8 hex
 * digits of the CRC-32 of the host's name, {@code PID} the process id in decimal and {@code START} the process's start
 * time in milliseconds since the epoch in base 36 ({@code 0} where the system does not tell it).
 *
 * <p>{@link #gone()} is the only test that lets a leftover be deleted: the owner ran on this host and no process with
 * its id runs now, or one does but started at another time (its id was reused). A file of another host (a shared file
 * system) is never judged gone: its owner cannot be seen from here.
 *
 * @param host        the CRC-32 of the owner's host name, 8 lowercase hex digits
 * @param pid         the owner's process id
 * @param startMillis when the owner started, in milliseconds since the epoch; 0 if unknown
 */
public record FileOwner(String host, long pid, long startMillis) {
    /** Start times this close are the same process's: two readings of the boot time may differ by a second. */
    private static final long START_TOLERANCE_MILLIS = 2_000;
    private static final Pattern TOKEN = Pattern.compile("([0-9a-f]{8})-([0-9]{1,18})-([0-9a-z]{1,12})");
    private static final String HOST = hostHash();
    private static final FileOwner CURRENT = of(ProcessHandle.current());

    /** The regular expression of a token, for names that embed one. */
    static final String TOKEN_PATTERN = "[0-9a-f]{8}-[0-9]{1,18}-[0-9a-z]{1,12}";

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
        return new FileOwner(thisHost(), handle.pid(), start(handle));
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
            return Optional.of(new FileOwner(m.group(1), Long.parseLong(m.group(2)), Long.parseLong(m.group(3), 36)));
        } catch (NumberFormatException tooLarge) {
            return Optional.empty();
        }
    }

    /** {@return {@code HOST-PID-START}, what names carry} */
    public String token() {
        return host + "-" + pid + "-" + Long.toString(startMillis, 36);
    }

    /**
     * {@return whether the owner has ended: it ran on this host and no process of its id runs now, or one that
     * started at another time does}
     */
    public boolean gone() {
        if (!host.equals(thisHost())) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        long start = start(process.get());
        return startMillis != 0 && start != 0 && Math.abs(start - startMillis) > START_TOLERANCE_MILLIS;
    }

    private static long start(ProcessHandle handle) {
        return handle.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    private static String thisHost() {
        return HOST;
    }

    private static String hostHash() {
        CRC32 crc = new CRC32();
        crc.update(hostName().getBytes(StandardCharsets.UTF_8));
        return String.format("%08x", crc.getValue());
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

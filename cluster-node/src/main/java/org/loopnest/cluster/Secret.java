package org.loopnest.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The secret a coordinator and its nodes share, read from a file. Never logged, never sent. */
public final class Secret {
    /** The fewest bytes a secret may have. */
    public static final int MIN_BYTES = 16;
    /**
     * The most bytes a secret file may have: a secret is a line of text, so a larger file is the wrong file, and
     * reading it (or {@code /dev/zero}) whole would fill the heap.
     */
    public static final int MAX_FILE_BYTES = 64 * 1024;

    private final byte[] bytes;

    private Secret(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * {@return the secret in {@code bytes} (trailing whitespace of a text file included as written: use the file as
     * is)}
     *
     * @param bytes the secret, copied
     * @throws IllegalArgumentException if it has fewer than {@link #MIN_BYTES} bytes
     */
    public static Secret of(byte[] bytes) {
        if (bytes == null || bytes.length < MIN_BYTES) {
            throw new IllegalArgumentException("secret has " + (bytes == null ? 0 : bytes.length) + " bytes "
                    + "(expected: at least " + MIN_BYTES + ", e.g. loopnest secret FILE)");
        }
        return new Secret(bytes.clone());
    }

    /**
     * A secret for one purpose, derived from this one: HMAC-SHA256 of {@code context} under this secret. Peers that
     * share this secret and agree on {@code context} share the derived one; a peer with another context fails the
     * handshake as if it had another secret. A Slurm step derives its own ({@code "slurm step JOB.STEP"}), so that a
     * coordinator never authenticates to a worker of another job that happens to listen on the same port.
     *
     * @param context what the derived secret is for, not blank
     * @return the derived secret (32 bytes)
     * @throws IllegalArgumentException if {@code context} is blank
     */
    public Secret derive(String context) {
        if (context == null || context.isBlank()) {
            throw new IllegalArgumentException("context: blank (expected: what the derived secret is for)");
        }
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(bytes, "HmacSHA256"));
            return new Secret(mac.doFinal(context.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e); // every JDK has it
        }
    }

    /**
     * The contents of {@code file}, with one trailing line break removed. Only a regular file is read: a FIFO
     * with no writer would block for ever, and a device such as {@code /dev/zero} never ends.
     *
     * @param file a file holding the secret
     * @return the secret that {@code file} holds
     * @throws IllegalArgumentException naming the file if it is not a regular file of at most
     *     {@link #MAX_FILE_BYTES} bytes, its group or others may read or change it (POSIX file systems), it cannot be
     *     read, or it holds fewer than 128 random bits ({@code SecretStrength}: hex 4 bits a character, base64 6,
     *     raw bytes 8; other printable text, a passphrase, none)
     */
    public static Secret read(Path file) {
        byte[] raw;
        try {
            String expected = " (expected: a regular file of " + MIN_BYTES + " to " + MAX_FILE_BYTES + " bytes)";
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("secret file " + file + ": " + (Files.isDirectory(file)
                        ? "a directory" : Files.exists(file) ? "not a regular file" : "no such file") + expected);
            }
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new IllegalArgumentException("secret file " + file + ": " + size + " bytes" + expected);
            }
            checkOwnerOnly(file);
            raw = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("secret file " + file + ": cannot be read (" + e.getMessage() + ")", e);
        }
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        if (text.endsWith("\n")) {
            text = text.substring(0, text.length() - (text.endsWith("\r\n") ? 2 : 1));
        }
        byte[] secret = text.getBytes(StandardCharsets.ISO_8859_1);
        int bits = SecretStrength.bits(secret);
        if (bits < SecretStrength.MIN_BITS) {
            throw new IllegalArgumentException("secret file " + file + ": " + (bits == 0 && secret.length > 0
                    ? "text that is not hex, base64 or raw random bytes (a passphrase can be guessed offline)"
                    : "about " + bits + " random bits") + " (expected: at least " + SecretStrength.MIN_BITS
                    + " random bits, e.g. loopnest secret FILE)");
        }
        try {
            return of(secret);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("secret file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Refuses a file its group or others may read or write, where the file system keeps POSIX permissions. */
    private static void checkOwnerOnly(Path file) throws IOException {
        if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        java.util.Set<java.nio.file.attribute.PosixFilePermission> mode = Files.getPosixFilePermissions(file);
        java.util.Set<java.nio.file.attribute.PosixFilePermission> others = java.util.EnumSet.of(
                java.nio.file.attribute.PosixFilePermission.GROUP_READ,
                java.nio.file.attribute.PosixFilePermission.GROUP_WRITE,
                java.nio.file.attribute.PosixFilePermission.OTHERS_READ,
                java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
        others.retainAll(mode);
        if (!others.isEmpty()) {
            throw new IllegalArgumentException("secret file " + file + ": its mode is "
                    + java.nio.file.attribute.PosixFilePermissions.toString(mode) + ", so its group or others can "
                    + "read or change it (expected: rw------- or r--------: chmod 600 " + file
                    + ", or make one with loopnest secret FILE)");
        }
    }

    byte[] bytes() {
        return bytes;
    }

    /** Never the secret itself. */
    @Override
    public String toString() {
        return "Secret(" + bytes.length + " bytes)";
    }
}

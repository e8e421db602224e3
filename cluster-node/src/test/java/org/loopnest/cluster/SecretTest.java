package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretTest {
    private static final String EXPECTED = " (expected: a regular file of 16 to 65536 bytes)";

    @TempDir
    Path dir;

    @Test
    void shouldReadASecretFileWithoutItsTrailingLineBreak() throws IOException {
        Path file = java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef\r\n"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertEquals("0123456789abcdef0123456789abcdef", new String(Secret.read(file).bytes(), StandardCharsets.ISO_8859_1));
    }

    @Test
    void shouldRefuseAFileTooLargeToBeASecretWithoutReadingIt() throws IOException {
        Path file = Files.write(dir.resolve("big"), new byte[Secret.MAX_FILE_BYTES + 1]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Secret.read(file));
        assertEquals("secret file " + file + ": 65537 bytes" + EXPECTED, e.getMessage());
    }

    @Test
    void shouldRefuseADirectoryAndAMissingFile() {
        assertEquals("secret file " + dir + ": a directory" + EXPECTED,
                assertThrows(IllegalArgumentException.class, () -> Secret.read(dir)).getMessage());
        Path none = dir.resolve("none");
        assertEquals("secret file " + none + ": no such file" + EXPECTED,
                assertThrows(IllegalArgumentException.class, () -> Secret.read(none)).getMessage());
    }

    @Test
    void shouldRefuseAFifoAndADeviceInsteadOfBlockingOnThem() throws Exception {
        Path fifo = dir.resolve("fifo");
        boolean made;
        try {
            made = new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0;
        } catch (IOException e) {
            made = false;
        }
        Assumptions.assumeTrue(made && Files.exists(Path.of("/dev/zero")), "no mkfifo or /dev/zero here");
        // the guard only turns a hang (a FIFO without a writer blocks its reader for ever) into a failure
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            assertEquals("secret file " + fifo + ": not a regular file" + EXPECTED,
                    assertThrows(IllegalArgumentException.class, () -> Secret.read(fifo)).getMessage());
            assertEquals("secret file /dev/zero: not a regular file" + EXPECTED,
                    assertThrows(IllegalArgumentException.class, () -> Secret.read(Path.of("/dev/zero")))
                            .getMessage());
        });
    }

    @Test
    void shouldRefuseAFileItsGroupOrOthersMayReadNamingItsMode() throws IOException {
        Path file = Files.writeString(dir.resolve("shared"), "0123456789abcdef0123456789abcdef");
        java.nio.file.Files.setPosixFilePermissions(file,
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        assertEquals("secret file " + file + ": its mode is rw-r--r--, so its group or others can read or change it "
                + "(expected: rw------- or r--------: chmod 600 " + file + ", or make one with loopnest secret FILE)",
                assertThrows(IllegalArgumentException.class, () -> Secret.read(file)).getMessage());
    }

    @Test
    void shouldRefuseFewerThan128RandomBitsAndPassphrases() throws IOException {
        Path hex = ownerOnly("hex", "0123456789abcdef0123456789abcde".getBytes(StandardCharsets.US_ASCII));
        assertEquals("secret file " + hex + ": about 124 random bits (expected: at least 128 random bits, e.g. "
                + "loopnest secret FILE)", assertThrows(IllegalArgumentException.class, () -> Secret.read(hex))
                .getMessage());
        Path words = ownerOnly("words", "correct horse battery staple and more".getBytes(StandardCharsets.US_ASCII));
        assertEquals("secret file " + words + ": text that is not hex, base64 or raw random bytes (a passphrase can "
                + "be guessed offline) (expected: at least 128 random bits, e.g. loopnest secret FILE)",
                assertThrows(IllegalArgumentException.class, () -> Secret.read(words)).getMessage());
        Secret.read(ownerOnly("base64", "q83vASNFZ4mrze8BI0VniQ==\n".getBytes(StandardCharsets.US_ASCII)));
        byte[] raw = new byte[16];
        raw[0] = 1; // not printable: raw bytes count 8 bits each
        Secret.read(ownerOnly("raw", raw));
    }

    private Path ownerOnly(String name, byte[] content) throws IOException {
        Path file = Files.write(dir.resolve(name), content);
        java.nio.file.Files.setPosixFilePermissions(file,
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    @Test
    void shouldDeriveOneSecretPerContextThatOnlyTheSameSecretAndContextGive() {
        Secret a = Secret.of("0123456789abcdef0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Secret b = Secret.of("fedcba9876543210fedcba9876543210".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        org.junit.jupiter.api.Assertions.assertArrayEquals(a.derive("step 5.0").bytes(), a.derive("step 5.0").bytes());
        org.junit.jupiter.api.Assertions.assertEquals(32, a.derive("step 5.0").bytes().length);
        org.junit.jupiter.api.Assertions.assertFalse(java.util.Arrays.equals(a.derive("step 5.0").bytes(),
                a.derive("step 69.0").bytes()));
        org.junit.jupiter.api.Assertions.assertFalse(java.util.Arrays.equals(a.derive("step 5.0").bytes(),
                b.derive("step 5.0").bytes()));
        org.junit.jupiter.api.Assertions.assertFalse(java.util.Arrays.equals(a.derive("step 5.0").bytes(), a.bytes()));
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> a.derive(" "));
        org.junit.jupiter.api.Assertions.assertEquals("context: blank (expected: what the derived secret is for)",
                e.getMessage());
    }
}

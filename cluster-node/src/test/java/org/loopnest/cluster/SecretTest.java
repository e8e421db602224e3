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
        Path file = Files.writeString(dir.resolve("secret"), "0123456789abcdef\r\n");
        assertEquals("0123456789abcdef", new String(Secret.read(file).bytes(), StandardCharsets.ISO_8859_1));
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
}

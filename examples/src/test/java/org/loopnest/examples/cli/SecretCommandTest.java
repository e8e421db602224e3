package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.cluster.Secret;

/** {@code loopnest secret FILE}: a new owner-only file of 256 random bits that nodes read, never an overwrite. */
class SecretCommandTest {
    @TempDir
    Path dir;

    @Test
    void shouldWriteANewOwnerOnlyFileOf256RandomBitsThatNodesRead() throws Exception {
        Path a = dir.resolve("a.secret");
        Path b = dir.resolve("b.secret");
        Cli run = Cli.run("secret", a.toString());
        assertEquals(0, run.code(), run.err());
        assertEquals(0, Cli.run("secret", b.toString()).code());
        String text = Files.readString(a);
        assertTrue(text.matches("[0-9a-f]{64}\n"), text);
        assertNotEquals(text, Files.readString(b), "two secrets differ");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(a)));
        Secret.read(a); // the nodes' reader takes it
        assertTrue(run.out().startsWith("wrote 256 random bits to " + a + " (mode 0600)"), run.out());
    }

    @Test
    void shouldNeverOverwriteAFileNorWriteIntoAMissingDirectory() throws Exception {
        Path existing = Files.writeString(dir.resolve("s"), "keep");
        Cli run = Cli.run("secret", existing.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("FILE " + existing + ": exists (expected: a new file; a secret is never "
                + "overwritten, so that running nodes keep theirs)"), run.err());
        assertEquals("keep", Files.readString(existing));
        Path nowhere = dir.resolve("no/s");
        Cli missing = Cli.run("secret", nowhere.toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("FILE " + nowhere + ": its directory does not exist (expected: an existing "
                + "directory)"), missing.err());
    }
}

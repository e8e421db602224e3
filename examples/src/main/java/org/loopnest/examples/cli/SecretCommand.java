package org.loopnest.examples.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loopnest secret FILE}: writes a new secret for a coordinator and its worker nodes — {@value #BITS} random
 * bits from {@link SecureRandom}, as one line of hex — into a file created readable and writable by its owner only
 * (mode 0600, set when the file is created, so it is never readable by others). An existing file is never
 * overwritten. Why random bits and not a passphrase: the handshake lets a peer that listens test guesses offline.
 */
@Command(name = "secret", description = "Writes a new secret for --secret-file: " + SecretCommand.BITS + " random bits "
        + "as hex, in a new file readable by its owner only (mode 0600). Never overwrites a file.")
public final class SecretCommand implements Callable<Integer> {
    /** The random bits a secret holds. */
    static final int BITS = 256;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Parameters(paramLabel = "FILE", description = "The new secret file (its directory must exist).")
    private Path file;

    @Override
    public Integer call() {
        Path directory = file.toAbsolutePath().getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new IllegalArgumentException("FILE " + file + ": its directory does not exist (expected: an "
                    + "existing directory)");
        }
        byte[] bits = new byte[BITS / 8];
        new SecureRandom().nextBytes(bits);
        byte[] line = (HexFormat.of().formatHex(bits) + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            if (directory.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                        "rw-------")));
            } else {
                Files.createFile(file);
            }
            Files.write(file, line);
        } catch (FileAlreadyExistsException e) {
            throw new IllegalArgumentException("FILE " + file + ": exists (expected: a new file; a secret is never "
                    + "overwritten, so that running nodes keep theirs)");
        } catch (IOException e) {
            throw new UncheckedIOException("FILE " + file + ": cannot be written: " + e, e);
        }
        spec.commandLine().getOut().println("wrote " + BITS + " random bits to " + file + " (mode 0600); give it to "
                + "the coordinator and the worker nodes with --secret-file, on a file system only you can read");
        spec.commandLine().getOut().flush();
        return ErrorHandler.OK;
    }
}

package org.loopnest.format.grads;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a descriptor file's text, refusing up front what is not one: a path that is not a regular file (a FIFO would
 * block, {@code /dev/zero} never ends), a file over {@link #MAX_BYTES}, and bytes that are not text (a NetCDF or HDF5
 * file given as a descriptor, NUL or other control bytes), each a {@link GradsFormatException} naming the file. Text
 * is UTF-8 (a leading byte-order mark dropped) or, where it is not valid UTF-8, Latin-1. Stateless.
 */
final class DescriptorFile {
    /** The largest descriptor read: a descriptor is a few lines; even every level of a fine grid listed is far less. */
    static final int MAX_BYTES = 4 << 20;
    private static final String EXPECTED = "expected: a GrADS descriptor, a text file";

    private DescriptorFile() {
    }

    static String read(Path ctl) throws IOException {
        if (!Files.isRegularFile(ctl)) {
            if (!Files.exists(ctl)) {
                throw withReason(new NoSuchFileException(ctl.toString()), "a GrADS descriptor");
            }
            throw new GradsFormatException(ctl, 0, (Files.isDirectory(ctl) ? "a directory" : "not a regular file (a "
                    + "FIFO, a device or another special file)") + " (" + EXPECTED + ")");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(ctl)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (FileSystemException e) {
            throw withReason(e, "a readable GrADS descriptor");
        }
        if (bytes.length > MAX_BYTES) {
            throw new GradsFormatException(ctl, 0, "larger than " + (MAX_BYTES >> 20) + " MiB (" + EXPECTED + " of "
                    + "at most " + (MAX_BYTES >> 20) + " MiB)");
        }
        return text(ctl, bytes);
    }

    /** The bytes as UTF-8 text (Latin-1 where not valid UTF-8), or a fault naming the first control byte. */
    private static String text(Path ctl, byte[] bytes) {
        String kind = kind(bytes);
        if (kind != null) {
            throw new GradsFormatException(ctl, 0, "not a text GrADS descriptor: it starts like " + kind + " ("
                    + EXPECTED + ")");
        }
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xFF;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7F) {
                throw new GradsFormatException(ctl, 0, "not a text GrADS descriptor: byte " + i + " is "
                        + String.format("0x%02X", b) + ", a control byte (" + EXPECTED + ")");
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) { // GrADS reads bytes: text in a single-byte encoding (a Latin-1 '°' in a TITLE) is text
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
        decoder.flush(out);
        String text = out.flip().toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text; // a byte-order mark some editors write
    }

    /** What a binary file that is often mistaken for a descriptor is, by its first bytes, or null. */
    private static String kind(byte[] b) {
        if (b.length >= 4 && b[0] == 'C' && b[1] == 'D' && b[2] == 'F' && (b[3] == 1 || b[3] == 2 || b[3] == 5)) {
            return "a classic NetCDF file (CDF\\x0" + b[3] + ")";
        }
        if (b.length >= 4 && (b[0] & 0xFF) == 0x89 && b[1] == 'H' && b[2] == 'D' && b[3] == 'F') {
            return "an HDF5/NetCDF-4 file (\\x89HDF)";
        }
        return null;
    }

    /**
     * The same exception with a reason where it has none, so that its message says why, not only the path: "no such
     * file", "permission denied", or the kind of failure; the type is kept for the first two.
     */
    static FileSystemException withReason(FileSystemException e, String expected) {
        if (e.getReason() != null) {
            return e;
        }
        String because = " (expected: " + expected + ")";
        if (e instanceof NoSuchFileException) {
            return new NoSuchFileException(e.getFile(), e.getOtherFile(), "no such file" + because);
        }
        if (e instanceof AccessDeniedException) {
            return new AccessDeniedException(e.getFile(), e.getOtherFile(), "permission denied" + because);
        }
        return new FileSystemException(e.getFile(), e.getOtherFile(), e.getClass().getSimpleName() + because);
    }
}

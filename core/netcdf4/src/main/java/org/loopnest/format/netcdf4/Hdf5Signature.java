package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.OptionalLong;

/**
 * The 8-byte HDF5 signature ({@code \211HDF\r\n\032\n}) and where it may lie: at byte 0, or after a user block at
 * 512, 1024, 2048, … (each a power of two), as the HDF5 specification says. Also tells a classic NetCDF file by its
 * magic, for a helpful refusal. Stateless.
 */
final class Hdf5Signature {
    static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

    private Hdf5Signature() {
    }

    /** The offset of the first signature in the file, or empty. The file must be a readable regular file. */
    static OptionalLong find(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            for (long at = 0; at + SIGNATURE.length <= size; at = at == 0 ? 512 : at * 2) {
                if (Arrays.equals(read(channel, at, SIGNATURE.length), SIGNATURE)) {
                    return OptionalLong.of(at);
                }
            }
            return OptionalLong.empty();
        }
    }

    /** What a file without the signature is, for the message: a classic NetCDF file, or its first bytes. */
    static String describe(Path file) throws IOException {
        byte[] head;
        try (FileChannel channel = FileChannel.open(file)) {
            head = read(channel, 0, (int) Math.min(4, channel.size()));
        }
        if (head.length == 4 && head[0] == 'C' && head[1] == 'D' && head[2] == 'F' && head[3] >= 1 && head[3] <= 5) {
            return "a classic NetCDF file (magic CDF\\" + head[3] + "): read it with "
                    + "org.loopnest.format.netcdf.NetcdfFile";
        }
        StringBuilder hex = new StringBuilder();
        for (byte b : head) {
            hex.append(hex.length() == 0 ? "" : " ").append(String.format("%02x", b));
        }
        return "not an HDF5 file (no HDF5 signature at byte 0, 512, 1024, …; it begins "
                + (head.length == 0 ? "with nothing: empty" : hex) + ")";
    }

    /** Refuses a missing file or a directory, naming it. */
    static void checkRegularFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new Netcdf4FormatException(file, (Files.exists(file) ? "not a regular file" : "no such file")
                    + " (expected: a NetCDF-4/HDF5 file)");
        }
    }

    private static byte[] read(FileChannel channel, long at, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining() && channel.read(b, at + b.position()) >= 0) {
            // positional reads until full or at the end
        }
        return Arrays.copyOf(b.array(), b.position());
    }
}

package org.loopnest.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.Holder;
import org.loopnest.device.Device;

/**
 * A large raw float file made and checked in pieces of {@value #PIECE_FLOATS} floats, so that neither needs memory in
 * proportion to the file: element {@code k} of the input is {@link #input(long)}, of the output {@link #output(long)};
 * and the run between them, a nest {@code [rows][columns]} with the body {@code out = 2·in + 1}.
 */
final class StreamedFiles {
    static final int PIECE_FLOATS = 1 << 20;

    private StreamedFiles() {
    }

    /** The input's element {@code k}: exact in float for every {@code k} (a value below 2^23 plus a quarter). */
    static float input(long k) {
        return (k % 1_000_003) + 0.25f;
    }

    /** What the body makes of element {@code k}. */
    static float output(long k) {
        return 2f * input(k) + 1f;
    }

    /** Writes {@code elements} input floats, little-endian, piece by piece. */
    static void writeInput(Path file, long elements) throws IOException {
        ByteBuffer piece = ByteBuffer.allocateDirect(PIECE_FLOATS * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long first = 0; first < elements; first += PIECE_FLOATS) {
                int n = (int) Math.min(PIECE_FLOATS, elements - first);
                piece.clear();
                for (int m = 0; m < n; m++) {
                    piece.putFloat(input(first + m));
                }
                piece.flip();
                while (piece.hasRemaining()) {
                    channel.write(piece);
                }
            }
        }
    }

    /**
     * Reads the output piece by piece and compares each float with {@link #output(long)}.
     *
     * @return {@code null} if all match, else the first difference
     */
    static String checkOutput(Path file, long elements) throws IOException {
        ByteBuffer piece = ByteBuffer.allocateDirect(PIECE_FLOATS * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (channel.size() != elements * Float.BYTES) {
                return file + " holds " + channel.size() + " bytes (expected: " + elements * Float.BYTES + ")";
            }
            for (long first = 0; first < elements; first += PIECE_FLOATS) {
                int n = (int) Math.min(PIECE_FLOATS, elements - first);
                piece.clear().limit(n * Float.BYTES);
                long at = first * Float.BYTES;
                while (piece.hasRemaining()) {
                    at += channel.read(piece, at);
                }
                for (int m = 0; m < n; m++) {
                    float got = piece.getFloat(m * Float.BYTES);
                    if (got != output(first + m)) {
                        return "element " + (first + m) + " is " + got + " (expected: " + output(first + m) + ")";
                    }
                }
            }
        }
        return null;
    }

    /** The nest {@code out = 2·in + 1} over {@code [rows][columns]} raw little-endian files, on {@code device}. */
    static LoopNest doubling(Path in, Path out, long rows, long columns, Device device) {
        LoopNest nest = LoopNest.of(rows, columns).names("r", "c")
                .in("in", Holder.file(in, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .out("out", Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                .kernel(arrays -> {
                    FloatView x = arrays.floats("in");
                    FloatView y = arrays.floats("out");
                    return it -> y.set(it, 2f * x.get(it) + 1f);
                });
        return device == null ? nest : nest.on(device);
    }
}

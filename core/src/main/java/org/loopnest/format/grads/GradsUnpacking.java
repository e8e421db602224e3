package org.loopnest.format.grads;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes one variable of a descriptor's data files as little-endian float32, row-major {@code [t][z][y][x]} (rows
 * as stored), {@code UNDEF} as NaN: grid by grid, in blocks of a mebibyte, so memory stays bounded whatever the grid.
 * Stateless.
 */
final class GradsUnpacking {
    private static final int BLOCK = 1 << 18;

    private GradsUnpacking() {
    }

    /**
     * Writes every value of {@code v} to {@code out} from byte 0.
     *
     * @throws IOException naming the data file and the variable if one ends early, or if a file cannot be read or
     *     written
     */
    static void unpack(GradsDescriptor d, GradsVariable v, Path out) throws IOException {
        float undef = (float) d.undef();
        long grid = d.gridBytes() / Float.BYTES;
        ByteBuffer stored = ByteBuffer.allocate((int) Math.min(BLOCK, grid) * Float.BYTES).order(d.byteOrder());
        ByteBuffer values = ByteBuffer.allocate(stored.capacity()).order(ByteOrder.LITTLE_ENDIAN);
        long at = 0;
        try (FileChannel to = FileChannel.open(out, StandardOpenOption.WRITE)) {
            for (GradsDataFile file : d.dataFiles()) {
                try (FileChannel in = FileChannel.open(file.path(), StandardOpenOption.READ)) {
                    for (int t = file.firstStep(); t < file.firstStep() + file.steps(); t++) {
                        for (int z = 0; z < v.records(); z++) {
                            long from = d.offset(v.name(), t, z);
                            for (long first = 0; first < grid; first += BLOCK) {
                                int n = (int) Math.min(BLOCK, grid - first);
                                read(in, stored.clear().limit(n * Float.BYTES), from + first * Float.BYTES, file, v);
                                values.clear();
                                for (int i = 0; i < n; i++) {
                                    float f = stored.getFloat(i * Float.BYTES);
                                    values.putFloat(f == undef ? Float.NaN : f);
                                }
                                values.flip();
                                while (values.hasRemaining()) {
                                    to.write(values, at * Float.BYTES + values.position());
                                }
                                at += n;
                            }
                        }
                    }
                }
            }
        }
    }

    private static void read(FileChannel in, ByteBuffer into, long position, GradsDataFile file, GradsVariable v)
            throws IOException {
        while (into.hasRemaining()) {
            if (in.read(into, position + into.position()) < 0) {
                throw new IOException(file.path() + ": variable '" + v.name() + "' ends at byte "
                        + (position + into.position()) + " (expected: " + into.limit() + " bytes from " + position
                        + ", as the descriptor describes)");
            }
        }
    }
}

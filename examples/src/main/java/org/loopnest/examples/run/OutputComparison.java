package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;

/**
 * Compares one output of two runs value by value, reading both files block by block (bounded memory, whatever the
 * size): equal when the bits are equal, both are NaN, or, with a tolerance, {@code |a − b| <= tolerance × max(|a|,
 * |b|)}. Keeps the first {@value #SHOWN} differences.
 *
 * <p><b>Threading:</b> stateless. <b>Failure:</b> {@link IOException} if a file cannot be read.
 */
public final class OutputComparison {
    /** How many differences a result lists. */
    public static final int SHOWN = 5;

    private static final int BLOCK = 1 << 16;

    private OutputComparison() {
    }

    /**
     * The comparison of one output.
     *
     * @param name        the output's name
     * @param values      how many values were compared
     * @param differences how many differ
     * @param first       the first {@value #SHOWN} differences, as {@code name[index]: run vs reference}
     */
    public record Result(String name, long values, long differences, List<String> first) {
        /** Copies the list. */
        public Result {
            first = List.copyOf(first);
        }

        /** {@return whether every value was equal} */
        public boolean passed() {
            return differences == 0;
        }
    }

    /**
     * Compares {@code run} with {@code reference}, both arrays over every loop of {@code nest}, row-major.
     *
     * @param name      the output's name, for the result
     * @param run       the run's output
     * @param reference the reference run's output, of the same element type
     * @param nest      the nest, which says how many values there are and names positions
     * @param tolerance the relative tolerance, 0 for exact equality
     * @return the result
     * @throws IOException if a file cannot be read
     */
    public static Result compare(String name, FileHolder run, FileHolder reference, NestShape nest, double tolerance)
            throws IOException {
        ElementType type = run.type();
        long count = nest.points();
        long differences = 0;
        List<String> first = new ArrayList<>();
        try (FileChannel a = FileChannel.open(run.path(), StandardOpenOption.READ);
                FileChannel b = FileChannel.open(reference.path(), StandardOpenOption.READ)) {
            for (long at = 0; at < count; at += BLOCK) {
                int n = (int) Math.min(BLOCK, count - at);
                ByteBuffer x = read(a, run, at, n);
                ByteBuffer y = read(b, reference, at, n);
                for (int i = 0; i < n; i++) {
                    double u = value(x, type, i);
                    double v = value(y, type, i);
                    if (!same(x, y, type, i, u, v, tolerance)) {
                        if (differences++ < SHOWN) {
                            first.add(name + "[" + nest.describe(at + i) + "]: " + text(x, type, i) + " vs "
                                    + text(y, type, i));
                        }
                    }
                }
            }
        }
        return new Result(name, count, differences, first);
    }

    private static ByteBuffer read(FileChannel channel, FileHolder holder, long first, int n) throws IOException {
        int size = holder.type().bytes();
        ByteBuffer buffer = ByteBuffer.allocate(n * size).order(holder.byteOrder());
        long position = holder.offsetBytes() + first * size;
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                throw new IOException(holder.path() + ": ends at byte " + (position + buffer.position())
                        + " (expected: " + (position + buffer.capacity()) + " bytes or more)");
            }
        }
        return buffer.flip();
    }

    private static double value(ByteBuffer buffer, ElementType type, int i) {
        return switch (type) {
            case FLOAT -> buffer.getFloat(i * Float.BYTES);
            case DOUBLE -> buffer.getDouble(i * Double.BYTES);
            case INT -> buffer.getInt(i * Integer.BYTES);
            case LONG -> buffer.getLong(i * Long.BYTES);
        };
    }

    private static boolean same(ByteBuffer x, ByteBuffer y, ElementType type, int i, double u, double v,
            double tolerance) {
        boolean bits = switch (type) {
            case FLOAT -> x.getInt(i * Float.BYTES) == y.getInt(i * Float.BYTES);
            case DOUBLE, LONG -> x.getLong(i * Long.BYTES) == y.getLong(i * Long.BYTES);
            case INT -> x.getInt(i * Integer.BYTES) == y.getInt(i * Integer.BYTES);
        };
        if (bits || Double.isNaN(u) && Double.isNaN(v)) {
            return true;
        }
        if (type == ElementType.LONG) {
            return false; // a long does not fit a double exactly: bits only
        }
        return tolerance > 0 && Math.abs(u - v) <= tolerance * Math.max(Math.abs(u), Math.abs(v));
    }

    private static String text(ByteBuffer buffer, ElementType type, int i) {
        return switch (type) {
            case FLOAT -> Float.toString(buffer.getFloat(i * Float.BYTES));
            case DOUBLE -> Double.toString(buffer.getDouble(i * Double.BYTES));
            case INT -> Integer.toString(buffer.getInt(i * Integer.BYTES));
            case LONG -> Long.toString(buffer.getLong(i * Long.BYTES));
        };
    }
}

package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import org.loopnest.format.netcdf.NetcdfPacking;

/**
 * Writes a variable as raw little-endian float32, box by box ({@link SlabPlan}): reads a box's stored elements, turns
 * each into {@code stored × scale_factor + add_offset} or the missing marker, and writes the box's runs at their
 * places in the output. Memory: one box of stored bytes and one of floats, whatever the variable's size.
 *
 * <p>Not thread-safe; one call at a time.
 */
final class Unpacker {
    private Unpacker() {
    }

    /** Writes every element to {@code out} (positioned writes; the caller sizes, syncs and closes it). */
    static void unpack(Netcdf4Variable v, BoxSource source, SlabPlan plan, NetcdfPacking packing, float missing,
            FileChannel out) throws IOException {
        long[] shape = v.shape();
        Netcdf4Type type = v.type();
        int size = type.size();
        ByteBuffer stored = ByteBuffer.allocate(plan.boxElements() * size).order(v.byteOrder().orElseThrow());
        ByteBuffer floats = ByteBuffer.allocate(plan.boxElements() * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        long[] offset = new long[shape.length];
        int[] box = new int[shape.length];
        Converter converter = new Converter(packing, missing);
        while (plan.next(offset, box)) {
            source.read(offset, box, stored);
            int n = elements(box);
            for (int i = 0; i < n; i++) {
                floats.putFloat(i * Float.BYTES, converter.convert(Stored.get(stored, type, i * size)));
            }
            Runs runs = new Runs(shape, offset, box);
            int bytes = runs.length() * Float.BYTES;
            int from = 0;
            for (long at = runs.next(); at >= 0; at = runs.next(), from += bytes) {
                ByteBuffer run = floats.duplicate().position(from).limit(from + bytes);
                long to = at * Float.BYTES;
                while (run.hasRemaining()) {
                    out.write(run, to + run.position() - from);
                }
            }
        }
    }

    /** Every stored element widened to double (a small variable: one box). */
    static double[] values(Netcdf4Variable v, BoxSource source) throws IOException {
        long[] shape = v.shape();
        int n = (int) v.elements();
        int[] box = new int[shape.length];
        for (int j = 0; j < shape.length; j++) {
            box[j] = (int) shape[j];
        }
        int size = v.type().size();
        double[] values = new double[n];
        if (n == 0) {
            return values;
        }
        ByteBuffer stored = ByteBuffer.allocate(n * size).order(v.byteOrder().orElseThrow());
        source.read(new long[shape.length], box, stored);
        for (int i = 0; i < n; i++) {
            values[i] = Stored.get(stored, v.type(), i * size);
        }
        return values;
    }

    static int elements(int[] box) {
        int n = 1;
        for (int b : box) {
            n *= b;
        }
        return n;
    }
}

package org.loopnest.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.cluster.files.FileIdentity;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FilePart;
import org.loopnest.data.FlatHolder;
import org.loopnest.data.Role;
import org.loopnest.device.RunSpec;

/**
 * A coordinator's side of a data-local run: whether a run can be offered to a node as files it reads and writes
 * itself, and the offer ({@link LocalArrays}). A run is offered when it has file-backed arrays: files are offered as
 * files (a new output by the run's temporary file, {@link RunSpec#outputFiles}); flat Java inputs small enough to send
 * once ({@value #MAX_VALUES_BYTES} bytes in all: the pressure levels beside the fields, say) as their values; any other
 * array in the coordinator's memory that the chunks cut (an output, a large or jagged input) is shipped, its part of
 * each chunk sent with the chunk's launch and its output part returned with the answer ({@link ShippedArrays}). Only
 * an in-memory input that every chunk reads whole and that cannot be sent once keeps the whole run on the shipped path,
 * and the reason is what the report says.
 *
 * <p>Stateless; reads each input file's identity ({@link FileIdentity}: 128 KiB of it) when asked.
 */
final class DataLocalOffer {
    /** The most bytes of in-memory inputs sent once to a node with a data-local offer: 64 MiB. */
    static final long MAX_VALUES_BYTES = 64L << 20;

    private DataLocalOffer() {
    }

    /**
     * The offer for {@code run}, or why there is none.
     *
     * @param offer the arrays, or {@code null}
     * @param whyNot the reason there is no offer, or {@code ""}
     */
    record Decision(LocalArrays offer, String whyNot) {
        static Decision no(String why) {
            return new Decision(null, why);
        }
    }

    /**
     * Decides for {@code run}.
     *
     * @param run the run as the node was told of it, with where its outputs go
     * @param maxFrame the largest frame the connection carries: the offer must fit one
     * @return the offer, or the reason there is none
     */
    static Decision of(RunSpec run, int maxFrame) {
        if (run.bindings().stream().noneMatch(b -> b.holder() instanceof FileHolder)) {
            return Decision.no("the run's arrays are in the coordinator's memory");
        }
        List<LocalArrays.LocalArray> arrays = new ArrayList<>();
        long valueBytes = 0;
        java.util.Set<String> resident = new java.util.HashSet<>();
        org.loopnest.internal.serializer.ChunkLayout.of(run.split(), run.bindings()).resident()
                .forEach(p -> resident.add(p.binding().name()));
        for (ArrayBinding b : run.bindings()) {
            long[] shape = b.shape();
            if (b.holder() instanceof FileHolder file) {
                List<LocalArrays.Part> parts;
                try {
                    parts = b.role() == Role.OUT ? output(run, b) : input(file);
                } catch (IOException | UncheckedIOException e) {
                    return Decision.no(b + ": " + e.getMessage());
                }
                if (parts == null) {
                    return Decision.no(b + ": the run did not say which file its bytes go to");
                }
                arrays.add(new LocalArrays.LocalArray(b.name(), b.type(), file.byteOrder(), file.offsetBytes(),
                        file.strides(shape), parts, null));
            } else if (b.role() == Role.IN && b.holder() instanceof FlatHolder flat
                    && valueBytes + bytes(flat, b) <= MAX_VALUES_BYTES) {
                valueBytes += bytes(flat, b);
                arrays.add(new LocalArrays.LocalArray(b.name(), b.type(), ByteOrder.LITTLE_ENDIAN, flat.offset(),
                        flat.strides(shape), List.of(), bytes(flat.storage())));
            } else if (b.role() == Role.OUT || !resident.contains(b.name())) {
                arrays.add(LocalArrays.LocalArray.shipped(b.name(), b.type())); // its chunks travel with the launches
            } else {
                return Decision.no(b + " is " + (b.holder() instanceof FlatHolder ? "one of the run's in-memory inputs "
                        + "that come to more than " + MAX_VALUES_BYTES + " bytes" : "a " + b.holder().getClass()
                        .getSimpleName().replace("Holder", "").toLowerCase(java.util.Locale.ROOT) + " array")
                        + " in the coordinator's memory that every chunk reads whole (expected: files, or small flat "
                        + "arrays for what every chunk reads)");
            }
        }
        long described = 0;
        for (LocalArrays.LocalArray a : arrays) {
            described += 64 + 8L * a.strides().length;
            for (LocalArrays.Part p : a.parts()) {
                described += 64 + 4L * p.path().length(); // UTF-8: at most 4 bytes a char, as the wire writes it
            }
        }
        if (valueBytes + described > maxFrame - 1024L) {
            return Decision.no("the offer would not fit one frame of " + maxFrame + " bytes");
        }
        return new Decision(new LocalArrays(arrays), "");
    }

    private static List<LocalArrays.Part> output(RunSpec run, ArrayBinding b) throws IOException {
        Path target = run.outputFiles().get(b.name());
        if (target == null) {
            return null;
        }
        Path absolute = target.toAbsolutePath();
        return List.of(new LocalArrays.Part(absolute.toString(), 0, -1, null, Files.size(absolute)));
    }

    private static List<LocalArrays.Part> input(FileHolder file) throws IOException {
        List<LocalArrays.Part> parts = new ArrayList<>();
        if (!file.spansFiles()) {
            Path p = file.path();
            parts.add(new LocalArrays.Part(p.toString(), file.offsetBytes(), -1, FileIdentity.of(p), Files.size(p)));
            return parts;
        }
        for (FilePart part : file.parts()) {
            Path p = part.path().toAbsolutePath().normalize();
            FileIdentity identity = FileIdentity.of(p);
            parts.add(new LocalArrays.Part(p.toString(), part.offsetBytes(), part.count(), identity, identity.size()));
        }
        return parts;
    }

    private static long bytes(FlatHolder flat, ArrayBinding b) {
        return java.lang.reflect.Array.getLength(flat.storage()) * (long) b.type().bytes();
    }

    /** A flat Java array's elements, little-endian. */
    private static byte[] bytes(Object array) {
        if (array instanceof float[] f) {
            ByteBuffer b = ByteBuffer.allocate(f.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            b.asFloatBuffer().put(f);
            return b.array();
        }
        if (array instanceof double[] d) {
            ByteBuffer b = ByteBuffer.allocate(d.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            b.asDoubleBuffer().put(d);
            return b.array();
        }
        if (array instanceof int[] i) {
            ByteBuffer b = ByteBuffer.allocate(i.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            b.asIntBuffer().put(i);
            return b.array();
        }
        long[] l = (long[]) array;
        ByteBuffer b = ByteBuffer.allocate(l.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(l);
        return b.array();
    }
}

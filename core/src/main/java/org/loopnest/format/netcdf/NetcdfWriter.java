package org.loopnest.format.netcdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Holder;
import org.loopnest.internal.files.OwnedNames;

/**
 * Writes a classic 64-bit-offset NetCDF file (CDF-2) of float variables with CF attributes: declare dimensions,
 * global attributes and variables; {@link #writeHeader} writes the header with every variable's offset computed and
 * sizes the file; {@link #write} puts values at any element offset, so a run can write chunk by chunk in any order;
 * {@link #commit} moves the file into place.
 *
 * <pre>{@code
 * try (NetcdfWriter w = NetcdfWriter.create(Path.of("theta.nc"))) {
 *     w.dimension("level", 7).dimension("lat", 46).dimension("lon", 72);
 *     w.attribute(NetcdfAttribute.text("Conventions", "CF-1.8"));
 *     w.variable("theta", List.of("level", "lat", "lon"), NetcdfAttribute.text("units", "K"),
 *             NetcdfAttribute.floats("_FillValue", -9999f));
 *     w.writeHeader();
 *     w.write("theta", 0, values);   // element 0 on; any number of calls, any order
 *     w.commit();
 * }
 * }</pre>
 *
 * <p>Decisions: fixed dimensions only (no record dimension: every size is known before a run, and data are written by
 * offset); float variables only; elements never written read as 0 (the file is sized, not pre-filled).
 *
 * <p>Failure and ownership: the file is written under a temporary name beside the target
 * ({@code .name.loopnest-HOST-PID-START-N.tmp}, {@code OwnedNames}: a run into the directory after a {@code kill -9}
 * deletes it once this process is gone; with the permissions any new file gets) and moved into place only by {@link #commit};
 * {@link #close} without a commit deletes it, so a failed run leaves the previous target untouched and nothing behind.
 *
 * <p>Thread safety: declare, {@link #writeHeader}, {@link #commit} and {@link #close} from one thread; {@link #write}
 * may be called from several threads at once between {@link #writeHeader} and {@link #commit} (positional writes).
 */
public final class NetcdfWriter implements AutoCloseable {
    private enum State { DECLARING, WRITING, COMMITTED, CLOSED }

    private static final int NC_DIMENSION = 0x0A;
    private static final int NC_VARIABLE = 0x0B;
    private static final int NC_ATTRIBUTE = 0x0C;

    private final Path target;
    private final Map<String, NetcdfDimension> dimensions = new LinkedHashMap<>();
    private final List<NetcdfAttribute> attributes = new ArrayList<>();
    private final Map<String, NetcdfVariable> variables = new LinkedHashMap<>();
    private State state = State.DECLARING;
    private Path temporary;
    private FileChannel channel;
    private NetcdfHeader header;

    private NetcdfWriter(Path target) {
        this.target = target;
    }

    /**
     * Starts a file; nothing is written until {@link #writeHeader}.
     *
     * @param target the file to make (replaced on {@link #commit} if it exists)
     * @return the writer
     * @throws IllegalArgumentException if {@code target} is a directory or its directory does not exist
     */
    public static NetcdfWriter create(Path target) {
        Objects.requireNonNull(target, "target");
        Path dir = target.toAbsolutePath().getParent();
        if (Files.isDirectory(target) || dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("target " + target + (Files.isDirectory(target) ? " is a directory"
                    : " is in no existing directory") + " (expected: a file in an existing directory)");
        }
        return new NetcdfWriter(target);
    }

    /**
     * Declares a dimension.
     *
     * @param name   its name, unique
     * @param length its length
     * @return this writer
     * @throws IllegalArgumentException if the name is empty or taken, or the length is not positive
     * @throws IllegalStateException    after {@link #writeHeader}
     */
    public NetcdfWriter dimension(String name, long length) {
        declaring();
        checkName("dimension", name, dimensions.containsKey(name));
        if (length <= 0 || length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("dimension '" + name + "' length = " + length
                    + " (expected: 1 to 2147483647; no record dimension)");
        }
        dimensions.put(name, new NetcdfDimension(name, length, false));
        return this;
    }

    /**
     * Adds a global attribute.
     *
     * @param attribute the attribute
     * @return this writer
     * @throws IllegalStateException after {@link #writeHeader}
     */
    public NetcdfWriter attribute(NetcdfAttribute attribute) {
        declaring();
        attributes.add(Objects.requireNonNull(attribute, "attribute"));
        return this;
    }

    /**
     * Declares a float variable.
     *
     * @param name       its name, unique
     * @param dimensions its dimensions' names, outermost first, each declared before
     * @param attributes its attributes (CF: {@code units}, {@code long_name}, {@code _FillValue} as a float)
     * @return this writer
     * @throws IllegalArgumentException if the name is empty or taken, or a dimension is not declared
     * @throws IllegalStateException    after {@link #writeHeader}
     */
    public NetcdfWriter variable(String name, List<String> dimensions, NetcdfAttribute... attributes) {
        declaring();
        checkName("variable", name, variables.containsKey(name));
        List<NetcdfDimension> dims = new ArrayList<>();
        for (String d : dimensions) {
            NetcdfDimension dim = this.dimensions.get(d);
            if (dim == null) {
                throw new IllegalArgumentException("variable '" + name + "' dimension '" + d
                        + "' is not declared (expected one of: " + String.join(", ", this.dimensions.keySet()) + ")");
            }
            dims.add(dim);
        }
        variables.put(name, new NetcdfVariable(name, dims, NetcdfType.FLOAT, List.of(attributes), 0, 0));
        return this;
    }

    /**
     * Writes the header to the temporary file, with every variable's offset computed, and sizes the file.
     *
     * @return the header, whose {@link NetcdfHeader#offset} says where each element goes
     * @throws IllegalStateException if called twice or after {@link #close}
     * @throws IOException           if writing fails (the temporary file is then deleted)
     */
    public NetcdfHeader writeHeader() throws IOException {
        declaring();
        List<NetcdfVariable> placed = place(encode(List.copyOf(variables.values())).length);
        byte[] bytes = encode(placed);
        header = NetcdfHeader.planned(target, List.copyOf(dimensions.values()), attributes, placed, bytes.length);
        long end = placed.isEmpty() ? bytes.length : header.dataEnd(placed.get(placed.size() - 1));
        // not Files.createTempFile: its owner-only permissions would stay on the committed file
        temporary = OwnedNames.name(target.toAbsolutePath(), OwnedNames.Kind.TEMPORARY);
        channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        state = State.WRITING;
        try {
            writeFully(ByteBuffer.wrap(bytes), 0);
            if (end > bytes.length) {
                writeFully(ByteBuffer.allocate(1), end - 1);
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        return header;
    }

    /**
     * Writes values of a variable from one element on (elements in order, last dimension fastest).
     *
     * @param variable     the variable's name
     * @param firstElement the index of the first element written, counted over the whole variable
     * @param values       the values
     * @throws IllegalArgumentException if the variable is unknown or the values go past its end
     * @throws IllegalStateException    before {@link #writeHeader} or after {@link #commit}/{@link #close}
     * @throws IOException              if writing fails (for example, the file system is full)
     */
    public void write(String variable, long firstElement, float[] values) throws IOException {
        if (state != State.WRITING) {
            throw new IllegalStateException("write(\"" + variable + "\") while " + state
                    + " (expected: after writeHeader, before commit/close)");
        }
        NetcdfVariable v = header.variable(variable);
        long elements = v.elementsPerRecord();
        if (firstElement < 0 || firstElement + values.length > elements) {
            throw new IllegalArgumentException("variable '" + variable + "': elements " + firstElement + " to "
                    + (firstElement + values.length) + " (expected: within 0 to " + elements + ")");
        }
        ByteBuffer b = ByteBuffer.allocate(values.length * Float.BYTES);
        b.asFloatBuffer().put(values);
        writeFully(b, v.begin() + firstElement * Float.BYTES);
    }

    /**
     * A file-backed array over one variable's values in the temporary file, for a run to write in place:
     * {@code Holder.fileInPlace(<temporary file>, FLOAT, BIG_ENDIAN, begin)}, row-major over the variable's shape
     * (bind it with the variable's dimensions as the loop's extents, outermost first). What the run writes lands
     * in this writer's file; {@link #commit} then moves it into place, {@link #close} deletes it.
     *
     * <p>Pitfalls: valid only between {@link #writeHeader} and {@link #commit}/{@link #close}: a run that writes
     * through it after those writes into a moved or deleted file. The holder does not commit; the caller commits
     * after the run succeeded and closes on failure.
     *
     * @param variable the variable's name
     * @return the holder, {@link FileHolder#writesInPlace()}
     * @throws IllegalArgumentException if the variable is unknown (the message lists those declared)
     * @throws IllegalStateException    before {@link #writeHeader} or after {@link #commit}/{@link #close}
     */
    public FileHolder holder(String variable) {
        if (state != State.WRITING) {
            throw new IllegalStateException("holder(\"" + variable + "\") while " + state
                    + " (expected: after writeHeader, before commit/close)");
        }
        return Holder.fileInPlace(temporary, ElementType.FLOAT, ByteOrder.BIG_ENDIAN,
                header.variable(variable).begin());
    }

    /**
     * Forces the data to disk and moves the file into place (atomically where the file system can).
     *
     * @throws IllegalStateException if {@link #writeHeader} was not called, or after {@link #commit}/{@link #close}
     * @throws IOException           if forcing or moving fails (the temporary file is then deleted)
     */
    public void commit() throws IOException {
        if (state != State.WRITING) {
            throw new IllegalStateException("commit() while " + state + " (expected: after writeHeader)");
        }
        try {
            channel.force(true);
            channel.close();
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
            state = State.COMMITTED;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Closes the file; without a {@link #commit}, deletes the temporary file (the target is left as it was).
     * Idempotent.
     *
     * @throws IOException if closing or deleting fails
     */
    @Override
    public void close() throws IOException {
        if (state == State.COMMITTED || state == State.CLOSED) {
            state = State.CLOSED;
            return;
        }
        state = State.CLOSED;
        try {
            if (channel != null) {
                channel.close();
            }
        } finally {
            if (temporary != null) {
                Files.deleteIfExists(temporary);
            }
        }
    }

    private void writeFully(ByteBuffer b, long at) throws IOException {
        while (b.hasRemaining()) {
            channel.write(b, at + b.position());
        }
    }

    private void declaring() {
        if (state != State.DECLARING) {
            throw new IllegalStateException("declaring after writeHeader (state " + state
                    + "; expected: dimensions, attributes and variables first)");
        }
    }

    private static void checkName(String what, String name, boolean taken) {
        if (name == null || name.isEmpty() || taken) {
            throw new IllegalArgumentException(what + " name '" + name + "' is " + (taken ? "taken" : "empty")
                    + " (expected: a new, non-empty name)");
        }
    }

    /** The variables with their sizes and offsets, data from {@code headerSize} on, in declaration order. */
    private List<NetcdfVariable> place(int headerSize) {
        List<NetcdfVariable> placed = new ArrayList<>();
        long begin = headerSize;
        for (NetcdfVariable v : variables.values()) {
            long vsize = NetcdfHeader.pad4(Math.multiplyExact(v.elementsPerRecord(), (long) Float.BYTES));
            placed.add(new NetcdfVariable(v.name(), v.dimensions(), v.type(), v.attributes(), vsize, begin));
            begin = Math.addExact(begin, vsize);
        }
        return placed;
    }

    /** The header's bytes (CDF-2, numrecs 0), with the variables' offsets as given. */
    private byte[] encode(List<NetcdfVariable> vars) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'C', 'D', 'F', 2});
        int32(out, 0);
        List<String> dimNames = new ArrayList<>(dimensions.keySet());
        list(out, NC_DIMENSION, dimensions.size());
        for (NetcdfDimension d : dimensions.values()) {
            name(out, d.name());
            int32(out, (int) d.length());
        }
        attributes(out, attributes);
        list(out, NC_VARIABLE, vars.size());
        for (NetcdfVariable v : vars) {
            name(out, v.name());
            int32(out, v.dimensions().size());
            for (NetcdfDimension d : v.dimensions()) {
                int32(out, dimNames.indexOf(d.name()));
            }
            attributes(out, v.attributes());
            int32(out, v.type().code());
            int32(out, v.vsize() >= 0xFFFFFFFFL ? -1 : (int) v.vsize());
            out.writeBytes(ByteBuffer.allocate(8).putLong(v.begin()).array());
        }
        return out.toByteArray();
    }

    private static void attributes(ByteArrayOutputStream out, List<NetcdfAttribute> attributes) {
        list(out, NC_ATTRIBUTE, attributes.size());
        for (NetcdfAttribute a : attributes) {
            name(out, a.name());
            int32(out, a.type().code());
            byte[] values = a.encode();
            int32(out, values.length / a.type().size());
            padded(out, values);
        }
    }

    private static void list(ByteArrayOutputStream out, int tag, int count) {
        int32(out, count == 0 ? 0 : tag);
        int32(out, count);
    }

    private static void name(ByteArrayOutputStream out, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        int32(out, bytes.length);
        padded(out, bytes);
    }

    private static void padded(ByteArrayOutputStream out, byte[] bytes) {
        out.writeBytes(bytes);
        out.writeBytes(new byte[(int) (NetcdfHeader.pad4(bytes.length) - bytes.length)]);
    }

    private static void int32(ByteArrayOutputStream out, int value) {
        out.writeBytes(ByteBuffer.allocate(4).putInt(value).array());
    }
}

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
 * Writes a classic 64-bit-offset NetCDF file (CDF-2) with CF attributes: declare dimensions (one of them may be the
 * record dimension, with its number of records known up front), global attributes and variables (float by default;
 * any classic type for coordinates copied from another file); {@link #writeHeader} writes the header with every
 * variable's offset computed and sizes the file; {@link #write} puts values at any element offset, so a run can
 * write chunk by chunk in any order; {@link #commit} moves the file into place.
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
 * <p>Decisions: every size is known before a run, so a record dimension is declared with its number of records
 * ({@link #recordDimension}) and the file is sized for them (readers see it {@code UNLIMITED}, as the input it copies
 * was); data are written by offset, a record variable's records interleaved with the others' as the format lays them
 * out; elements never written read as 0 (the file is sized, not pre-filled).
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
    private long records;
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
     * Declares the record (unlimited) dimension, with the number of records the file will hold. At most one; a
     * variable that uses it must have it first.
     *
     * @param name    its name, unique
     * @param records the records the file holds
     * @return this writer
     * @throws IllegalArgumentException if the name is empty or taken, a record dimension was declared already, or
     *                                  {@code records} is not positive
     * @throws IllegalStateException    after {@link #writeHeader}
     */
    public NetcdfWriter recordDimension(String name, long records) {
        declaring();
        checkName("dimension", name, dimensions.containsKey(name));
        if (dimensions.values().stream().anyMatch(NetcdfDimension::record)) {
            throw new IllegalArgumentException("record dimension '" + name + "': one is declared already (expected: "
                    + "at most one record dimension)");
        }
        if (records <= 0 || records > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("record dimension '" + name + "' records = " + records
                    + " (expected: 1 to 2147483647)");
        }
        dimensions.put(name, new NetcdfDimension(name, records, true));
        this.records = records;
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
        return variable(name, NetcdfType.FLOAT, dimensions, attributes);
    }

    /**
     * Declares a variable of any classic type (a coordinate copied from another file, say).
     *
     * @param name       its name, unique
     * @param type       its type
     * @param dimensions its dimensions' names, outermost first, each declared before; the record dimension only first
     * @param attributes its attributes
     * @return this writer
     * @throws IllegalArgumentException if the name is empty or taken, a dimension is not declared, or the record
     *                                  dimension is not first
     * @throws IllegalStateException    after {@link #writeHeader}
     */
    public NetcdfWriter variable(String name, NetcdfType type, List<String> dimensions,
            NetcdfAttribute... attributes) {
        declaring();
        checkName("variable", name, variables.containsKey(name));
        Objects.requireNonNull(type, "type");
        List<NetcdfDimension> dims = new ArrayList<>();
        for (String d : dimensions) {
            NetcdfDimension dim = this.dimensions.get(d);
            if (dim == null) {
                throw new IllegalArgumentException("variable '" + name + "' dimension '" + d
                        + "' is not declared (expected one of: " + String.join(", ", this.dimensions.keySet()) + ")");
            }
            if (dim.record() && !dims.isEmpty()) {
                throw new IllegalArgumentException("variable '" + name + "' has the record dimension '" + d
                        + "' after " + dims.get(0).name() + " (expected: the record dimension first)");
            }
            dims.add(dim);
        }
        variables.put(name, new NetcdfVariable(name, dims, type, List.of(attributes), 0, 0));
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
        header = NetcdfHeader.planned(target, List.copyOf(dimensions.values()), attributes, placed, bytes.length,
                records);
        long end = bytes.length;
        for (NetcdfVariable v : placed) {
            end = Math.max(end, header.dataEnd(v));
        }
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
        if (state == State.WRITING && header.variable(variable).type() != NetcdfType.FLOAT) {
            throw new IllegalArgumentException("variable '" + variable + "' is " + header.variable(variable).type()
                    + " (expected: write(name, first, ByteBuffer) of its type)");
        }
        ByteBuffer b = ByteBuffer.allocate(values.length * Float.BYTES);
        b.asFloatBuffer().put(values);
        write(variable, firstElement, b);
    }

    /**
     * Writes elements of a variable of any type from one element on, as stored: big-endian values of its type (a
     * copy of {@link NetcdfFile#readBytes} of another file's variable, say). A record variable's elements go to their
     * records.
     *
     * @param variable     the variable's name
     * @param firstElement the index of the first element written, counted over the whole variable
     * @param values       the bytes from its position to its limit, a whole number of elements; consumed
     * @throws IllegalArgumentException if the variable is unknown, the bytes are not whole elements or go past its end
     * @throws IllegalStateException    before {@link #writeHeader} or after {@link #commit}/{@link #close}
     * @throws IOException              if writing fails (for example, the file system is full)
     */
    public void write(String variable, long firstElement, ByteBuffer values) throws IOException {
        if (state != State.WRITING) {
            throw new IllegalStateException("write(\"" + variable + "\") while " + state
                    + " (expected: after writeHeader, before commit/close)");
        }
        NetcdfVariable v = header.variable(variable);
        int size = v.type().size();
        long perRecord = v.elementsPerRecord();
        long elements = v.isRecord() ? perRecord * records : perRecord;
        long count = values.remaining() / size;
        if (values.remaining() % size != 0) {
            throw new IllegalArgumentException("variable '" + variable + "': " + values.remaining() + " bytes "
                    + "(expected: whole " + v.type() + " elements of " + size + " bytes)");
        }
        if (firstElement < 0 || firstElement + count > elements) {
            throw new IllegalArgumentException("variable '" + variable + "': elements " + firstElement + " to "
                    + (firstElement + count) + " (expected: within 0 to " + elements + ")");
        }
        long element = firstElement;
        while (values.hasRemaining()) {
            long record = v.isRecord() ? element / perRecord : 0;
            long within = v.isRecord() ? element % perRecord : element;
            int n = (int) Math.min(values.remaining() / size, perRecord - within);
            ByteBuffer piece = values.slice(values.position(), n * size);
            writeFully(piece, v.begin() + record * header.recordSize() + within * size);
            values.position(values.position() + n * size);
            element += n;
        }
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
        NetcdfVariable v = header.variable(variable);
        if (v.type() != NetcdfType.FLOAT) {
            throw new IllegalArgumentException("holder(\"" + variable + "\"): the variable is " + v.type()
                    + " (expected: a FLOAT variable; write(name, first, ByteBuffer) writes the others)");
        }
        if (!v.isRecord()) {
            return Holder.fileInPlace(temporary, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, v.begin());
        }
        long[] strides = new long[v.dimensions().size()];
        long s = 1;
        for (int m = strides.length - 1; m > 0; m--) {
            strides[m] = s;
            s *= v.dimensions().get(m).length();
        }
        strides[0] = header.recordSize() / Float.BYTES;
        return Holder.fileInPlace(temporary, ElementType.FLOAT, ByteOrder.BIG_ENDIAN, v.begin(), strides);
    }

    /**
     * {@return the temporary file this writer writes (for a copy into another format before {@link #close}: a
     * NetCDF-4 output); valid between {@link #writeHeader} and {@link #commit}/{@link #close}}
     *
     * @throws IllegalStateException before {@link #writeHeader} or after {@link #commit}/{@link #close}
     */
    public Path file() {
        if (state != State.WRITING) {
            throw new IllegalStateException("file() while " + state + " (expected: after writeHeader, before "
                    + "commit/close)");
        }
        return temporary;
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

    /**
     * The variables with their sizes and offsets, in declaration order: the fixed ones' data from {@code headerSize}
     * on, then the records, each record variable's slice at its offset within a record.
     */
    private List<NetcdfVariable> place(int headerSize) {
        Map<String, NetcdfVariable> placed = new LinkedHashMap<>();
        long begin = headerSize;
        for (boolean record : new boolean[] {false, true}) {
            for (NetcdfVariable v : variables.values()) {
                if (v.isRecord() == record) {
                    long vsize = NetcdfHeader.pad4(Math.multiplyExact(v.elementsPerRecord(), (long) v.type().size()));
                    placed.put(v.name(), new NetcdfVariable(v.name(), v.dimensions(), v.type(), v.attributes(), vsize,
                            begin));
                    begin = Math.addExact(begin, vsize);
                }
            }
        }
        return variables.keySet().stream().map(placed::get).toList();
    }

    /** The header's bytes (CDF-2, numrecs 0), with the variables' offsets as given. */
    private byte[] encode(List<NetcdfVariable> vars) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'C', 'D', 'F', 2});
        int32(out, (int) records);
        List<String> dimNames = new ArrayList<>(dimensions.keySet());
        list(out, NC_DIMENSION, dimensions.size());
        for (NetcdfDimension d : dimensions.values()) {
            name(out, d.name());
            int32(out, d.record() ? 0 : (int) d.length());
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

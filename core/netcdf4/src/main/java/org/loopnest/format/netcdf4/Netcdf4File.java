package org.loopnest.format.netcdf4;

import io.jhdf.HdfFile;
import io.jhdf.exceptions.HdfException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfLevels;
import org.loopnest.format.netcdf.NetcdfPacking;

/**
 * An open NetCDF-4 (HDF5) file, read through jHDF: its variables ({@link #variables}), where a contiguous float
 * variable lies so that it can be read in place ({@link Netcdf4Variable#contiguousOffset}), its vertical coordinate
 * ({@link #levels}), and any number variable written out as raw float32 with CF packing applied ({@link #unpackTo}),
 * for chunked, compressed or packed ({@code short}, ERA5) variables, which cannot be read in place.
 *
 * <pre>{@code
 * try (Netcdf4File nc = Netcdf4File.open(Path.of("era5.nc"))) {
 *     Netcdf4Variable t = nc.variable("t");          // short t(time, level, latitude, longitude), deflated
 *     if (t.contiguousOffset().isPresent()) { ... }  // float32, contiguous: read in place, t.byteOrder()
 *     else nc.unpackTo(t, Path.of("t.f32"), -9999f); // little-endian float32, scale_factor/add_offset applied
 *     NetcdfLevels p = nc.levels(null);              // level / pressure_level / isobaricInhPa / plev, in hPa
 * }
 * }</pre>
 *
 * <p>Only the root group is read (the netCDF classic data model, which is what weather files use); variables in
 * subgroups are not listed.
 *
 * <p>Thread safety: not safe for concurrent use (jHDF's file is not); confine an instance to one thread at a time.
 * The {@link Netcdf4Variable}s it gives are immutable and may be shared.
 *
 * <p>Ownership: {@link #open} opens the file and this object owns it until {@link #close}; files given to
 * {@link #unpackTo} belong to the caller, who deletes them when done.
 *
 * <p>Failure: a file that is missing, not HDF5 (a classic NetCDF file among them), truncated or otherwise unreadable
 * is a {@link Netcdf4FormatException} naming the file (and the variable where one applies) and what was expected;
 * so is a variable whose layout contradicts it (found by {@link #open}: its type's bits, the layout's element size and
 * rank, a contiguous extent, the chunk grid, filters and chunk index; see docs/FILES.md) and a chunk whose Fletcher32
 * checksum fails or that does not decode to its size (found when it is read). An I/O failure is an
 * {@link IOException}.
 */
public final class Netcdf4File implements AutoCloseable {
    /**
     * The most elements {@link #unpackTo} holds at once (16 MiB as float32): it reads and writes a variable in boxes
     * of at most this many elements.
     */
    public static final int MAX_BOX_ELEMENTS = 1 << 22;

    private final Path file;
    private final HdfFile hdf;
    private final FileChannel channel;
    private final Map<String, Catalog.Entry> entries;
    private final List<NetcdfAttribute> attributes;
    private boolean closed;

    private Netcdf4File(Path file, HdfFile hdf, FileChannel channel) throws IOException {
        this.file = file;
        this.hdf = hdf;
        this.channel = channel;
        this.entries = Catalog.read(file, hdf, channel);
        this.attributes = List.copyOf(Attributes.of(hdf));
    }

    /**
     * Whether a file is an HDF5 file (NetCDF-4 among them): whether it has the 8-byte HDF5 signature at byte 0 or
     * after a user block (512, 1024, 2048, …). Reads only those bytes.
     *
     * @param file the file
     * @return true for an HDF5 file; false for any other (a classic NetCDF file among them)
     * @throws Netcdf4FormatException if the file is missing or not a regular file
     * @throws IOException            if reading fails
     */
    public static boolean isHdf5(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        Hdf5Signature.checkRegularFile(file);
        return Hdf5Signature.find(file).isPresent();
    }

    /**
     * Opens a NetCDF-4/HDF5 file and reads the description of every variable of its root group (not their data).
     *
     * @param file a NetCDF-4 (or other HDF5) file
     * @return the open file; close it
     * @throws Netcdf4FormatException if the file is missing, not a regular file, not HDF5 (a classic NetCDF file is
     *                                refused, saying to read it with {@link NetcdfFile}), truncated or unreadable, a
     *                                contiguous variable's data lie past its end, or a number variable's layout
     *                                contradicts it (type bits, element size, rank, extent, chunk shape, filters,
     *                                a chunk off the grid, past the file's end, listed twice or with an unknown filter
     *                                mask, a chunk index that is not a tree)
     * @throws IOException            if reading fails
     */
    public static Netcdf4File open(Path file) throws IOException {
        if (!isHdf5(file)) {
            throw new Netcdf4FormatException(file, Hdf5Signature.describe(file) + " (expected: an HDF5/NetCDF-4 file)");
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        HdfFile hdf = null;
        try {
            hdf = new HdfFile(file);
            return new Netcdf4File(file, hdf, channel);
        } catch (Netcdf4FormatException e) {
            throw closeAfter(e, hdf, channel);
        } catch (RuntimeException e) {
            // jHDF on a damaged file: HdfException, but also overflows, underflows, …
            throw closeAfter(unreadable(file, e), hdf, channel);
        } catch (StackOverflowError e) { // jHDF's own walks (group B-trees, HDF5 1.10 chunk indexes) on a cycle
            throw closeAfter(endless(file, e), hdf, channel);
        } catch (IOException e) {
            throw closeAfter(e, hdf, channel);
        } catch (Error e) {
            throw closeAfter(e, hdf, channel);
        }
    }

    /**
     * The file.
     *
     * @return the path given to {@link #open}
     */
    public Path file() {
        return file;
    }

    /**
     * The variables of the root group, coordinate variables included, dimensions without values excluded.
     *
     * @return the variables in the order they lie in the file (their definition order, for files the netCDF library
     *         writes)
     */
    public List<Netcdf4Variable> variables() {
        return entries.values().stream().map(Catalog.Entry::variable).toList();
    }

    /**
     * A variable by name.
     *
     * @param name the variable's name (case-sensitive, as in NetCDF)
     * @return the variable, or empty
     */
    public Optional<Netcdf4Variable> findVariable(String name) {
        return Optional.ofNullable(entries.get(name)).map(Catalog.Entry::variable);
    }

    /**
     * A variable that must be there.
     *
     * @param name the variable's name (case-sensitive, as in NetCDF)
     * @return the variable
     * @throws Netcdf4FormatException if there is none of that name, listing those there are
     */
    public Netcdf4Variable variable(String name) {
        return findVariable(name).orElseThrow(() -> new Netcdf4FormatException(file, "no variable '" + name
                + "' (expected one of: " + String.join(", ", entries.keySet()) + ")"));
    }

    /**
     * The file's global attributes (text or numbers), without netCDF's {@code _NCProperties}.
     *
     * @return the attributes, unmodifiable
     */
    public List<NetcdfAttribute> attributes() {
        return attributes;
    }

    /**
     * Reads every value of a small variable (a coordinate) as stored, widened to {@code double} (no
     * {@code scale_factor} applied: see {@link Netcdf4Variable#packing}).
     *
     * @param variable one of this file's variables, of a number type, with at most {@link NetcdfFile#MAX_VALUES}
     *                 elements
     * @return its values, last dimension fastest
     * @throws Netcdf4FormatException if the variable is not this file's, not numbers, too large, or unreadable (a
     *                                chunk that fails its Fletcher32 checksum or does not decode to its size)
     * @throws IOException            if reading fails
     */
    public double[] readValues(Netcdf4Variable variable) throws IOException {
        Catalog.Entry e = entry(variable, "read");
        if (variable.elements() > NetcdfFile.MAX_VALUES) {
            throw new Netcdf4FormatException(file, "variable '" + variable.name() + "' has " + variable.elements()
                    + " elements (expected: at most " + NetcdfFile.MAX_VALUES + " to read into memory)");
        }
        try {
            return Unpacker.values(variable, source(e));
        } catch (RuntimeException | java.io.EOFException ex) {
            throw unreadable(variable, ex);
        } catch (StackOverflowError ex) {
            throw endless(file, ex);
        }
    }

    /**
     * The physical values (packing applied) of the coordinate variable of {@code dimension}: a number variable of that
     * name along that one dimension; empty if the file has none.
     *
     * @param dimension a dimension's name
     * @throws IOException if reading fails
     */
    Optional<double[]> coordinate(String dimension) throws IOException {
        Optional<Netcdf4Variable> v = findVariable(dimension).filter(c -> c.type() != Netcdf4Type.OTHER
                && c.dimensionNames().equals(List.of(dimension)));
        if (v.isEmpty()) {
            return Optional.empty();
        }
        NetcdfPacking p = v.get().packing();
        double[] values = readValues(v.get());
        for (int i = 0; i < values.length; i++) {
            values[i] = values[i] * p.scale() + p.offset();
        }
        return Optional.of(values);
    }

    /**
     * Finds and reads the vertical (pressure) coordinate, by the classic reader's rules ({@link NetcdfLevels}).
     *
     * @param name the coordinate variable's name, or {@code null} for the first of {@link NetcdfLevels#NAMES}
     * @return its levels in hPa ({@code Pa} divided by 100; packing applied)
     * @throws Netcdf4FormatException if there is none, or it is not 1-D
     * @throws IllegalArgumentException if its units are not Pa or hPa (a
     *                                  {@link org.loopnest.format.netcdf.NetcdfFormatException} naming the file)
     * @throws IOException if reading fails
     */
    public NetcdfLevels levels(String name) throws IOException {
        Netcdf4Variable v = name != null ? variable(name) : NetcdfLevels.NAMES.stream().map(this::findVariable)
                .flatMap(Optional::stream).findFirst().orElseThrow(() -> new Netcdf4FormatException(file,
                        "no vertical coordinate variable (expected one of: " + String.join(", ", NetcdfLevels.NAMES)
                                + ", or a name given)"));
        if (v.shape().length != 1) {
            throw new Netcdf4FormatException(file, "vertical coordinate '" + v.name() + "' has dimensions "
                    + v.dimensionNames() + " (expected: one)");
        }
        return NetcdfLevels.of(file, v.name(), packing(v), readValues(v));
    }

    /**
     * Writes a variable as raw float32, little-endian (whatever this machine's order), last dimension fastest, one
     * float per element: {@code stored × scale_factor + add_offset}, or {@code missing} where the stored value is
     * NaN, the {@code _FillValue} or a {@code missing_value} (judged before scaling, as CF says; see
     * {@link NetcdfPacking}). This is how a chunked, compressed or packed variable becomes a file-backed input.
     *
     * <p>Cost: the whole variable is read, decoded (decompressed) and written once: a copy of
     * {@code elements × 4} bytes on disk and the time to decompress it. A float32 variable stored contiguously needs
     * none of it: read it in place at {@link Netcdf4Variable#contiguousOffset}.
     *
     * <p>Memory stays bounded whatever the variable's size: it goes in boxes of at most {@link #MAX_BOX_ELEMENTS}
     * elements, cut along chunk boundaries so that each chunk is decompressed once (unless one chunk alone is larger
     * than that, when chunks are decompressed once per box they overlap), plus one chunk as it is decoded (never more
     * than its shape holds, whatever its stream claims).
     *
     * <p>The file {@code raw} is created or replaced; it belongs to the caller. It is complete when this returns; on
     * failure it is deleted. Free space is checked before anything is written.
     *
     * @param variable one of this file's variables, of a number type
     * @param raw      the file to write (its directory must exist)
     * @param missing  the float written for a missing value (NaN, or a marker such as -9999)
     * @return the number of elements written
     * @throws Netcdf4FormatException   if the variable is not this file's or not numbers, or its data cannot be read
     *                                  (a truncated file, a chunk that fails its Fletcher32 checksum or does not
     *                                  decode to its size)
     * @throws IllegalArgumentException if {@code raw} is a directory, this input file itself, or on a file system
     *                                  without room for it, or the variable's CF attributes have the wrong kind
     * @throws IOException              if reading or writing fails
     */
    public long unpackTo(Netcdf4Variable variable, Path raw, float missing) throws IOException {
        return unpackTo(variable, raw, missing, MAX_BOX_ELEMENTS);
    }

    long unpackTo(Netcdf4Variable variable, Path raw, float missing, long budget) throws IOException {
        Catalog.Entry e = entry(variable, "unpack");
        Objects.requireNonNull(raw, "raw");
        NetcdfPacking packing = packing(variable);
        RawOutput.check(raw, file, Math.multiplyExact(variable.elements(), Float.BYTES));
        SlabPlan plan = new SlabPlan(variable.shape(), e.layout().chunk(), budget);
        try (FileChannel out = FileChannel.open(raw, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            Unpacker.unpack(variable, source(e), plan, packing, missing, out);
        } catch (RuntimeException | java.io.EOFException ex) {
            Files.deleteIfExists(raw);
            throw unreadable(variable, ex);
        } catch (StackOverflowError ex) {
            Files.deleteIfExists(raw);
            throw endless(file, ex);
        } catch (IOException | Error ex) {
            Files.deleteIfExists(raw);
            throw ex;
        }
        return variable.elements();
    }

    /**
     * Closes the file. Idempotent.
     *
     * @throws IOException if closing fails
     */
    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            try {
                hdf.close();
            } finally {
                channel.close();
            }
        }
    }

    private Catalog.Entry entry(Netcdf4Variable variable, String what) {
        Objects.requireNonNull(variable, "variable");
        if (closed) {
            throw new IllegalStateException(Netcdf4FormatException.name(file) + " is closed (expected: an open file "
                    + "to " + what + " '" + variable.name() + "')");
        }
        Catalog.Entry e = entries.get(variable.name());
        if (e == null || !e.variable().equals(variable)) {
            throw new Netcdf4FormatException(file, "variable '" + variable.name() + "' is not this file's (expected: "
                    + "one of its variables())");
        }
        if (!variable.type().isNumber()) {
            throw new Netcdf4FormatException(file, "variable '" + variable.name() + "' is not numbers (type "
                    + variable.type() + "; expected: a number type to " + what + ")");
        }
        return e;
    }

    /** Where a variable's data lie, as checked when the file was opened (for tests). */
    Layout layout(Netcdf4Variable variable) {
        return entry(variable, "inspect").layout();
    }

    private NetcdfPacking packing(Netcdf4Variable v) {
        try {
            return v.packing();
        } catch (IllegalArgumentException e) {
            throw new Netcdf4FormatException(file, e.getMessage(), e);
        }
    }

    private BoxSource source(Catalog.Entry e) {
        return BoxSource.of(e.variable(), e.dataset(), e.layout(), channel);
    }

    private Netcdf4FormatException unreadable(Netcdf4Variable v, Exception e) {
        if (e instanceof ChunkDamage) { // says what was expected
            return new Netcdf4FormatException(file, "variable '" + v.name() + "' cannot be read: " + e.getMessage(), e);
        }
        return new Netcdf4FormatException(file, "variable '" + v.name() + "' cannot be read: " + what(e)
                + " (expected: its data complete and intact; is the file truncated or damaged?)", e);
    }

    private static Netcdf4FormatException unreadable(Path file, RuntimeException e) {
        return new Netcdf4FormatException(file, "not a readable HDF5 file: " + what(e)
                + " (expected: a complete HDF5/NetCDF-4 file)", e);
    }

    /**
     * A structure jHDF walks recursively that never ends (a B-tree node that is its own descendant): LoopNest walks the
     * chunk indexes netCDF writes itself, without recursion; this is the boundary for the walks left to jHDF (groups'
     * B-trees, HDF5 1.10's chunk indexes).
     */
    private static Netcdf4FormatException endless(Path file, StackOverflowError e) {
        return new Netcdf4FormatException(file, "not a readable HDF5 file: its metadata nest without end (a B-tree "
                + "node that is its own descendant?) (expected: a complete HDF5/NetCDF-4 file)", e);
    }

    /** What jHDF said: its message and its cause's; the exception's class where it is not jHDF's own. */
    private static String what(Exception e) {
        String says = e instanceof HdfException || e instanceof IOException ? e.getMessage()
                : e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "");
        return says + (e.getCause() != null ? ": " + e.getCause().getMessage() : "");
    }

    /** Closes what a failed open opened; a failure to close is added to {@code failure}, which is returned. */
    private static <T extends Throwable> T closeAfter(T failure, HdfFile hdf, FileChannel channel) {
        try {
            if (hdf != null) {
                hdf.close();
            }
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
        try {
            channel.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
        return failure;
    }
}

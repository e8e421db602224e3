package org.loopnest.format.grads;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.loopnest.internal.files.OwnedNames;
import org.loopnest.internal.format.Quoted;

/**
 * A GrADS data descriptor ({@code .ctl}): where the binary data file is, its grid ({@code XDEF}, {@code YDEF},
 * {@code ZDEF}, {@code TDEF}), its variables, the missing-value marker ({@code UNDEF}) and the {@code OPTIONS} that
 * say how to read it — and, from these, the byte offset of every x·y grid in the data file.
 *
 * <p>Made by {@link #parse(Path)} (or {@link #parse(String, Path)}) from a file, or by {@link #withData} from
 * another descriptor for outputs on the same grid; written by {@link #write(Path)} or {@link #toText()}, which parse
 * back to an equal descriptor.
 *
 * <p>With {@code OPTIONS template} ({@link #isTemplate()}) the {@code DSET} is a template such as
 * {@code ^model_%y4%m2%d2.dat} and the data lie in several files, one per run of consecutive times that give the same
 * name ({@link #dataFiles()}, {@link #dataFile(int)}): each file is laid out as a whole data file of its own steps,
 * so {@link #offset} is a position in the file that holds the step.
 *
 * <p>Thread safety: immutable; share it freely. Failure: a malformed descriptor is a {@link GradsFormatException}
 * naming the file, the line and what was expected; an unreadable file an {@link IOException}.
 *
 * <p>Pitfalls: variable names are looked up without regard to case ({@code t} finds {@code T}), as GrADS does. A
 * variable with fewer levels than {@code ZDEF} (the Debian sample's {@code Q}: 5 of 7) has its levels at the
 * <em>first</em> {@code ZDEF} values ({@link #levelsOf(String)}). Without a byte-order option the data are in this
 * machine's order, as GrADS reads them: a descriptor written for others should name one ({@link #withData} does).
 */
public final class GradsDescriptor {
    private final Path ctl;
    private final Path dataFile;
    private final String title;
    private final double undef;
    private final Set<GradsOption> options;
    private final GradsAxis x;
    private final GradsAxis y;
    private final GradsAxis z;
    private final GradsTime time;
    private final List<GradsVariable> variables;
    private final GradsLayout layout;
    /** The data files, in time order: the one {@code dataFile} holding every step, or a template's files. */
    private final List<GradsDataFile> files;
    /** The first step of each of {@link #files}, for a binary search. */
    private final int[] firstSteps;

    /**
     * Makes a descriptor of checked parts.
     *
     * @param files a template's data files, in time order, covering every step; null for the one {@code dataFile}
     */
    GradsDescriptor(Path ctl, Path dataFile, String title, double undef, Set<GradsOption> options, GradsAxis x,
            GradsAxis y, GradsAxis z, GradsTime time, List<GradsVariable> variables, List<GradsDataFile> files) {
        this.ctl = ctl;
        this.dataFile = dataFile;
        this.title = title;
        this.undef = undef;
        this.options = options.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(options));
        this.x = x;
        this.y = y;
        this.z = z;
        this.time = time;
        this.variables = List.copyOf(variables);
        this.layout = new GradsLayout(x, y, time.count(), variables, options.contains(GradsOption.SEQUENTIAL));
        this.files = files == null ? List.of(new GradsDataFile(dataFile, 0, time.count())) : List.copyOf(files);
        this.firstSteps = this.files.stream().mapToInt(GradsDataFile::firstStep).toArray();
    }

    /**
     * Reads a descriptor file. A {@code DSET ^name} is resolved against the file's directory.
     *
     * @param ctl the {@code .ctl} file; read as UTF-8 (ASCII in practice), as Latin-1 where not valid UTF-8
     * @return the descriptor
     * @throws IOException          when the file cannot be read, its message saying why (missing:
     *                              {@link NoSuchFileException}, "no such file")
     * @throws GradsFormatException naming the file when it is not a regular file (a FIFO or device is refused before
     *                              it is opened), is larger than 4 MiB, is not text (a NetCDF or HDF5 file, control
     *                              bytes), or its content is malformed or uses what is not
     *                              supported
     */
    public static GradsDescriptor parse(Path ctl) throws IOException {
        return parse(DescriptorFile.read(ctl), ctl);
    }

    /**
     * Reads a descriptor's text, said to come from {@code ctl} (which is not read: it names the text in errors, and
     * its directory resolves {@code DSET ^name}).
     *
     * @param text the descriptor's content
     * @param ctl  where the text is said to come from; a relative path is taken from the working directory
     * @return the descriptor
     * @throws GradsFormatException when the text is malformed or uses what is not supported
     */
    public static GradsDescriptor parse(String text, Path ctl) {
        return GradsParser.parse(Objects.requireNonNull(text, "text"), Objects.requireNonNull(ctl, "ctl"));
    }

    /**
     * A descriptor for other data on the same grid: the same {@code XDEF}, {@code YDEF}, {@code ZDEF}, {@code TDEF},
     * {@code UNDEF}, title and {@code yrev}, with a new data file, new variables and an explicit byte order; never
     * {@code sequential} (outputs are written without record markers) nor {@code template} (one data file).
     *
     * @param dataFile  the new data file; made absolute
     * @param variables the new variables, each with at most {@code ZDEF} levels, names distinct ignoring case
     * @param order     the byte order the new data file is written in
     * @return the new descriptor; this one is unchanged
     * @throws IllegalArgumentException naming the variable when one has too many levels or a name is repeated
     */
    public GradsDescriptor withData(Path dataFile, List<GradsVariable> variables, ByteOrder order) {
        Objects.requireNonNull(order, "order");
        if (variables.isEmpty()) {
            throw new IllegalArgumentException("variables = [] (expected: at least one)");
        }
        Set<String> names = new java.util.HashSet<>();
        for (GradsVariable v : variables) {
            if (v.levels() > z.size()) {
                throw new IllegalArgumentException(v.name() + ": levels = " + v.levels() + " (expected: at most "
                        + z.size() + ", the ZDEF count)");
            }
            if (!names.add(v.name().toLowerCase(java.util.Locale.ROOT))) {
                throw new IllegalArgumentException("variable " + v.name() + " twice (expected: distinct names, "
                        + "case ignored)");
            }
        }
        Set<GradsOption> newOptions = EnumSet.of(order == ByteOrder.BIG_ENDIAN ? GradsOption.BIG_ENDIAN
                : GradsOption.LITTLE_ENDIAN);
        if (yReversed()) {
            newOptions.add(GradsOption.YREV);
        }
        return new GradsDescriptor(ctl, dataFile.toAbsolutePath().normalize(), title, undef, newOptions, x, y, z,
                time, variables, null);
    }

    /**
     * The same descriptor with another title.
     *
     * @param newTitle the title; one line, may be empty
     * @return the new descriptor
     * @throws IllegalArgumentException when the title holds a line break
     */
    public GradsDescriptor withTitle(String newTitle) {
        if (newTitle.contains("\n") || newTitle.contains("\r")) {
            throw new IllegalArgumentException("title = '" + newTitle + "' (expected: one line)");
        }
        return new GradsDescriptor(ctl, dataFile, newTitle.strip(), undef, options, x, y, z, time, variables,
                files);
    }

    /** {@return the descriptor file this was read from (or said to come from), for messages} */
    Path ctl() {
        return ctl;
    }

    /**
     * The binary data file ({@code DSET}), resolved; for a template descriptor the template itself
     * ({@code /data/model_%y4%m2%d2.dat}), which names no one file: see {@link #dataFiles()}.
     *
     * @return an absolute path
     */
    public Path dataFile() {
        return dataFile;
    }

    /**
     * Whether {@code DSET} is a template naming several data files ({@code OPTIONS template}).
     *
     * @return true with {@code template}
     */
    public boolean isTemplate() {
        return options.contains(GradsOption.TEMPLATE);
    }

    /**
     * The data files and the time steps each holds, in time order, together every step once: for a plain
     * descriptor the one {@link #dataFile()} with all steps; for a template descriptor one file per run of
     * consecutive steps whose times give the same name (daily files of 6-hourly steps: 4 steps each). Files are
     * named, not checked: {@link #checkDataFile()} checks them.
     *
     * @return an unmodifiable list, at least one file
     */
    public List<GradsDataFile> dataFiles() {
        return files;
    }

    /**
     * The data file that holds a time step.
     *
     * @param t the time step, {@code 0 <= t < time().count()}
     * @return the file, with the first step it holds: {@code t} is its local step {@code t - firstStep()}
     * @throws IllegalArgumentException naming {@code t} and its range when it is out of range
     */
    public GradsDataFile dataFile(int t) {
        checkStep(t);
        int at = java.util.Arrays.binarySearch(firstSteps, t);
        return files.get(at >= 0 ? at : -at - 2);
    }

    /**
     * The title.
     *
     * @return the {@code TITLE} text, or empty when there is none
     */
    public String title() {
        return title;
    }

    /**
     * The value that marks missing data ({@code UNDEF}).
     *
     * @return the marker, compared for equality after reading a float (GrADS compares with a small tolerance)
     */
    public double undef() {
        return undef;
    }

    /**
     * The {@code OPTIONS} given.
     *
     * @return an unmodifiable set, empty when there are none
     */
    public Set<GradsOption> options() {
        return options;
    }

    /**
     * The x (longitude) axis.
     *
     * @return {@code XDEF}
     */
    public GradsAxis x() {
        return x;
    }

    /**
     * The y (latitude) axis, in the order GrADS presents it (south to north; see {@link #yReversed()}).
     *
     * @return {@code YDEF}
     */
    public GradsAxis y() {
        return y;
    }

    /**
     * The vertical axis: pressure levels in hPa for {@code LEVELS}.
     *
     * @return {@code ZDEF}
     */
    public GradsAxis z() {
        return z;
    }

    /**
     * The time axis.
     *
     * @return {@code TDEF}
     */
    public GradsTime time() {
        return time;
    }

    /**
     * The variables in file order.
     *
     * @return an unmodifiable list
     */
    public List<GradsVariable> variables() {
        return variables;
    }

    /**
     * A variable by name, case ignored.
     *
     * @param name the name
     * @return the variable
     * @throws IllegalArgumentException naming the variables there are when none is called so
     */
    public GradsVariable variable(String name) {
        return variables.get(indexOf(name));
    }

    /**
     * The vertical coordinates of a variable's levels: the first {@code levels} values of {@code ZDEF} (the first one
     * for a surface variable, whose single grid has no level of its own).
     *
     * @param name the variable, case ignored
     * @return {@link GradsVariable#records()} values
     * @throws IllegalArgumentException when there is no such variable
     */
    public List<Double> levelsOf(String name) {
        return z.values().subList(0, variable(name).records());
    }

    /**
     * The byte order to read the data file with: {@code big_endian} or {@code little_endian} as given;
     * {@code byteswapped} the opposite of this machine's; none, this machine's.
     *
     * @return the order
     */
    public ByteOrder byteOrder() {
        if (options.contains(GradsOption.BIG_ENDIAN)) {
            return ByteOrder.BIG_ENDIAN;
        }
        if (options.contains(GradsOption.LITTLE_ENDIAN)) {
            return ByteOrder.LITTLE_ENDIAN;
        }
        boolean swapped = options.contains(GradsOption.BYTESWAPPED);
        boolean nativeBig = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;
        return swapped == nativeBig ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    /**
     * Whether rows are stored north to south ({@code OPTIONS yrev}): row {@code j} of each stored grid is then at
     * {@code y().value(y().size() - 1 - j)}.
     *
     * @return true with {@code yrev}
     */
    public boolean yReversed() {
        return options.contains(GradsOption.YREV);
    }

    /**
     * Whether records carry Fortran markers ({@code OPTIONS sequential}); {@link #offset} already skips them.
     *
     * @return true with {@code sequential}
     */
    public boolean sequential() {
        return options.contains(GradsOption.SEQUENTIAL);
    }

    /**
     * The size of one x·y grid in the data file, markers excluded.
     *
     * @return {@code x().size() * y().size() * 4}
     */
    public long gridBytes() {
        return layout.gridBytes();
    }

    /**
     * The size of one time step in a data file: every variable's records.
     *
     * @return grids per step × (grid bytes, plus 8 marker bytes when {@code sequential})
     */
    public long stepBytes() {
        return layout.stepBytes();
    }

    /**
     * The byte offset of one x·y grid of 4-byte floats (x fastest) in the data file that holds time step {@code t}
     * ({@link #dataFile(int)}: the data file, or for a template descriptor the file of {@code t}, where the offset
     * is that of {@code t}'s local step).
     *
     * @param variable the variable, case ignored
     * @param t        the time step, {@code 0 <= t < time().count()}
     * @param z        the level, {@code 0 <= z < variable(name).records()}
     * @return the offset of the grid's first value (after the record marker in a {@code sequential} file)
     * @throws IllegalArgumentException naming the variables there are for an unknown name, or naming {@code t} or
     *                                  {@code z} and its range when one is out of range
     */
    public long offset(String variable, int t, int z) {
        int v = indexOf(variable);
        GradsVariable found = variables.get(v);
        checkStep(t);
        if (z < 0 || z >= found.records()) {
            throw new IllegalArgumentException(found.name() + ": z = " + z + " (expected: 0 <= z < "
                    + found.records() + (found.levels() == 0 ? ", a surface variable" : "") + ")");
        }
        return layout.offset(v, t - dataFile(t).firstStep(), z);
    }

    private void checkStep(int t) {
        if (t < 0 || t >= time.count()) {
            throw new IllegalArgumentException("t = " + t + " (expected: 0 <= t < " + time.count() + ")");
        }
    }

    /**
     * The size the data file must have at least; for a template descriptor the size of all its files together (each
     * must hold its own steps × {@link #stepBytes()}).
     *
     * @return time steps × grids per step × (grid bytes, plus 8 marker bytes when {@code sequential})
     */
    public long expectedFileSize() {
        return layout.fileBytes();
    }

    /**
     * Checks that the data file exists, is a regular file and holds at least {@link #expectedFileSize()} bytes (a
     * longer one is accepted: GrADS reads only what it describes); for a template descriptor, that every one of
     * {@link #dataFiles()} does, each for its own steps.
     *
     * @return the file's size in bytes; for a template descriptor the sum of its files' sizes
     * @throws NoSuchFileException  naming the file and "no such file" when it is missing (for a template, the steps
     *                              it should hold)
     * @throws IOException          naming the file and why when it is a directory, not a regular file (a FIFO, a
     *                              device) or cannot be read
     * @throws GradsFormatException naming both files and both sizes when it is shorter than described
     */
    public long checkDataFile() throws IOException {
        long total = 0;
        for (GradsDataFile file : files) {
            total += checkDataFile(file);
        }
        return total;
    }

    /** Checks one data file for its steps; its size. */
    private long checkDataFile(GradsDataFile file) throws IOException {
        String expected = isTemplate() ? "the data file of " + file.stepsText() + " by the DSET template in "
                + GradsFormatException.name(ctl) : "the data file named by DSET in " + GradsFormatException.name(ctl);
        Path path = file.path();
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (FileSystemException e) {
            throw DescriptorFile.withReason(e, expected);
        }
        if (attributes.isDirectory()) {
            throw new IOException(path + " is a directory (expected: " + expected + ")");
        }
        if (!attributes.isRegularFile()) {
            throw new IOException(path + " is not a regular file (a FIFO, a device or another special file) "
                    + "(expected: " + expected + ")");
        }
        long size = attributes.size();
        long needed = file.steps() * layout.stepBytes();
        if (size < needed) {
            throw new GradsFormatException(path, 0, size + " bytes, shorter than " + GradsFormatException.name(ctl)
                    + " describes (expected: at least " + needed + " bytes = " + file.steps() + " times × "
                    + layout.stepBytes() + " bytes per time" + (isTemplate() ? ", " + file.stepsText() : "") + ")");
        }
        if (!Files.isReadable(path)) {
            throw new IOException(path + " cannot be read: permission denied (expected: a readable data file)");
        }
        return size;
    }

    /**
     * The descriptor as text, with {@code DSET} the data file's absolute path; {@link #parse(String, Path)} of it
     * gives an equal descriptor.
     *
     * @return the text, lines ending in {@code \n}
     */
    public String toText() {
        return GradsText.of(this, dataFile.toString());
    }

    /**
     * Writes the descriptor to a file (first under a temporary name beside it, then moved into place), with
     * {@code DSET ^name} when the data file is in the same directory, its absolute path otherwise.
     *
     * @param target the {@code .ctl} file to write; replaced if it exists
     * @throws IOException when it cannot be written; no temporary file is left behind
     */
    public void write(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        String dset = absolute.getParent().equals(dataFile.getParent()) ? "^" + dataFile.getFileName()
                : dataFile.toString();
        // not Files.createTempFile: its owner-only permissions would stay on the moved file
        Path temporary = OwnedNames.name(absolute, OwnedNames.Kind.TEMPORARY);
        try {
            Files.writeString(temporary, GradsText.of(this, dset), StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private int indexOf(String name) {
        for (int i = 0; i < variables.size(); i++) {
            if (variables.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("variable '" + Quoted.of(name) + "' is not in "
                + GradsFormatException.name(ctl) + " (expected one of: "
                + Quoted.names(variables.stream().map(GradsVariable::name).toList()) + ")");
    }

    /**
     * Equal when everything the descriptor says is equal: data file, title, {@code UNDEF}, options, axes, time and
     * variables (not the file it was read from).
     *
     * @param other any object
     * @return whether both describe the same data
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof GradsDescriptor d && d.dataFile.equals(dataFile) && d.title.equals(title)
                && Double.compare(d.undef, undef) == 0 && d.options.equals(options) && d.x.equals(x)
                && d.y.equals(y) && d.z.equals(z) && d.time.equals(time) && d.variables.equals(variables);
    }

    @Override
    public int hashCode() {
        return Objects.hash(dataFile, title, undef, options, x, y, z, time, variables);
    }

    /**
     * For messages.
     *
     * @return the descriptor's file name, the grid sizes and the variable names
     */
    @Override
    public String toString() {
        return GradsFormatException.name(ctl) + " (" + x.size() + "×" + y.size() + "×" + z.size() + "×"
                + time.count() + ", " + variables.stream().map(GradsVariable::name).collect(Collectors.joining(", "))
                + ")";
    }
}

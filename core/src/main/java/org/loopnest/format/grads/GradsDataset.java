package org.loopnest.format.grads;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FilePart;
import org.loopnest.data.Holder;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfCoordinate;
import org.loopnest.internal.format.Quoted;

/**
 * One variable of a GrADS data set as one array, read in place: dimensions {@code time, lev, lat, lon}
 * ({@code time, lat, lon} for a surface variable), lengths from {@code TDEF}, the variable's levels, {@code YDEF} and
 * {@code XDEF}; 4-byte floats in the descriptor's byte order, strided over the data file(s) as
 * {@link GradsDescriptor#offset} lays them out ({@code sequential} record markers skipped). A {@code template}
 * descriptor's data files are one array joined along {@code time}: each holds its own steps from its start, so each
 * part starts at the variable's offset at its first step ({@link Holder#files}).
 *
 * <p>Decisions: a variable on fewer levels than {@code ZDEF} has that many, at the first {@code ZDEF} values;
 * {@code yrev} is not undone — {@code lat} indexes rows as stored, and its coordinate is in that order
 * (north to south); {@code UNDEF} reaches a run in place as stored ({@link #unpackTo} makes it NaN); coordinates and
 * time as {@code GradsDimensions} says ({@code time} in the {@code TDEF} increment's unit since its start).
 *
 * <p><b>Threading:</b> immutable; safe to share. <b>Failure:</b> {@link #open} throws an
 * {@link IllegalArgumentException} naming the descriptor or data file and what was expected; I/O errors are
 * {@link IOException}s. Holds no file open.
 */
public final class GradsDataset implements Dataset {
    private final GradsDescriptor descriptor;
    private final GradsVariable variable;

    private GradsDataset(GradsDescriptor descriptor, GradsVariable variable) {
        this.descriptor = descriptor;
        this.variable = variable;
    }

    /**
     * Reads a descriptor and opens one of its variables, its data files checked.
     *
     * @param ctl the descriptor
     * @param variable the variable's name, case ignored
     * @return the dataset
     * @throws IllegalArgumentException a {@link GradsFormatException} for a malformed descriptor, or as
     *     {@link #of}
     * @throws IOException if the descriptor or a data file's attributes cannot be read
     */
    public static GradsDataset open(Path ctl, String variable) throws IOException {
        return of(GradsDescriptor.parse(ctl), variable);
    }

    /**
     * Opens one variable of a descriptor already read, its data files checked: each a readable regular file, as long
     * as the descriptor says.
     *
     * @param descriptor the descriptor
     * @param variable the variable's name, case ignored
     * @return the dataset
     * @throws IllegalArgumentException naming the descriptor and the variables there are when none is called so (or
     *     none is given);
     *     {@code DSET PATH: no such file (expected: the data file of model.ctl, a readable regular file)} and the
     *     like for a data file missing, a directory, a FIFO or device, or unreadable (a template's naming the time
     *     steps it should hold); a {@link GradsFormatException} naming a data file shorter than described
     * @throws IOException if a data file's attributes cannot be read
     */
    public static GradsDataset of(GradsDescriptor descriptor, String variable) throws IOException {
        if (variable == null) {
            throw new IllegalArgumentException(GradsFormatException.name(descriptor.ctl()) + ": no variable given "
                    + "(expected one of: " + Quoted.names(descriptor.variables().stream().map(GradsVariable::name)
                    .toList()) + ")");
        }
        GradsVariable v = descriptor.variable(variable);
        GradsDataFiles.check(descriptor);
        return new GradsDataset(descriptor, v);
    }

    /** {@return the descriptor} */
    public GradsDescriptor descriptor() {
        return descriptor;
    }

    /** {@return the variable as the descriptor declares it} */
    public GradsVariable declared() {
        return variable;
    }

    /** {@return the variable's name as the descriptor writes it} */
    @Override
    public String variable() {
        return variable.name();
    }

    /** {@return the data files, in time order (not the descriptor)} */
    @Override
    public List<Path> files() {
        return descriptor.dataFiles().stream().map(GradsDataFile::path).toList();
    }

    @Override
    public List<String> dimensionNames() {
        return GradsDimensions.names(variable);
    }

    @Override
    public long[] shape() {
        return GradsDimensions.shape(descriptor, variable);
    }

    /** {@return the time steps each data file holds} */
    @Override
    public long[] counts() {
        return descriptor.dataFiles().stream().mapToLong(GradsDataFile::steps).toArray();
    }

    /** {@return the {@code TDEF} times in {@link #timeUnits()}, if they can be read as dates} */
    @Override
    public Optional<double[]> time() {
        return GradsDimensions.values(descriptor, GradsDimensions.TIME, 0);
    }

    /** {@return the units of {@link #time()}: {@code hours since 1987-01-02 00:00:00}, say} */
    public Optional<String> timeUnits() {
        return GradsDimensions.timeUnits(descriptor.time());
    }

    /**
     * {@return the values along {@code dimension}: {@code lon}, {@code lat} (as stored), the variable's levels for
     * {@code lev}, {@code time} as {@link #time()}; empty for another name}
     *
     * @param dimension one of {@link #dimensionNames()}
     */
    public Optional<double[]> coordinate(String dimension) {
        return dimensionNames().contains(dimension) ? GradsDimensions.values(descriptor, dimension,
                variable.records()) : Optional.empty();
    }

    /** {@return the data files joined by a template, and the row order under {@code yrev}} */
    @Override
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        List<GradsDataFile> files = descriptor.dataFiles();
        if (files.size() > 1) {
            notes.add("DSET template: " + files.size() + " data files (" + files.get(0).path().getFileName() + " … "
                    + files.get(files.size() - 1).path().getFileName() + ") joined along time ("
                    + descriptor.time().count() + " steps)");
        }
        if (descriptor.yReversed()) {
            notes.add("yrev: rows stored north to south; lat runs as stored");
        }
        return List.copyOf(notes);
    }

    /** {@return true: GrADS data are 4-byte floats, read where they lie} */
    @Override
    public boolean readsInPlace() {
        return true;
    }

    /** {@return {@link ElementType#FLOAT}} */
    @Override
    public ElementType elementType() {
        return ElementType.FLOAT;
    }

    /**
     * {@return the element strides in the data file, in {@link #dimensionNames()} order: a time step's records, a
     * record (markers included), a row, 1}
     */
    public long[] strides() {
        long step = descriptor.stepBytes() / Float.BYTES;
        long record = (descriptor.gridBytes() + (descriptor.sequential() ? 2L * GradsLayout.MARKER_BYTES : 0))
                / Float.BYTES;
        long nx = descriptor.x().size();
        return variable.levels() == 0 ? new long[] {step, nx, 1} : new long[] {step, record, nx, 1};
    }

    /**
     * {@return a file-backed input over the data in place, its indices in {@link #dimensionNames()} order:
     * {@link Holder#file} over the one data file, {@link Holder#files} over a template's, each part from the
     * variable's first grid at the file's first step}
     */
    @Override
    public FileHolder holder() {
        List<FilePart> parts = new ArrayList<>();
        for (GradsDataFile file : descriptor.dataFiles()) {
            parts.add(new FilePart(file.path(), descriptor.offset(variable.name(), file.firstStep(), 0),
                    file.steps()));
        }
        return parts.size() == 1 ? Holder.file(parts.get(0).path(), ElementType.FLOAT, descriptor.byteOrder(),
                parts.get(0).offsetBytes(), strides()) : Holder.files(parts, ElementType.FLOAT, descriptor.byteOrder(),
                strides());
    }

    /**
     * Writes every value, row-major over {@link #shape()} (rows as stored), as little-endian float32, {@code UNDEF}
     * as NaN; in bounded memory.
     *
     * @param out an existing file, written from byte 0
     * @throws IOException if a file cannot be read or written, or a data file ends early
     */
    @Override
    public void unpackTo(Path out) throws IOException {
        GradsUnpacking.unpack(descriptor, variable, out);
    }

    /** {@return e.g. {@code GrADS float32, big-endian, sequential, 3 template files}} */
    @Override
    public String storage() {
        int files = descriptor.dataFiles().size();
        return "GrADS float32, " + (descriptor.byteOrder() == ByteOrder.BIG_ENDIAN ? "big" : "little")
                + "-endian" + (descriptor.sequential() ? ", sequential" : "") + (files > 1 ? ", " + files
                + " template files" : "");
    }

    /**
     * {@return the coordinate of {@code dimension} to copy into an output: float {@code lon} ({@code degrees_east}),
     * {@code lat} ({@code degrees_north}, as stored), {@code lev} ({@code hPa}, {@code positive down}, the variable's
     * levels) and double {@code time} (CF units, where {@code TDEF} reads as dates), each with {@code units},
     * {@code standard_name} and {@code axis}; empty for another name}
     *
     * @param dimension one of {@link #dimensionNames()}
     */
    @Override
    public Optional<NetcdfCoordinate> copyOf(String dimension) {
        return dimensionNames().contains(dimension) ? GradsDimensions.coordinate(descriptor, dimension,
                variable.records()) : Optional.empty();
    }

    /** {@return {@code title}, the descriptor's {@code TITLE}, where it has one} */
    @Override
    public List<NetcdfAttribute> globalAttributes() {
        return GradsDimensions.globalAttributes(descriptor);
    }

    /** {@return the variable's attributes: {@code long_name}, {@code _FillValue} and {@code missing_value}} */
    public List<NetcdfAttribute> attributes() {
        return GradsDimensions.attributes(descriptor, variable);
    }
}

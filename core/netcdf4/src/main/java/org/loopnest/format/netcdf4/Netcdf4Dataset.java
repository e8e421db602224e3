package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FilePart;
import org.loopnest.data.Holder;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.dataset.DatasetJoin;
import org.loopnest.format.dataset.DatasetMember;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfCoordinate;
import org.loopnest.format.netcdf.NetcdfPacking;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.internal.files.OwnedNames;
import org.loopnest.internal.format.Quoted;

/**
 * One variable of one or more NetCDF-4 files, read as one array, by the rules of
 * {@link org.loopnest.format.netcdf.NetcdfDataset} ({@link DatasetJoin}: joined along the first dimension in time
 * order, every file agreeing on the rest): a file-backed {@link Holder} over the files in place when every file stores
 * the variable as contiguous, unpacked {@code float}s ({@link #holder()}), else unpacked file by file into one float32
 * file ({@link #unpackTo}).
 *
 * <p>Only the files' metadata and coordinates are read when opened; no file stays open. <b>Threading:</b> immutable
 * after {@link #open}. <b>Failure:</b> {@link #open} throws an {@link IllegalArgumentException} naming the file (both
 * for a disagreement) and what was expected; I/O errors are {@link IOException}s.
 */
public final class Netcdf4Dataset implements Dataset {
    private final String variable;
    private final List<Path> files;
    private final List<Netcdf4Variable> variables;
    private final DatasetJoin join;

    private Netcdf4Dataset(String variable, List<Path> files, List<Netcdf4Variable> variables, DatasetJoin join) {
        this.variable = variable;
        this.files = List.copyOf(files);
        this.variables = List.copyOf(variables);
        this.join = join;
    }

    /**
     * Opens variable {@code name} of {@code files} as one array.
     *
     * @param files the NetCDF-4 files, in any order; at least one
     * @param name the variable
     * @return the dataset
     * @throws IllegalArgumentException naming the file(s): a variable missing (listing those there are), a scalar or
     *     non-numeric one, files that disagree, times that repeat or go backwards
     * @throws IOException if a file cannot be read
     */
    public static Netcdf4Dataset open(List<Path> files, String name) throws IOException {
        if (files == null || files.isEmpty()) {
            throw new IllegalArgumentException("dataset: no files (expected: at least one NetCDF-4 file)");
        }
        List<DatasetMember> members = new ArrayList<>();
        List<Netcdf4Variable> variables = new ArrayList<>();
        for (Path file : files) {
            try (Netcdf4File nc = Netcdf4File.open(file)) {
                Netcdf4Variable v = nc.findVariable(name).orElseThrow(() -> new IllegalArgumentException(
                        "no variable '" + name + "' in " + file.getFileName() + " (expected one of: "
                                + Quoted.names(nc.variables().stream().map(Netcdf4Variable::name).toList()) + ")"));
                if (v.type() == Netcdf4Type.OTHER || v.shape().length == 0) {
                    throw new IllegalArgumentException(file + ": variable '" + name + "' is " + (v.shape().length == 0
                            ? "a scalar" : "not numbers") + " (expected: a numeric variable with dimensions)");
                }
                variables.add(v);
                members.add(member(nc, v));
            }
        }
        DatasetJoin join = DatasetJoin.of(members);
        List<Netcdf4Variable> sorted = join.files().stream().map(f -> variables.get(files.indexOf(f))).toList();
        return new Netcdf4Dataset(name, join.files(), sorted, join);
    }

    private static DatasetMember member(Netcdf4File nc, Netcdf4Variable v) throws IOException {
        Map<String, double[]> coordinates = new HashMap<>();
        String timeUnits = null;
        for (String dim : v.dimensionNames()) {
            Optional<double[]> values = nc.coordinate(dim);
            if (values.isPresent()) {
                coordinates.put(dim, values.get());
                if (dim.equals(v.dimensionNames().get(0))) {
                    timeUnits = nc.variable(dim).attribute("units").filter(a -> a.type() == NetcdfType.CHAR)
                            .map(NetcdfAttribute::text).map(String::strip).orElse(null);
                }
            }
        }
        NetcdfPacking p = v.packing();
        return new DatasetMember(nc.file(), v.name(), v.dimensionNames(), v.shape(), v.type().name(), p.describe(),
                p.units(), coordinates, Optional.ofNullable(timeUnits));
    }

    @Override
    public String variable() {
        return variable;
    }

    @Override
    public List<Path> files() {
        return files;
    }

    /** {@return the variable as the first file (in time order) declares it} */
    public Netcdf4Variable declared() {
        return variables.get(0);
    }

    @Override
    public List<String> dimensionNames() {
        return declared().dimensionNames();
    }

    @Override
    public long[] shape() {
        return join.shape();
    }

    @Override
    public long[] counts() {
        return variables.stream().mapToLong(v -> v.shape()[0]).toArray();
    }

    @Override
    public Optional<double[]> time() {
        return Optional.ofNullable(join.time());
    }

    /**
     * {@return the coordinate variable of {@code dimension} to copy into a classic output: its values (joined over the
     * files for the first dimension) in the nearest classic type ({@code BYTE}, {@code SHORT}, {@code INT},
     * {@code FLOAT}, {@code DOUBLE}; unsigned and 64-bit ones as {@code DOUBLE}) and its attributes; never the record
     * dimension (NetCDF-4 inputs are read without it)}
     *
     * @param dimension one of the variable's dimension names
     * @throws IOException if a file cannot be read
     */
    @Override
    public Optional<NetcdfCoordinate> copyOf(String dimension) throws IOException {
        boolean joined = dimension.equals(declared().dimensionNames().get(0));
        List<double[]> parts = new ArrayList<>();
        Netcdf4Variable first = null;
        for (Path file : joined ? files : files.subList(0, 1)) {
            try (Netcdf4File nc = Netcdf4File.open(file)) {
                Optional<Netcdf4Variable> c = nc.findVariable(dimension).filter(x -> x.dimensionNames()
                        .equals(List.of(dimension)) && x.type() != Netcdf4Type.OTHER);
                if (c.isEmpty()) {
                    return Optional.empty();
                }
                if (first != null && first.type() != c.get().type()) {
                    throw new IllegalArgumentException("files " + files.get(0) + " and " + file + " differ: "
                            + "coordinate '" + dimension + "' is " + first.type() + " and " + c.get().type()
                            + " (expected: the same type)");
                }
                first = first == null ? c.get() : first;
                parts.add(nc.readValues(c.get()));
            }
        }
        NetcdfType type = switch (first.type()) {
            case BYTE -> NetcdfType.BYTE;
            case SHORT -> NetcdfType.SHORT;
            case INT -> NetcdfType.INT;
            case FLOAT -> NetcdfType.FLOAT;
            default -> NetcdfType.DOUBLE;
        };
        ByteBuffer values = ByteBuffer.allocate(parts.stream().mapToInt(p -> p.length).sum() * type.size());
        for (double[] part : parts) {
            for (double v : part) {
                switch (type) {
                    case BYTE -> values.put((byte) v);
                    case SHORT -> values.putShort((short) v);
                    case INT -> values.putInt((int) v);
                    case FLOAT -> values.putFloat((float) v);
                    default -> values.putDouble(v);
                }
            }
        }
        return Optional.of(new NetcdfCoordinate(dimension, type, first.attributes(), values.flip(), false));
    }

    /**
     * {@return the global attributes of the first file (in time order)}
     *
     * @throws IOException if the file cannot be read
     */
    @Override
    public List<NetcdfAttribute> globalAttributes() throws IOException {
        try (Netcdf4File nc = Netcdf4File.open(files.get(0))) {
            return nc.attributes();
        }
    }

    @Override
    public List<String> notes() {
        return join.notes();
    }

    /**
     * {@return whether every file stores the variable as contiguous, unpacked {@code float}s in one byte order, which
     * a run reads in place}
     */
    @Override
    public boolean readsInPlace() {
        ByteOrder order = declared().byteOrder().orElse(null);
        return variables.stream().allMatch(v -> v.contiguousOffset().isPresent()
                && v.attribute("scale_factor").isEmpty() && v.attribute("add_offset").isEmpty()
                && v.byteOrder().orElse(null) == order);
    }

    /**
     * {@return a file-backed input over the files in place, row-major in {@code dimensionNames} order}
     *
     * @throws IllegalStateException if the variable is not read in place ({@link #readsInPlace()})
     */
    @Override
    public FileHolder holder() {
        if (!readsInPlace()) {
            throw new IllegalStateException(files.get(0) + ": variable '" + variable + "' is chunked, compressed, "
                    + "packed or not float in some file (expected: unpackTo first)");
        }
        ByteOrder order = declared().byteOrder().orElseThrow();
        if (files.size() == 1) {
            return Holder.file(files.get(0), ElementType.FLOAT, order, declared().contiguousOffset().getAsLong());
        }
        List<FilePart> parts = new ArrayList<>();
        for (int k = 0; k < files.size(); k++) {
            parts.add(new FilePart(files.get(k), variables.get(k).contiguousOffset().getAsLong(),
                    variables.get(k).shape()[0]));
        }
        return Holder.files(parts, ElementType.FLOAT, order);
    }

    /** {@return {@code FLOAT}: NetCDF-4 variables are read in place only as contiguous floats} */
    @Override
    public ElementType elementType() {
        return ElementType.FLOAT;
    }

    /** {@return e.g. {@code NetCDF-4 short, chunked}: the stored type and how it is stored} */
    @Override
    public String storage() {
        Netcdf4Variable v = declared();
        return "NetCDF-4 " + v.type().name().toLowerCase(java.util.Locale.ROOT) + ", " + v.storage().name()
                .toLowerCase(java.util.Locale.ROOT);
    }

    /** Writes every element as {@link #unpackTo(Path, float)} does, missing values NaN. */
    @Override
    public void unpackTo(Path out) throws IOException {
        unpackTo(out, Float.NaN);
    }

    /**
     * Writes every element, the files one after the other, to {@code out} as little-endian float32, row-major: each
     * file unpacked by {@link Netcdf4File#unpackTo} (chunks decoded, CF packing applied, missing values
     * {@code missing}) into a temporary beside {@code out}, appended, deleted.
     *
     * @param out the file to write (created or replaced)
     * @param missing the float written for a missing value
     * @throws IOException if a file cannot be read or written
     */
    public void unpackTo(Path out, float missing) throws IOException {
        if (files.size() == 1) {
            try (Netcdf4File nc = Netcdf4File.open(files.get(0))) {
                nc.unpackTo(nc.variable(variable), out, missing);
            }
            return;
        }
        Path part = OwnedNames.name(out.toAbsolutePath(), OwnedNames.Kind.TEMPORARY); // a stale one is removed later
        part.toFile().deleteOnExit();
        try (FileChannel to = FileChannel.open(out, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (Path file : files) {
                try (Netcdf4File nc = Netcdf4File.open(file)) {
                    nc.unpackTo(nc.variable(variable), part, missing);
                }
                try (FileChannel from = FileChannel.open(part, StandardOpenOption.READ)) {
                    long size = from.size();
                    for (long done = 0; done < size; ) {
                        done += from.transferTo(done, size - done, to);
                    }
                }
            }
        } finally {
            Files.deleteIfExists(part);
        }
    }
}

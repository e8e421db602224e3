package org.loopnest.examples.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Holder;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfWriter;
import org.loopnest.format.netcdf4.Netcdf4Copy;

/**
 * The outputs of one run as a set of files written in place and put where they belong together, or not at all. Each
 * target gets a hidden temporary beside it ({@link StagedFiles}); a raw output is written straight into its
 * temporary (sized first, sparse), a NetCDF output into a {@link NetcdfWriter}'s file made for that temporary, with
 * one float variable per output over the nest's dimensions (the first of them the record dimension where it was an
 * input's), and the {@link Coordinates} the inputs give; a NetCDF-4 output ({@code .nc4}, or {@code --netcdf4}) is
 * that classic file copied at {@link #commit} into its temporary, compressed ({@link Netcdf4Copy}).
 * {@link #commit} puts every file in place; {@link #close}
 * without it deletes every temporary, so a failed or unverified run leaves the previous files as they were.
 *
 * <p>{@link #scratch} makes the same outputs as raw files that are never committed: where {@code --verify} writes its
 * sequential run.
 *
 * <p><b>Threading:</b> one thread stages, commits and closes; the run writes the holders' files meanwhile. A shutdown
 * hook (Ctrl-C) deletes the temporaries, NetCDF writers' included. <b>Ownership:</b> this set owns its temporaries.
 */
public final class OutputFiles implements AutoCloseable {
    private final StagedFiles set = StagedFiles.open();
    private final Map<Path, NetcdfWriter> writers = new LinkedHashMap<>();
    private final Map<Path, Path> netcdf4Targets = new LinkedHashMap<>();
    private final int deflate;
    private final Map<String, FileHolder> holders = new LinkedHashMap<>();
    private final Thread hook = new Thread(this::closeWriters, "loopnest-run-outputs-cleanup");

    private OutputFiles(int deflate) {
        this.deflate = deflate;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Stages every output for a run over {@code nest}.
     *
     * @param outputs    the {@code --out} options, checked already (distinct, writable)
     * @param nest       the nest, whose names and extents become the NetCDF dimensions
     * @param rawOrder   the byte order of raw outputs
     * @param attributes the global attributes of NetCDF outputs
     * @param coordinates the coordinate variables of NetCDF outputs
     * @param netcdf4    whether {@code .nc} outputs are NetCDF-4 ({@code .nc4} ones always are)
     * @param deflate    the deflate level of NetCDF-4 outputs, 0 to 9
     * @return the staged set, to commit or close
     * @throws IllegalArgumentException naming the option when a NetCDF dimension is too long
     * @throws IOException if a temporary cannot be made (the set is then closed)
     */
    public static OutputFiles stage(List<OutputOption> outputs, NestShape nest, ByteOrder rawOrder,
            List<NetcdfAttribute> attributes, Coordinates coordinates, boolean netcdf4, int deflate)
            throws IOException {
        OutputFiles files = new OutputFiles(deflate);
        try {
            Map<Path, List<OutputOption>> netcdf = new LinkedHashMap<>();
            for (OutputOption out : outputs) {
                if (FileFormat.of(out.option(), out.file()) == FileFormat.NETCDF) {
                    netcdf.computeIfAbsent(out.file().toAbsolutePath().normalize(), f -> new ArrayList<>()).add(out);
                } else {
                    files.raw(out.name(), out.file(), FileFormat.rawType(out.option(), out.file()), rawOrder, nest);
                }
            }
            for (Map.Entry<Path, List<OutputOption>> file : netcdf.entrySet()) {
                files.netcdf(file.getKey(), file.getValue(), nest, attributes, coordinates,
                        netcdf4 || FileFormat.namesNetcdf4(file.getKey()));
            }
            return files;
        } catch (IOException | RuntimeException e) {
            files.close();
            throw e;
        }
    }

    /**
     * Stages every output as a raw file of the same element type (float for NetCDF) in this machine's byte order,
     * beside its target, for a second run to write and a comparison to read; never committed.
     *
     * @param outputs the {@code --out} options
     * @param nest    the nest
     * @return the set, to close
     * @throws IOException if a temporary cannot be made (the set is then closed)
     */
    public static OutputFiles scratch(List<OutputOption> outputs, NestShape nest) throws IOException {
        OutputFiles files = new OutputFiles(0);
        try {
            for (OutputOption out : outputs) {
                ElementType type = FileFormat.outputType(out.option(), out.file());
                Path beside = out.file().resolveSibling(out.file().getFileName() + "." + out.name()); // one per output
                files.raw(out.name(), beside, type, ByteOrder.nativeOrder(), nest);
            }
            return files;
        } catch (IOException | RuntimeException e) {
            files.close();
            throw e;
        }
    }

    private void raw(String name, Path target, ElementType type, ByteOrder order, NestShape nest)
            throws IOException {
        Path temporary = set.stage(target);
        try (RandomAccessFile file = new RandomAccessFile(temporary.toFile(), "rw")) {
            file.setLength(Math.multiplyExact(nest.points(), (long) type.bytes()));
        }
        holders.put(name, Holder.fileInPlace(temporary, type, order, 0));
    }

    private void netcdf(Path target, List<OutputOption> outputs, NestShape nest, List<NetcdfAttribute> attributes,
            Coordinates coordinates, boolean netcdf4) throws IOException {
        Path temporary = set.stage(target);
        NetcdfWriter writer = NetcdfWriter.create(temporary);
        synchronized (this) {
            writers.put(target, writer);
            if (netcdf4) {
                netcdf4Targets.put(target, temporary);
            }
        }
        try {
            for (int m = 0; m < nest.names().size(); m++) {
                String loop = nest.names().get(m);
                if (m == 0 && coordinates.isRecord(loop)) {
                    writer.recordDimension(loop, nest.extents()[m]);
                } else {
                    writer.dimension(loop, nest.extents()[m]);
                }
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(outputs.get(0).option() + ": " + e.getMessage(), e);
        }
        attributes.forEach(writer::attribute);
        coordinates.declare(writer);
        for (OutputOption out : outputs) {
            writer.variable(out.name(), nest.names(), NetcdfAttribute.text("long_name", out.name()));
        }
        writer.writeHeader();
        coordinates.write(writer);
        for (OutputOption out : outputs) {
            holders.put(out.name(), writer.holder(out.name()));
        }
    }

    /** {@return each output's holder, by the output's name, in the options' order (NetCDF ones after raw ones)} */
    public Map<String, FileHolder> holders() {
        return java.util.Collections.unmodifiableMap(holders);
    }

    /**
     * Stages one more file of the set (the run report) and returns its temporary, for the caller to write.
     *
     * @param target the file
     * @return its temporary
     * @throws IOException if the temporary cannot be made
     */
    public Path stageExtra(Path target) throws IOException {
        return set.stage(target);
    }

    /**
     * Puts every file in place: the NetCDF writers' files onto their temporaries, then the whole set, all or none.
     *
     * @throws IOException if a move fails; the previous files are then kept
     */
    public void commit() throws IOException {
        for (Map.Entry<Path, NetcdfWriter> w : writers.entrySet()) {
            Path netcdf4 = netcdf4Targets.get(w.getKey());
            if (netcdf4 == null) {
                w.getValue().commit();
            } else {
                Netcdf4Copy.fromClassic(w.getValue().file(), netcdf4, deflate);
                w.getValue().close();
            }
        }
        set.commit();
    }

    /** Deletes whatever was not committed; idempotent. */
    @Override
    public void close() {
        closeWriters();
        set.close();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs or ran: nothing to remove
        }
    }

    private synchronized void closeWriters() {
        for (NetcdfWriter writer : writers.values()) {
            try {
                writer.close();
            } catch (IOException e) {
                System.err.println("loopnest run: could not delete a temporary NetCDF file: " + e);
            }
        }
    }
}

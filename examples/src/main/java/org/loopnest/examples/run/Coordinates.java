package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.grads.GradsDataset;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfCoordinate;
import org.loopnest.format.netcdf.NetcdfDataset;
import org.loopnest.format.netcdf.NetcdfHistory;
import org.loopnest.format.netcdf.NetcdfWriter;
import org.loopnest.format.netcdf4.Netcdf4Dataset;
import org.loopnest.format.netcdf4.Netcdf4File;

/**
 * The coordinate variables a NetCDF output gets, one per loop where an input says it, named as the loop (its
 * dimension): a NetCDF input's coordinate variable copied verbatim (type, every attribute, values as stored, the
 * time joined over its files, the record dimension kept: {@link NetcdfCoordinate}; a NetCDF-4 input's in the nearest
 * classic type), or a GrADS input's ({@link GradsDataset#copyOf}: XDEF {@code degrees_east}, YDEF
 * {@code degrees_north} as stored, the variable's ZDEF levels in {@code hPa}, as floats; TDEF as CF times). The first
 * input that gives a loop's coordinate wins; a loop named as an output gets none. The global attributes of the first
 * input that has any (a descriptor's {@code title}) are the outputs' too, with a {@code history} line appended
 * ({@link #attributes}).
 *
 * <p>Immutable. <b>Failure:</b> a coordinate that cannot be read is left out, and {@link #notes()} says why:
 * coordinates are a courtesy, the outputs are the result.
 */
public final class Coordinates {
    private final Map<String, NetcdfCoordinate> byLoop;
    private final List<String> notes;
    private final List<NetcdfAttribute> globals;

    private Coordinates(Map<String, NetcdfCoordinate> byLoop, List<String> notes, List<NetcdfAttribute> globals) {
        this.byLoop = new LinkedHashMap<>(byLoop);
        this.notes = List.copyOf(notes);
        this.globals = globals == null ? null : List.copyOf(globals);
    }

    /** {@return no coordinates} */
    public static Coordinates none() {
        return new Coordinates(Map.of(), List.of(), null);
    }

    /**
     * {@return the coordinates the inputs give the nest's loops}
     *
     * @param arrays  the inputs, resolved against {@code nest}
     * @param nest    the nest
     * @param outputs the outputs' names, which no coordinate may take
     */
    public static Coordinates of(List<FileArray> arrays, NestShape nest, List<String> outputs) {
        Map<String, NetcdfCoordinate> found = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        List<List<NetcdfAttribute>> globals = new ArrayList<>();
        for (FileArray array : arrays) {
            try {
                Path first = array.input().files().get(0);
                switch (FileFormat.ofInput(array.input().option(), first)) {
                    case NETCDF -> {
                        List<Path> files = array.input().files();
                        String variable = array.input().variable();
                        fromDataset(Netcdf4File.isHdf5(first) ? Netcdf4Dataset.open(files, variable)
                                : NetcdfDataset.open(files, variable), array, found, globals);
                    }
                    case GRADS -> fromDataset(GradsDataset.open(first, array.input().variable()), array, found,
                            globals);
                    case RAW -> { }
                }
            } catch (IOException | RuntimeException unreadable) {
                notes.add("no coordinates from " + array.input().option() + ": " + unreadable.getMessage());
            }
        }
        found.keySet().removeIf(loop -> outputs.contains(loop) || found.get(loop).length() != nest.extentOf(loop));
        return new Coordinates(found, notes, globals.isEmpty() ? null : globals.get(0));
    }

    /** A dataset input's coordinates (NetCDF classic or 4, its files joined; GrADS) and its global attributes. */
    private static void fromDataset(Dataset dataset, FileArray array, Map<String, NetcdfCoordinate> found,
            List<List<NetcdfAttribute>> globals) throws IOException {
        if (!dataset.globalAttributes().isEmpty()) {
            globals.add(dataset.globalAttributes());
        }
        List<String> own = dataset.dimensionNames();
        for (int i = 0; i < own.size(); i++) {
            String loop = array.indices().get(i);
            if (!found.containsKey(loop)) {
                dataset.copyOf(own.get(i)).ifPresent(c -> found.put(loop, new NetcdfCoordinate(loop, c.type(),
                        c.attributes(), c.values(), c.record())));
            }
        }
    }

    /** {@return why coordinates an input should have given were left out; empty when none were} */
    public List<String> notes() {
        return notes;
    }

    /** {@return the loops that have a coordinate, in the order found} */
    public List<String> loops() {
        return List.copyOf(byLoop.keySet());
    }

    /**
     * {@return whether {@code loop}'s coordinate was its input's record (unlimited) dimension, which an output keeps}
     *
     * @param loop a loop's name
     */
    public boolean isRecord(String loop) {
        NetcdfCoordinate c = byLoop.get(loop);
        return c != null && c.record();
    }

    /**
     * {@return the global attributes of NetCDF outputs: those of the first input that has any (NetCDF or GrADS),
     * verbatim, with a {@code history} line for {@code command} appended, then {@code own} but for those the input
     * has; without such an input, {@code own} and a {@code history} line}
     *
     * @param own     the run's own attributes (conventions, the body)
     * @param command what made the outputs, e.g. {@code loopnest run --in T=era5.nc:t …}
     * @param when    when
     */
    public List<NetcdfAttribute> attributes(List<NetcdfAttribute> own, String command, Instant when) {
        List<NetcdfAttribute> base = globals == null ? List.of() : globals;
        List<NetcdfAttribute> all = new ArrayList<>(NetcdfHistory.appended(base, command, when));
        for (NetcdfAttribute a : own) {
            if (all.stream().noneMatch(b -> b.name().equals(a.name()))) {
                all.add(a);
            }
        }
        return List.copyOf(all);
    }

    /**
     * Declares the coordinate variables of the loops that have one, before {@link NetcdfWriter#writeHeader}.
     *
     * @param writer the writer, its dimensions (named as the loops) declared
     */
    public void declare(NetcdfWriter writer) {
        byLoop.forEach((loop, c) -> writer.variable(loop, c.type(), List.of(loop), c.attributes().toArray(
                NetcdfAttribute[]::new)));
    }

    /**
     * Writes the coordinate values, after {@link NetcdfWriter#writeHeader}.
     *
     * @param writer the writer
     * @throws IOException if writing fails
     */
    public void write(NetcdfWriter writer) throws IOException {
        for (NetcdfCoordinate c : byLoop.values()) {
            c.write(writer);
        }
    }
}

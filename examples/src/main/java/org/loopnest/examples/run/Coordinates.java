package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.loopnest.format.grads.GradsAxis;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfDataset;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.format.netcdf.NetcdfVariable;
import org.loopnest.format.netcdf.NetcdfWriter;
import org.loopnest.format.netcdf4.Netcdf4File;
import org.loopnest.format.netcdf4.Netcdf4Type;
import org.loopnest.format.netcdf4.Netcdf4Variable;

/**
 * The coordinate variables a NetCDF output gets, one per loop where an input says it: a NetCDF (classic or 4) input's
 * 1-D
 * coordinate variable of a dimension (the variable named as the dimension, its text attributes {@code units},
 * {@code long_name}, {@code standard_name}, {@code axis}, {@code positive}, {@code calendar} copied), or a GrADS
 * input's XDEF ({@code degrees_east}), YDEF ({@code degrees_north}) and ZDEF (pressure, {@code hPa}) values. Each is
 * written as a float variable named as the loop (its dimension), so that xarray and GrADS tools see the grid. The
 * first input that gives a loop's coordinate wins; a loop named as an output gets none.
 *
 * <p>Immutable. <b>Failure:</b> a coordinate that cannot be read is left out, and {@link #notes()} says why:
 * coordinates are a courtesy, the outputs are the result.
 */
public final class Coordinates {
    private static final List<String> COPIED = List.of("units", "long_name", "standard_name", "axis", "positive",
            "calendar");

    private final Map<String, Coordinate> byLoop;
    private final List<String> notes;

    private Coordinates(Map<String, Coordinate> byLoop, List<String> notes) {
        this.byLoop = new LinkedHashMap<>(byLoop);
        this.notes = List.copyOf(notes);
    }

    /** One coordinate variable: its values and attributes. */
    private record Coordinate(float[] values, List<NetcdfAttribute> attributes) {
    }

    /** {@return no coordinates} */
    public static Coordinates none() {
        return new Coordinates(Map.of(), List.of());
    }

    /**
     * {@return the coordinates the inputs give the nest's loops}
     *
     * @param arrays  the inputs, resolved against {@code nest}
     * @param nest    the nest
     * @param outputs the outputs' names, which no coordinate may take
     */
    public static Coordinates of(List<FileArray> arrays, NestShape nest, List<String> outputs) {
        Map<String, Coordinate> found = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (FileArray array : arrays) {
            try {
                Path first = array.input().files().get(0);
                switch (FileFormat.ofInput(array.input().option(), first)) {
                    case NETCDF -> {
                        if (Netcdf4File.isHdf5(first)) {
                            fromNetcdf4(array, found);
                        } else {
                            fromNetcdf(array, found);
                        }
                    }
                    case GRADS -> fromGrads(array, found);
                    case RAW -> { }
                }
            } catch (IOException | RuntimeException unreadable) {
                notes.add("no coordinates from " + array.input().option() + ": " + unreadable.getMessage());
            }
        }
        found.keySet().removeIf(loop -> outputs.contains(loop) || found.get(loop).values().length
                != nest.extentOf(loop));
        return new Coordinates(found, notes);
    }

    private static void fromNetcdf(FileArray array, Map<String, Coordinate> found) throws IOException {
        NetcdfDataset dataset = NetcdfDataset.open(array.input().files(), array.input().variable());
        NetcdfHeader header = dataset.headers().get(0);
        List<String> own = dataset.dimensionNames();
        for (int i = 0; i < own.size(); i++) {
            String dimension = own.get(i);
            Optional<NetcdfVariable> coordinate = header.findVariable(dimension)
                    .filter(v -> v.dimensionNames().equals(List.of(dimension)));
            Optional<double[]> values = dataset.coordinate(dimension);
            if (coordinate.isPresent() && values.isPresent() && !found.containsKey(array.indices().get(i))) {
                List<NetcdfAttribute> attributes = new ArrayList<>();
                for (String name : COPIED) {
                    coordinate.get().attribute(name).filter(a -> a.type() == NetcdfType.CHAR)
                            .ifPresent(attributes::add);
                }
                found.put(array.indices().get(i), new Coordinate(floats(values.get()), attributes));
            }
        }
    }

    private static void fromNetcdf4(FileArray array, Map<String, Coordinate> found) throws IOException {
        try (Netcdf4File file = Netcdf4File.open(array.input().file())) {
            List<String> own = file.variable(array.input().variable()).dimensionNames();
            for (int i = 0; i < own.size(); i++) {
                String dimension = own.get(i);
                Optional<Netcdf4Variable> coordinate = file.findVariable(dimension)
                        .filter(v -> v.dimensionNames().equals(List.of(dimension)) && v.type() != Netcdf4Type.OTHER);
                if (coordinate.isPresent() && !found.containsKey(array.indices().get(i))) {
                    double[] values = file.readValues(coordinate.get());
                    List<NetcdfAttribute> attributes = new ArrayList<>();
                    for (String name : COPIED) {
                        coordinate.get().attribute(name).filter(a -> a.type() == NetcdfType.CHAR)
                                .ifPresent(attributes::add);
                    }
                    found.put(array.indices().get(i), new Coordinate(floats(values), attributes));
                }
            }
        }
    }

    private static void fromGrads(FileArray array, Map<String, Coordinate> found) throws IOException {
        GradsDescriptor ctl = GradsDescriptor.parse(array.input().file());
        List<String> indices = array.indices();
        int n = indices.size();
        found.putIfAbsent(indices.get(n - 1), axis(ctl.x(), ctl.x().size(), "degrees_east", "longitude", "X"));
        found.putIfAbsent(indices.get(n - 2), axis(ctl.y(), ctl.y().size(), "degrees_north", "latitude", "Y"));
        if (n == 4) {
            int levels = ctl.variable(array.input().variable()).records();
            Coordinate z = axis(ctl.z(), levels, "hPa", "pressure", "Z");
            List<NetcdfAttribute> attributes = new ArrayList<>(z.attributes());
            attributes.add(NetcdfAttribute.text("positive", "down"));
            found.putIfAbsent(indices.get(1), new Coordinate(z.values(), attributes));
        }
    }

    private static Coordinate axis(GradsAxis axis, int count, String units, String standardName, String letter) {
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = (float) axis.value(i);
        }
        return new Coordinate(values, List.of(NetcdfAttribute.text("units", units),
                NetcdfAttribute.text("standard_name", standardName), NetcdfAttribute.text("axis", letter)));
    }

    private static float[] floats(double[] values) {
        float[] f = new float[values.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) values[i];
        }
        return f;
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
     * Declares the coordinate variables of the loops that have one, before {@link NetcdfWriter#writeHeader}.
     *
     * @param writer the writer, its dimensions (named as the loops) declared
     */
    public void declare(NetcdfWriter writer) {
        byLoop.forEach((loop, c) -> writer.variable(loop, List.of(loop), c.attributes().toArray(
                NetcdfAttribute[]::new)));
    }

    /**
     * Writes the coordinate values, after {@link NetcdfWriter#writeHeader}.
     *
     * @param writer the writer
     * @throws IOException if writing fails
     */
    public void write(NetcdfWriter writer) throws IOException {
        for (Map.Entry<String, Coordinate> c : byLoop.entrySet()) {
            writer.write(c.getKey(), 0, c.getValue().values());
        }
    }
}

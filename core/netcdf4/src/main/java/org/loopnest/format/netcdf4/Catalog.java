package org.loopnest.format.netcdf4;

import io.jhdf.HdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Node;
import io.jhdf.object.datatype.DataType;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import io.jhdf.object.datatype.OrderedDataType;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads the root group's datasets into {@link Netcdf4Variable}s, as the netCDF library sees them: a dimension scale
 * whose {@code NAME} says "This is a netCDF dimension but not a netCDF variable" is a dimension only; any other
 * dimension scale is a coordinate variable; every other dataset is a variable whose dimension names come from its
 * {@code DIMENSION_LIST} references (or {@code phony_dim_N}). Variables are listed in the order their object headers
 * lie in the file, which is their definition order for files the netCDF library writes. Stateless.
 */
final class Catalog {
    /** What netCDF writes in {@code NAME} of a dimension that has no coordinate variable. */
    static final String PURE_DIMENSION = "This is a netCDF dimension but not a netCDF variable";

    /** A variable, the jHDF dataset that holds it, and where its data lie (checked). */
    record Entry(Netcdf4Variable variable, Dataset dataset, Layout layout) {
    }

    private Catalog() {
    }

    /** Every variable by name, in file order, each layout checked against its variable. */
    static Map<String, Entry> read(Path file, HdfFile hdf, FileChannel channel) throws IOException {
        List<Dataset> datasets = new ArrayList<>();
        for (Node node : hdf) {
            if (node instanceof Dataset d && !node.isLink()) {
                datasets.add(d);
            }
        }
        datasets.sort(Comparator.comparingLong(Node::getAddress));
        Map<Long, String> scales = new HashMap<>();
        Map<Integer, String> dimids = new HashMap<>();
        for (Dataset d : datasets) {
            if ("DIMENSION_SCALE".equals(text(d, "CLASS"))) {
                scales.put(d.getAddress(), d.getName());
                if (d.getAttribute("_Netcdf4Dimid") != null && d.getAttribute("_Netcdf4Dimid").getData()
                        instanceof Number id) {
                    dimids.put(id.intValue(), d.getName());
                }
            }
        }
        Phony phony = new Phony();
        Map<String, Entry> all = new LinkedHashMap<>();
        for (Dataset d : datasets) {
            String name = text(d, "NAME");
            boolean scale = "DIMENSION_SCALE".equals(text(d, "CLASS"));
            if (scale && name != null && name.startsWith(PURE_DIMENSION)) {
                continue;
            }
            long[] shape = shape(d);
            List<String> dims = phony.complete(dimensionNames(d, scale, shape.length, scales, dimids), shape);
            Netcdf4Type type = type(d.getDataType());
            Layout layout = Layout.of(file, d, type, shape, channel, hdf.getUserBlockSize(),
                    hdf.getHdfBackingStorage().getSizeOfOffsets());
            all.put(d.getName(), new Entry(describe(d, shape, dims, scale, type, layout), d, layout));
        }
        return all;
    }

    private static Netcdf4Variable describe(Dataset d, long[] shape, List<String> dims, boolean scale,
            Netcdf4Type type, Layout layout) {
        DataType t = d.getDataType();
        Optional<ByteOrder> order = type.isNumber() && t instanceof OrderedDataType o
                ? Optional.ofNullable(o.getByteOrder()) : Optional.empty();
        OptionalLong at = layout.storage() == Netcdf4Storage.CONTIGUOUS && type == Netcdf4Type.FLOAT
                ? OptionalLong.of(layout.offset()) : OptionalLong.empty();
        return new Netcdf4Variable(d.getName(), shape, dims, type, order, Attributes.of(d), scale, layout.storage(),
                at);
    }

    private static Netcdf4Type type(DataType t) {
        return t instanceof FloatingPoint ? Netcdf4Type.floating(t.getSize())
                : t instanceof FixedPoint f ? Netcdf4Type.integer(t.getSize(), f.isSigned()) : Netcdf4Type.OTHER;
    }

    private static long[] shape(Dataset d) {
        if (d.isScalar()) {
            return new long[0];
        }
        int[] dims = d.getDimensions();
        long[] shape = new long[dims.length];
        for (int i = 0; i < dims.length; i++) {
            shape[i] = dims[i];
        }
        return shape;
    }

    /** Names from the file, null where it gives none. */
    private static String[] dimensionNames(Dataset d, boolean scale, int rank, Map<Long, String> scales,
            Map<Integer, String> dimids) {
        String[] names = new String[rank];
        Attribute list = d.getAttribute("DIMENSION_LIST");
        Attribute coordinates = d.getAttribute("_Netcdf4Coordinates");
        if (list != null && list.getData() instanceof Object[] refs && refs.length == rank) {
            for (int i = 0; i < rank; i++) {
                Object ref = refs[i];
                if (ref != null && ref.getClass().isArray() && Array.getLength(ref) > 0
                        && Array.get(ref, 0) instanceof Number address) {
                    names[i] = scales.get(address.longValue());
                }
            }
        } else if (scale && rank == 1) {
            names[0] = d.getName();
        } else if (scale && coordinates != null && coordinates.getData() instanceof int[] ids && ids.length == rank) {
            for (int i = 0; i < rank; i++) {
                names[i] = dimids.get(ids[i]);
            }
        }
        return names;
    }

    private static String text(Node node, String attribute) {
        Attribute a = node.getAttribute(attribute);
        return a != null && a.getData() instanceof String s ? s : null;
    }

    /** Names dimensions the file does not name, as the netCDF library does: one {@code phony_dim_N} per length. */
    private static final class Phony {
        private final List<Long> lengths = new ArrayList<>();

        List<String> complete(String[] names, long[] shape) {
            List<Integer> used = new ArrayList<>();
            List<String> all = new ArrayList<>();
            for (int i = 0; i < names.length; i++) {
                if (names[i] != null) {
                    all.add(names[i]);
                    continue;
                }
                int n = -1;
                for (int k = 0; k < lengths.size() && n < 0; k++) {
                    if (lengths.get(k) == shape[i] && !used.contains(k)) {
                        n = k;
                    }
                }
                if (n < 0) {
                    n = lengths.size();
                    lengths.add(shape[i]);
                }
                used.add(n);
                all.add("phony_dim_" + n);
            }
            return all;
        }
    }
}

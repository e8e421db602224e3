package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.loopnest.format.netcdf4.Netcdf4WriterVariable.Kind;

/**
 * Writes what {@link Netcdf4Writer#close} adds after the data: each chunked dataset's chunk index, the global heap
 * collection behind {@code DIMENSION_LIST}, every dataset's object header with the dimension-scale attributes
 * ({@code CLASS}, {@code NAME}, {@code _Netcdf4Dimid}, {@code REFERENCE_LIST} on scales; {@code DIMENSION_LIST},
 * {@code _Netcdf4Coordinates} on variables), the root group's object header (links in creation order, global
 * attributes) and finally the superblock. Object headers are encoded twice: once to learn their sizes (which do not
 * depend on the addresses they hold), then with the addresses. Stateless.
 */
final class Netcdf4WriterMetadata {
    /** What netCDF writes in {@code NAME} of a dimension without a coordinate variable, before its length. */
    static final String DIMENSION_ONLY_NAME = "This is a netCDF dimension but not a netCDF variable.";

    /** The file's end, where metadata are appended. */
    interface Sink extends Hdf5ChunkTree.Sink {
        void writeAt(long address, byte[] bytes) throws IOException;
    }

    private Netcdf4WriterMetadata() {
    }

    /**
     * Writes the metadata.
     *
     * @param datasets the dimension scales in dimension order, then the data variables, in link creation order
     * @param globals  the global attribute messages
     */
    static void write(Sink sink, List<Netcdf4WriterVariable> datasets, List<byte[]> globals) throws IOException {
        for (Netcdf4WriterVariable v : datasets) {
            if (v.chunks != null && v.chunks.count() > 0) {
                v.chunks.sort();
                v.treeAddress = Hdf5ChunkTree.write(sink, v.chunks, v.chunk, v.type.size());
            }
        }
        Dimensions scales = new Dimensions();
        for (Netcdf4WriterVariable v : datasets) {
            if (v.kind == Kind.DATA) {
                scales.firstReference.put(v, scales.references);
                for (int i = 0; i < v.dims.size(); i++) {
                    scales.uses.computeIfAbsent(v.dims.get(i).name(), d -> new ArrayList<>()).add(new Use(v, i));
                }
                scales.references += v.dims.size();
            } else {
                scales.scale.put(v.dims.get(0).name(), v);
            }
        }
        int references = scales.references;
        scales.heap = references == 0 ? UNDEFINED : sink.end();
        long first = sink.end() + (references == 0 ? 0 : Hdf5GlobalHeap.size(references));
        Map<Netcdf4WriterVariable, Long> at = new IdentityHashMap<>();
        long next = first;
        for (Netcdf4WriterVariable v : datasets) {
            at.put(v, next);
            next += header(v, scales, d -> 0L).length;
        }
        if (references > 0) {
            long[] objects = new long[references];
            int k = 0;
            for (Netcdf4WriterVariable v : datasets) {
                if (v.kind == Kind.DATA) {
                    for (Netcdf4WriterVariable.Dimension d : v.dims) {
                        objects[k++] = at.get(scales.scale.get(d.name()));
                    }
                }
            }
            sink.append(Hdf5GlobalHeap.encode(objects));
        }
        Hdf5ObjectHeader root = new Hdf5ObjectHeader();
        root.add(LINK_INFO, 0, Hdf5Messages.linkInfo(datasets.size()));
        // constant, as the HDF5 library marks it: a group's size hints never change
        root.add(GROUP_INFO, MESSAGE_CONSTANT, Hdf5Messages.groupInfo());
        for (int i = 0; i < datasets.size(); i++) {
            Netcdf4WriterVariable v = datasets.get(i);
            if (sink.append(header(v, scales, at::get)) != at.get(v)) {
                throw new IllegalStateException(v.what() + ": its object header moved (expected: sizes unchanged)");
            }
            root.add(LINK, 0, Hdf5Messages.link(v.name, i, at.get(v)));
        }
        globals.forEach(g -> root.add(ATTRIBUTE, 0, g));
        long rootAddress = sink.append(root.encode());
        sink.writeAt(0, superblock(sink.end(), rootAddress));
    }

    /** One axis of a data variable naming a dimension. */
    private record Use(Netcdf4WriterVariable variable, int axis) {
    }

    /** Who refers to whom: each dimension's scale and uses, each data variable's first heap object. */
    private static final class Dimensions {
        final Map<String, Netcdf4WriterVariable> scale = new HashMap<>();
        /** Each dimension's uses, in variable order then axis order. */
        final Map<String, List<Use>> uses = new HashMap<>();
        /** The heap object (from 0) of each data variable's first axis; its axis i is object this + i + 1. */
        final Map<Netcdf4WriterVariable, Integer> firstReference = new IdentityHashMap<>();
        int references;
        long heap;
    }

    /** A dataset's object header, the addresses of the datasets given by {@code at}. */
    private static byte[] header(Netcdf4WriterVariable v, Dimensions scales, ToLongFunction<Netcdf4WriterVariable> at) {
        Hdf5ObjectHeader h = new Hdf5ObjectHeader();
        v.storageMessages(h);
        int[] ids = v.dims.stream().mapToInt(Netcdf4WriterVariable.Dimension::id).toArray();
        if (v.kind != Kind.DIMENSION_ONLY) {
            h.add(ATTRIBUTE, 0, Netcdf4WriterValues.ints("_Netcdf4Coordinates", false, ids));
        }
        if (v.kind == Kind.DATA) {
            h.add(ATTRIBUTE, 0, dimensionList(v.dims.size(), scales.heap, scales.firstReference.get(v)));
        } else {
            Netcdf4WriterVariable.Dimension d = v.dims.get(0);
            h.add(ATTRIBUTE, 0, Netcdf4WriterValues.nulText("CLASS", "DIMENSION_SCALE"));
            h.add(ATTRIBUTE, 0, Netcdf4WriterValues.nulText("NAME", v.kind == Kind.COORDINATE ? v.name
                    : DIMENSION_ONLY_NAME + String.format("%10d", d.length())));
            h.add(ATTRIBUTE, 0, Netcdf4WriterValues.ints("_Netcdf4Dimid", true, d.id()));
            List<Use> uses = scales.uses.get(d.name());
            if (uses != null) {
                h.add(ATTRIBUTE, 0, referenceList(uses, at));
            }
        }
        v.attributes.forEach(a -> h.add(ATTRIBUTE, 0, a));
        return h.encode();
    }

    /** One vlen element per axis: a sequence of 1 reference, heap object number first + i + 1 in the collection. */
    private static byte[] dimensionList(int rank, long heap, int first) {
        Hdf5Bytes data = new Hdf5Bytes();
        for (int i = 0; i < rank; i++) {
            data.u32(1).u64(heap).u32(first + i + 1);
        }
        long[] n = {rank};
        return Hdf5Messages.attribute("DIMENSION_LIST", Hdf5Messages.referenceSequence(),
                Hdf5Messages.dataspace(n, n), data.toArray());
    }

    /** Every (variable, axis) that uses the dimension, at least one. */
    private static byte[] referenceList(List<Use> uses, ToLongFunction<Netcdf4WriterVariable> at) {
        Hdf5Bytes data = new Hdf5Bytes();
        for (Use u : uses) {
            data.u64(at.applyAsLong(u.variable())).u32(u.axis()).u32(0);
        }
        long[] count = {uses.size()};
        return Hdf5Messages.attribute("REFERENCE_LIST", Hdf5Messages.referenceEntry(),
                Hdf5Messages.dataspace(count, count), data.toArray());
    }

    private static byte[] superblock(long eof, long root) {
        ByteBuffer b = ByteBuffer.allocate(SUPERBLOCK_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, SIGNATURE).put(SUPERBLOCK_VERSION_AT, (byte) SUPERBLOCK_VERSION);
        b.put(SUPERBLOCK_OFFSET_SIZE_AT, (byte) ADDRESS_SIZE).put(SUPERBLOCK_LENGTH_SIZE_AT, (byte) ADDRESS_SIZE);
        b.putLong(SUPERBLOCK_BASE_AT, 0).putLong(SUPERBLOCK_EXTENSION_AT, UNDEFINED);
        b.putLong(SUPERBLOCK_EOF_AT, eof).putLong(SUPERBLOCK_ROOT_AT, root);
        return b.putInt(SUPERBLOCK_CHECKSUM_AT, Hdf5Checksum.of(b.array(), SUPERBLOCK_CHECKSUM_AT)).array();
    }
}

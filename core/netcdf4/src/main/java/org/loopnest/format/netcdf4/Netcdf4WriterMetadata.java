package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
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
            if (v.chunk != null && !v.chunks.isEmpty()) {
                v.treeAddress = Hdf5ChunkTree.write(sink, v.sortedChunks(), v.chunk, v.type.size());
            }
        }
        Map<String, Netcdf4WriterVariable> scales = new HashMap<>();
        List<Netcdf4WriterVariable> variables = new ArrayList<>();
        for (Netcdf4WriterVariable v : datasets) {
            if (v.kind == Kind.DATA) {
                variables.add(v);
            } else {
                scales.put(v.dims.get(0).name(), v);
            }
        }
        int references = variables.stream().mapToInt(v -> v.dims.size()).sum();
        long heap = references == 0 ? UNDEFINED : sink.end();
        long first = sink.end() + (references == 0 ? 0 : Hdf5GlobalHeap.size(references));
        Map<Netcdf4WriterVariable, Long> at = new HashMap<>();
        long next = first;
        for (Netcdf4WriterVariable v : datasets) {
            at.put(v, next);
            next += header(v, variables, heap, d -> 0L).length;
        }
        if (references > 0) {
            long[] objects = new long[references];
            int k = 0;
            for (Netcdf4WriterVariable v : variables) {
                for (Netcdf4WriterVariable.Dimension d : v.dims) {
                    objects[k++] = at.get(scales.get(d.name()));
                }
            }
            sink.append(Hdf5GlobalHeap.encode(objects));
        }
        Hdf5ObjectHeader root = new Hdf5ObjectHeader();
        root.add(LINK_INFO, 0, Hdf5Messages.linkInfo(datasets.size()));
        root.add(GROUP_INFO, MESSAGE_CONSTANT, Hdf5Messages.groupInfo());
        for (int i = 0; i < datasets.size(); i++) {
            Netcdf4WriterVariable v = datasets.get(i);
            if (sink.append(header(v, variables, heap, at::get)) != at.get(v)) {
                throw new IllegalStateException(v.what() + ": its object header moved (expected: sizes unchanged)");
            }
            root.add(LINK, 0, Hdf5Messages.link(v.name, i, at.get(v)));
        }
        globals.forEach(g -> root.add(ATTRIBUTE, 0, g));
        long rootAddress = sink.append(root.encode());
        sink.writeAt(0, superblock(sink.end(), rootAddress));
    }

    /** A dataset's object header, the addresses of the datasets given by {@code at}. */
    private static byte[] header(Netcdf4WriterVariable v, List<Netcdf4WriterVariable> variables, long heap,
            ToLongFunction<Netcdf4WriterVariable> at) {
        Hdf5ObjectHeader h = new Hdf5ObjectHeader();
        v.storageMessages(h);
        int[] ids = v.dims.stream().mapToInt(Netcdf4WriterVariable.Dimension::id).toArray();
        if (v.kind != Kind.DIMENSION_ONLY) {
            h.add(ATTRIBUTE, 0, Netcdf4WriterValues.ints("_Netcdf4Coordinates", false, ids));
        }
        if (v.kind == Kind.DATA) {
            h.add(ATTRIBUTE, 0, dimensionList(v, variables, heap));
        } else {
            Netcdf4WriterVariable.Dimension d = v.dims.get(0);
            h.add(ATTRIBUTE, 0, Netcdf4WriterValues.nulText("CLASS", "DIMENSION_SCALE"));
            h.add(ATTRIBUTE, 0, Netcdf4WriterValues.nulText("NAME", v.kind == Kind.COORDINATE ? v.name
                    : DIMENSION_ONLY_NAME + String.format("%10d", d.length())));
            h.add(ATTRIBUTE, 0, Netcdf4WriterValues.ints("_Netcdf4Dimid", true, d.id()));
            byte[] list = referenceList(d, variables, at);
            if (list != null) {
                h.add(ATTRIBUTE, 0, list);
            }
        }
        v.attributes.forEach(a -> h.add(ATTRIBUTE, 0, a));
        return h.encode();
    }

    /** One vlen element per axis: a sequence of 1 reference, heap object number k + 1 in the collection. */
    private static byte[] dimensionList(Netcdf4WriterVariable v, List<Netcdf4WriterVariable> variables, long heap) {
        int k = 0;
        for (Netcdf4WriterVariable w : variables) {
            if (w == v) {
                break;
            }
            k += w.dims.size();
        }
        Hdf5Bytes data = new Hdf5Bytes();
        for (int i = 0; i < v.dims.size(); i++) {
            data.u32(1).u64(heap).u32(k + i + 1);
        }
        long[] n = {v.dims.size()};
        return Hdf5Messages.attribute("DIMENSION_LIST", Hdf5Messages.referenceSequence(),
                Hdf5Messages.dataspace(n, n), data.toArray());
    }

    /** Every (variable, axis) that uses the dimension; null where none does. */
    private static byte[] referenceList(Netcdf4WriterVariable.Dimension d, List<Netcdf4WriterVariable> variables,
            ToLongFunction<Netcdf4WriterVariable> at) {
        Hdf5Bytes data = new Hdf5Bytes();
        int n = 0;
        for (Netcdf4WriterVariable v : variables) {
            for (int i = 0; i < v.dims.size(); i++) {
                if (v.dims.get(i).name().equals(d.name())) {
                    data.u64(at.applyAsLong(v)).u32(i).u32(0);
                    n++;
                }
            }
        }
        long[] count = {n};
        return n == 0 ? null : Hdf5Messages.attribute("REFERENCE_LIST", Hdf5Messages.referenceEntry(),
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

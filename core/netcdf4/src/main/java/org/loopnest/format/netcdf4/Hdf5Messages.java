package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.nio.charset.StandardCharsets;
import org.loopnest.format.netcdf.NetcdfType;

/**
 * Encodes the bodies of the HDF5 object header messages and datatypes {@link Netcdf4Writer} writes, in the versions
 * the netCDF library writes them (dataspace 2, datatype 1 and compound 3, fill value 3, layout 3, filter pipeline 2,
 * attribute 3, link 1, link info, group info and attribute info 0). Stateless.
 */
final class Hdf5Messages {
    private Hdf5Messages() {
    }

    /** A simple dataspace with its maximum sizes (UNLIMITED allowed), or a scalar one for {@code dims == null}. */
    static byte[] dataspace(long[] dims, long[] max) {
        Hdf5Bytes b = new Hdf5Bytes().u8(2).u8(dims == null ? 0 : dims.length).u8(dims == null ? 0 : 1);
        b.u8(dims == null ? 0 : 1);
        if (dims != null) {
            for (long d : dims) {
                b.u64(d);
            }
            for (long m : max) {
                b.u64(m);
            }
        }
        return b.toArray();
    }

    /** A null dataspace: no elements at all (netCDF's zero-length attribute). */
    static byte[] nullDataspace() {
        return new Hdf5Bytes().u8(2).u8(0).u8(0).u8(2).toArray();
    }

    /** A little-endian IEEE float or signed integer datatype for a netCDF number type. */
    static byte[] number(NetcdfType type) {
        Hdf5Bytes b = new Hdf5Bytes();
        int bits = type.size() * 8;
        if (type == NetcdfType.FLOAT || type == NetcdfType.DOUBLE) {
            boolean f = type == NetcdfType.FLOAT;
            b.u8(0x10 | FLOATING_POINT).u8(0x20).u8(bits - 1).u8(0).u32(type.size());
            return b.u16(0).u16(bits).u8(f ? 23 : 52).u8(f ? 8 : 11).u8(0).u8(f ? 23 : 52).u32(f ? 127 : 1023)
                    .toArray();
        }
        return b.u8(0x10 | FIXED_POINT).u8(0x08).u8(0).u8(0).u32(type.size()).u16(0).u16(bits).toArray();
    }

    /** A fixed-length string datatype of {@code size} bytes, NUL-terminated, ASCII or UTF-8. */
    static byte[] text(int size, boolean utf8) {
        return new Hdf5Bytes().u8(0x10 | STRING).u8(utf8 ? 0x10 : 0).u16(0).u32(size).toArray();
    }

    /** An object reference (the address of an object header). */
    static byte[] reference() {
        return new Hdf5Bytes().u8(0x10 | REFERENCE).u8(0).u16(0).u32(ADDRESS_SIZE).toArray();
    }

    /** A variable-length sequence of object references, as {@code DIMENSION_LIST} has. */
    static byte[] referenceSequence() {
        return new Hdf5Bytes().u8(0x10 | VARIABLE_LENGTH).u8(0).u16(0).u32(VLEN_SIZE).bytes(reference()).toArray();
    }

    /** The compound {@code {dataset: object reference, dimension: int}} of {@code REFERENCE_LIST}. */
    static byte[] referenceEntry() {
        Hdf5Bytes b = new Hdf5Bytes().u8(0x30 | COMPOUND).u16(2).u8(0).u32(REFERENCE_ENTRY_SIZE);
        b.bytes(nul("dataset")).u8(0).bytes(reference());
        return b.bytes(nul("dimension")).u8(ADDRESS_SIZE).bytes(number(NetcdfType.INT)).toArray();
    }

    /** A fill value message: allocation time, written "if set", and the value (defined) or none (undefined). */
    static byte[] fillValue(int allocation, byte[] value) {
        int flags = allocation | FILL_IF_SET | (value != null ? FILL_DEFINED : 0);
        Hdf5Bytes b = new Hdf5Bytes().u8(FILL_VERSION).u8(flags);
        return value == null ? b.toArray() : b.u32(value.length).bytes(value).toArray();
    }

    static byte[] contiguous(long address, long size) {
        return new Hdf5Bytes().u8(LAYOUT_VERSION).u8(CONTIGUOUS).u64(address).u64(size).toArray();
    }

    /** A chunked layout: the chunk B-tree's address and the chunk's lengths, then the element size. */
    static byte[] chunked(long btree, int[] chunk, int elementSize) {
        Hdf5Bytes b = new Hdf5Bytes().u8(LAYOUT_VERSION).u8(CHUNKED).u8(chunk.length + 1).u64(btree);
        for (int c : chunk) {
            b.u32(c);
        }
        return b.u32(elementSize).toArray();
    }

    /** Shuffle (by the element size) then deflate (at a level), both optional, as netCDF sets them. */
    static byte[] shuffleDeflate(int elementSize, int level) {
        Hdf5Bytes b = new Hdf5Bytes().u8(FILTERS_VERSION).u8(2);
        b.u16(FILTER_SHUFFLE).u16(FILTER_OPTIONAL).u16(1).u32(elementSize);
        return b.u16(FILTER_DEFLATE).u16(FILTER_OPTIONAL).u16(1).u32(level).toArray();
    }

    /** An attribute: name, datatype, dataspace and its data (little-endian, as the datatype says). */
    static byte[] attribute(String name, byte[] datatype, byte[] dataspace, byte[] data) {
        byte[] n = nul(name);
        return new Hdf5Bytes().u8(3).u8(0).u16(n.length).u16(datatype.length).u16(dataspace.length)
                .u8(ascii(name) ? 0 : 1).bytes(n).bytes(datatype).bytes(dataspace).bytes(data).toArray();
    }

    /** Link info of a group with compact links, creation order tracked and indexed (as netCDF asks). */
    static byte[] linkInfo(long links) {
        return new Hdf5Bytes().u8(0).u8(3).u64(links).u64(UNDEFINED).u64(UNDEFINED).u64(UNDEFINED).toArray();
    }

    static byte[] groupInfo() {
        return new Hdf5Bytes().u8(0).u8(0).toArray();
    }

    /** A hard link with its creation order. */
    static byte[] link(String name, long order, long address) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        boolean wide = n.length > 0xFF;
        Hdf5Bytes b = new Hdf5Bytes().u8(1).u8((wide ? 1 : 0) | 0x04 | (ascii(name) ? 0 : 0x10)).u64(order);
        if (!ascii(name)) {
            b.u8(1);
        }
        return (wide ? b.u16(n.length) : b.u8(n.length)).bytes(n).u64(address).toArray();
    }

    /** Attribute info: creation order tracked and indexed, all attributes in the object header. */
    static byte[] attributeInfo(int attributes) {
        return new Hdf5Bytes().u8(0).u8(3).u16(attributes).u64(UNDEFINED).u64(UNDEFINED).u64(UNDEFINED).toArray();
    }

    /** A name as UTF-8 bytes with a terminating NUL. */
    static byte[] nul(String s) {
        return new Hdf5Bytes().bytes(s.getBytes(StandardCharsets.UTF_8)).u8(0).toArray();
    }

    static boolean ascii(String s) {
        return s.chars().allMatch(c -> c < 0x80);
    }
}

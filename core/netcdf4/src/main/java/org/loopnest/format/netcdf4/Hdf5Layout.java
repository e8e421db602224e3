package org.loopnest.format.netcdf4;

/**
 * The HDF5 structures {@link Netcdf4Writer} writes, as named sizes, offsets, codes and versions (HDF5 File Format
 * Specification, version 3.0): a version 2 superblock, version 2 object headers, version 1 B-trees of raw data
 * chunks and one global heap collection. Every number is little-endian and every address and length is 8 bytes.
 * Constants only.
 */
final class Hdf5Layout {
    /** An address that points nowhere (all bits set): no chunk index yet, no data, no heap. */
    static final long UNDEFINED = -1L;
    /** A maximum dimension size meaning "unlimited" (all bits set). */
    static final long UNLIMITED = -1L;

    /** The HDF5 signature at byte 0. */
    static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
    /** Superblock version 2: signature, version, sizes, flags, four addresses, checksum. */
    static final int SUPERBLOCK_VERSION = 2;
    static final int SUPERBLOCK_SIZE = 48;
    static final int SUPERBLOCK_VERSION_AT = 8;
    static final int SUPERBLOCK_OFFSET_SIZE_AT = 9;
    static final int SUPERBLOCK_LENGTH_SIZE_AT = 10;
    static final int SUPERBLOCK_BASE_AT = 12;
    static final int SUPERBLOCK_EXTENSION_AT = 20;
    static final int SUPERBLOCK_EOF_AT = 28;
    static final int SUPERBLOCK_ROOT_AT = 36;
    static final int SUPERBLOCK_CHECKSUM_AT = 44;
    static final int ADDRESS_SIZE = 8;

    /** Object header version 2: "OHDR", version, flags, 4-byte size of chunk 0, then messages, then a checksum. */
    static final byte[] OBJECT_HEADER = {'O', 'H', 'D', 'R'};
    static final int OBJECT_HEADER_VERSION = 2;
    /** Flags: chunk 0's size in 4 bytes (2), attribute creation order tracked (4) and indexed (8), as netCDF. */
    static final int OBJECT_HEADER_FLAGS = 0x02 | 0x04 | 0x08;
    /**
     * A message's header: type (1), size (2), flags (1) and creation order (2, as attribute order is tracked); its
     * body is at most this many bytes.
     */
    static final int MAX_MESSAGE_SIZE = 0xFFFF;
    /**
     * Message flag 1, "constant": the message never changes over the object's life. Set, as the HDF5 library sets
     * it, on the datatype, fill value, filter pipeline and group info messages; not on the dataspace (which grows
     * along an unlimited dimension) or the layout (whose chunk index address changes as chunks are added).
     */
    static final int MESSAGE_CONSTANT = 1;

    static final int DATASPACE = 0x01;
    static final int LINK_INFO = 0x02;
    static final int DATATYPE = 0x03;
    static final int FILL_VALUE = 0x05;
    static final int LINK = 0x06;
    static final int DATA_LAYOUT = 0x08;
    static final int GROUP_INFO = 0x0A;
    static final int FILTER_PIPELINE = 0x0B;
    static final int ATTRIBUTE = 0x0C;
    static final int ATTRIBUTE_INFO = 0x15;

    /** Datatype classes (low 4 bits of the first byte; the version, 1 or 3, in the high 4). */
    static final int FIXED_POINT = 0;
    static final int FLOATING_POINT = 1;
    static final int STRING = 3;
    static final int COMPOUND = 6;
    static final int REFERENCE = 7;
    static final int VARIABLE_LENGTH = 9;

    /** Layout message version 3: class 1 contiguous (address, size), class 2 chunked (rank + 1, B-tree, dims). */
    static final int LAYOUT_VERSION = 3;
    static final int CONTIGUOUS = 1;
    static final int CHUNKED = 2;

    /** Fill value message version 3: allocation time late (2) or incremental (3), written "if set" (2 << 2). */
    static final int FILL_VERSION = 3;
    static final int ALLOC_LATE = 2;
    static final int ALLOC_INCREMENTAL = 3;
    static final int FILL_IF_SET = 2 << 2;
    static final int FILL_DEFINED = 0x20;

    /** Filter pipeline message version 2; filters are optional (flag 1), as the HDF5 library sets them. */
    static final int FILTERS_VERSION = 2;
    static final int FILTER_DEFLATE = 1;
    static final int FILTER_SHUFFLE = 2;
    static final int FILTER_OPTIONAL = 1;

    /** Version 1 B-tree node: "TREE", type, level, entries, left and right siblings; type 1 indexes chunks. */
    static final byte[] TREE = {'T', 'R', 'E', 'E'};
    static final int TREE_CHUNKS = 1;
    static final int TREE_HEADER_SIZE = 24;
    /** 2K entries per node, K = 32: HDF5's default for chunk B-trees, read as such without a superblock value. */
    static final int TREE_ENTRIES = 64;

    /** Global heap collection: "GCOL", version 1, 3 reserved bytes, size; objects: index, refs, reserved, size. */
    static final byte[] GLOBAL_HEAP = {'G', 'C', 'O', 'L'};
    static final int GLOBAL_HEAP_HEADER_SIZE = 16;
    static final int HEAP_OBJECT_HEADER_SIZE = 16;
    static final int GLOBAL_HEAP_MIN_SIZE = 4096;
    static final int MAX_HEAP_OBJECTS = 0xFFFF;
    /** One DIMENSION_LIST element: sequence length (4), collection address (8), object index (4). */
    static final int VLEN_SIZE = 16;
    /** One REFERENCE_LIST element, as HDF5's dimension-scale library lays it out: reference (8), int (4), pad. */
    static final int REFERENCE_ENTRY_SIZE = 16;

    private Hdf5Layout() {
    }
}

package org.loopnest.format.netcdf4;

import io.jhdf.AbstractNode;
import io.jhdf.api.Dataset;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.object.datatype.DataType;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import io.jhdf.object.message.DataLayoutMessage;
import io.jhdf.object.message.DataLayoutMessage.ChunkedDataLayoutMessage;
import io.jhdf.object.message.DataLayoutMessage.CompactDataLayoutMessage;
import io.jhdf.object.message.DataLayoutMessage.ContiguousDataLayoutMessage;
import io.jhdf.object.message.FilterPipelineMessage;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * How one variable's data lie in the file, read from its HDF5 object header and checked against the variable when
 * the file is opened, so that a file whose layout contradicts its variables is refused before anything is read: the
 * type's bits (an IEEE float of its size; an integer using all its bytes), the layout's element size and rank against
 * the type and shape, a contiguous extent inside the file and of the size the shape needs, compact data of that size,
 * the chunk shape (at most {@link #MAX_CHUNK_BYTES}), the filter pipeline ({@link Filters}) and every chunk of the
 * index ({@link ChunkIndex}). Variables of other types ({@link Netcdf4Type#OTHER}: strings, compounds) are never read
 * and only classified. Immutable; safe to share between threads.
 *
 * @param storage how the data are stored
 * @param offset  the absolute file offset of contiguous data; -1 for any other storage
 * @param chunk   the chunk shape of chunked data; null for any other storage
 * @param filters the chunks' filters ({@link Filters#NONE} for unchunked data)
 * @param index   the chunks, as LoopNest read them; null where jHDF indexes them (layout message 4: HDF5 1.10's
 *                indexes, which netCDF does not write)
 */
record Layout(Netcdf4Storage storage, long offset, int[] chunk, Filters filters, ChunkIndex index) {
    /** The largest chunk read (decoded), in bytes: HDF5's own limit is 4 GiB; a Java array's is 2 GiB. */
    static final int MAX_CHUNK_BYTES = Integer.MAX_VALUE - 64;

    /** The chunk's size decoded. */
    int chunkBytes(int elementSize) {
        long n = elementSize;
        for (int c : chunk) {
            n *= c;
        }
        return (int) n;
    }

    /**
     * Reads and checks a dataset's layout.
     *
     * @throws Netcdf4FormatException naming the file and variable, saying what does not fit
     */
    static Layout of(Path file, Dataset d, Netcdf4Type type, long[] shape, FileChannel channel, long base,
            int offsetSize) throws IOException {
        String variable = "variable '" + d.getName() + "'";
        DataLayoutMessage message = ((AbstractNode) d).getHeader().getMessageOfType(DataLayoutMessage.class);
        FilterPipelineMessage pipeline = ((AbstractNode) d).getHeader().hasMessageOfType(FilterPipelineMessage.class)
                ? ((AbstractNode) d).getHeader().getMessageOfType(FilterPipelineMessage.class) : null;
        if (!type.isNumber()) {
            return new Layout(otherStorage(d, message, pipeline), -1, null, Filters.NONE, null);
        }
        int elementSize = d.getDataType().getSize();
        checkType(file, variable, d.getDataType());
        long bytes = elements(file, variable, shape) * elementSize;
        if (message instanceof ContiguousDataLayoutMessage c) {
            return contiguous(file, variable, c, bytes, channel.size(), base);
        }
        if (message instanceof CompactDataLayoutMessage c) {
            if (c.getDataBuffer().remaining() != bytes) {
                throw new Netcdf4FormatException(file, variable + " has " + c.getDataBuffer().remaining() + " bytes of "
                        + "compact data (expected: " + bytes + ", its elements times their size)");
            }
            return new Layout(Netcdf4Storage.COMPACT, -1, null, Filters.NONE, null);
        }
        int[] chunk = message instanceof ChunkedDataLayoutMessage c ? c.getChunkDimensions()
                : ((ChunkedDataset) d).getChunkDimensions();
        if (chunk.length != shape.length) {
            throw new Netcdf4FormatException(file, variable + " has chunks of " + chunk.length + " dimensions "
                    + Arrays.toString(chunk) + " (expected: " + shape.length + ", as the variable has)");
        }
        long chunkBytes = elementSize;
        for (int c : chunk) {
            if (c <= 0) {
                throw new Netcdf4FormatException(file, variable + " has chunks of shape " + Arrays.toString(chunk)
                        + " (expected: lengths of at least 1)");
            }
            chunkBytes = Math.min(chunkBytes * c, (long) MAX_CHUNK_BYTES + 1);
        }
        if (chunkBytes > MAX_CHUNK_BYTES) {
            throw new Netcdf4FormatException(file, variable + " has chunks of shape " + Arrays.toString(chunk)
                    + ", over " + MAX_CHUNK_BYTES + " bytes each (expected: chunks of less than 2 GiB)");
        }
        Filters filters;
        try {
            filters = pipeline == null ? Filters.NONE : Filters.of(ids(pipeline), data(pipeline), elementSize);
        } catch (IllegalArgumentException e) {
            throw new Netcdf4FormatException(file, variable + " " + e.getMessage());
        }
        Netcdf4Storage filtered = filters.count() == 0 ? Netcdf4Storage.CHUNKED : Netcdf4Storage.FILTERED;
        if (!(message instanceof ChunkedDataLayoutMessage c)) {
            return new Layout(d.isEmpty() ? Netcdf4Storage.UNWRITTEN : filtered, -1, chunk, filters, null);
        }
        if (c.getSize() != elementSize) {
            throw new Netcdf4FormatException(file, variable + " has chunks of " + Integer.toUnsignedString(c.getSize())
                    + "-byte elements (expected: " + elementSize + ", the size of its type)");
        }
        ChunkIndex index;
        try {
            index = c.getBTreeAddress() == -1 ? ChunkIndex.empty() : ChunkIndex.read(channel, base,
                    c.getBTreeAddress(), offsetSize, new ChunkIndex.Shape(shape, chunk, (int) chunkBytes,
                            filters.count()));
        } catch (ChunkDamage e) {
            throw new Netcdf4FormatException(file, variable + ": " + e.getMessage());
        }
        return new Layout(index.size() == 0 ? Netcdf4Storage.UNWRITTEN : filtered, -1, chunk, filters, index);
    }

    private static Layout contiguous(Path file, String variable, ContiguousDataLayoutMessage c, long bytes,
            long fileSize, long base) {
        if (c.getAddress() == -1) {
            return new Layout(Netcdf4Storage.UNWRITTEN, -1, null, Filters.NONE, null);
        }
        if (c.getSize() != -1 && c.getSize() != bytes) {
            throw new Netcdf4FormatException(file, variable + " has " + Long.toUnsignedString(c.getSize())
                    + " bytes of contiguous data (expected: " + bytes + ", its elements times their size)");
        }
        long at = c.getAddress();
        if (at < 0 || at > fileSize - base - bytes) {
            String from = at < 0 ? Long.toUnsignedString(at) : String.valueOf(at + base);
            throw new Netcdf4FormatException(file, variable + " lies at bytes " + from + " to "
                    + (at < 0 ? "beyond" : String.valueOf(at + base + bytes)) + ", past the end of the file ("
                    + fileSize + " bytes) (expected: a file of at least " + (at < 0 ? "that many" : at + base + bytes)
                    + " bytes)");
        }
        return new Layout(Netcdf4Storage.CONTIGUOUS, at + base, null, Filters.NONE, null);
    }

    private static Netcdf4Storage otherStorage(Dataset d, DataLayoutMessage message, FilterPipelineMessage pipeline) {
        if (message instanceof ContiguousDataLayoutMessage c) {
            return c.getAddress() == -1 ? Netcdf4Storage.UNWRITTEN : Netcdf4Storage.CONTIGUOUS;
        }
        if (message instanceof CompactDataLayoutMessage) {
            return Netcdf4Storage.COMPACT;
        }
        if (message instanceof ChunkedDataLayoutMessage c && c.getBTreeAddress() == -1) {
            return Netcdf4Storage.UNWRITTEN;
        }
        return pipeline == null || pipeline.getFilters().isEmpty() ? Netcdf4Storage.CHUNKED : Netcdf4Storage.FILTERED;
    }

    private static long elements(Path file, String variable, long[] shape) {
        long n = 1;
        for (long s : shape) {
            if (s < 0 || (s > 0 && n > Long.MAX_VALUE / 8 / s)) {
                throw new Netcdf4FormatException(file, variable + " has shape " + Arrays.toString(shape)
                        + " (expected: fewer than 2^60 elements)");
            }
            n *= s;
        }
        return n;
    }

    /** An IEEE 754 float of its size, or an integer whose bits fill its bytes: what netCDF writes. */
    private static void checkType(Path file, String variable, DataType t) {
        int size = t.getSize();
        if (t instanceof FloatingPoint f) {
            int exponent = size == 4 ? 8 : 11;
            int mantissa = size == 4 ? 23 : 52;
            List<Integer> is = List.of(f.getBitOffset() & 0xFFFF, f.getBitPrecision() & 0xFFFF, (int) f.getExponentSize(),
                    (int) f.getExponentLocation(), (int) f.getMantissaSize(), (int) f.getMantissaLocation(),
                    f.getSignLocation(), f.getExponentBias());
            List<Integer> ieee = List.of(0, size * 8, exponent, mantissa, mantissa, 0, size * 8 - 1,
                    (1 << (exponent - 1)) - 1);
            if (!is.equals(ieee)) {
                throw new Netcdf4FormatException(file, variable + " is a " + size + "-byte float with bit offset, "
                        + "precision, exponent size and place, mantissa size and place, sign place and bias " + is
                        + " (expected: IEEE 754's " + ieee + ")");
            }
        } else if (t instanceof FixedPoint x && (x.getBitOffset() != 0 || x.getBitPrecision() != size * 8)) {
            throw new Netcdf4FormatException(file, variable + " is a " + size + "-byte integer of " + x.getBitPrecision()
                    + " bits from bit " + x.getBitOffset() + " (expected: " + size * 8 + " bits from bit 0)");
        }
    }

    private static int[] ids(FilterPipelineMessage p) {
        return p.getFilters().stream().mapToInt(FilterPipelineMessage.FilterInfo::getId).toArray();
    }

    private static int[][] data(FilterPipelineMessage p) {
        return p.getFilters().stream().map(FilterPipelineMessage.FilterInfo::getData).toArray(int[][]::new);
    }
}

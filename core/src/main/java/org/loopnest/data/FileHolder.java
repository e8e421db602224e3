package org.loopnest.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.Buffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.loopnest.internal.data.ElementCopier;
import org.loopnest.internal.data.FileLayout;

/**
 * An array that lives in a file: element {@code (a_0, …)} sits at byte
 * {@code offsetBytes + (Σ a_m·stride_m)·elementBytes}, in the file's byte order, with element strides that default to
 * row-major over the bound shape. Made by {@link Holder#file} or {@link Holder#fileInPlace}. Positions are
 * {@code long}s: an array may have more than 2^31 elements, and a file may be larger than the host's memory.
 *
 * <p><b>How a run reaches the file.</b> Devices with memory of their own get each chunk's region read straight from
 * the file into the chunk's staging buffer, and their outputs written back the same way (positional reads and writes,
 * one per contiguous run of elements); the {@code cpu} device maps the chunk's window of the file and runs the kernel
 * over it in place. Memory therefore stays bounded by the chunks in flight, whatever the file's size.
 *
 * <p><b>Outputs.</b> An output made by {@link Holder#file} is written to a new file under a temporary name beside
 * {@link #path()} ({@code .name.<pid>.<n>.tmp}); every such file of a run is moved into place together once the run
 * has succeeded, and deleted if it fails, is cancelled or the JVM exits first (a shutdown hook). Outputs naming the
 * same path share one file (several variables of one GrADS data file). Bytes of the new file that no output writes
 * read as 0. An output made by {@link Holder#fileInPlace} writes into an existing file the caller owns, with no
 * temporary name: for a file the caller itself commits, such as {@link org.loopnest.format.netcdf.NetcdfWriter}'s.
 *
 * <p><b>Checks.</b> When bound, an input's file must exist, be a readable regular file and hold every element its
 * shape reaches; a new output's directory must exist and be writable, its path must not be a directory, and its file
 * system must have room for it. Each failure is an {@link IllegalArgumentException} naming the array, the file and
 * what was expected, before anything runs. One run at a time may write a given output file.
 *
 * <p><b>Several files.</b> An input made by {@link Holder#files} lies in several files joined along its index of
 * largest stride ({@link FilePart}, {@link #parts()}). {@link #path()} and
 * {@link #offsetBytes()} are then the first file's.
 *
 * <p>Immutable; the file itself is the user's, and changing it while a run reads it gives undefined results.
 */
public final class FileHolder extends LinearHolder {
    /** The largest window of a file one chunk may map on the {@code cpu} device, in bytes (2^31 − 1). */
    public static final long MAX_WINDOW_BYTES = Integer.MAX_VALUE;

    private final Path path;
    private final ByteOrder order;
    private final long offsetBytes;
    private final boolean inPlace;
    private final String storage;
    private final List<FilePart> parts;

    FileHolder(Path path, ElementType type, ByteOrder order, long offsetBytes, long[] strides, boolean inPlace,
            List<FilePart> parts) {
        super(type, 0, strides);
        this.parts = parts == null ? null : List.copyOf(parts);
        this.path = path.toAbsolutePath().normalize();
        this.order = order;
        this.offsetBytes = offsetBytes;
        this.inPlace = inPlace;
        this.storage = this.path.toString().intern(); // one object per file, so that identity compares files
    }

    /** {@return the file, absolute; for an array over several files ({@link Holder#files}), the first} */
    public Path path() {
        return path;
    }

    /** {@return every file the array lies in, absolute, in order: one, or those given to {@link Holder#files}} */
    public List<Path> paths() {
        return parts == null ? List.of(path) : parts.stream().map(p -> p.path().toAbsolutePath().normalize()).toList();
    }

    /** {@return whether the array lies in several files ({@link Holder#files}): an input only} */
    public boolean spansFiles() {
        return parts != null;
    }

    /** {@return the files of an array over several ({@link Holder#files}), in order; empty for one file} */
    public List<FilePart> parts() {
        return parts == null ? List.of() : parts;
    }

    /** {@return the byte order of the elements in the file} */
    public ByteOrder byteOrder() {
        return order;
    }

    /** {@return the byte position of element {@code (0, …, 0)} in the file} */
    public long offsetBytes() {
        return offsetBytes;
    }

    /** {@return whether an output writes straight into the existing file (else into a new file moved into place)} */
    public boolean writesInPlace() {
        return inPlace;
    }

    /** {@return the file's absolute path as one shared string: two holders over one file return the same object} */
    @Override
    public Object storage() {
        return storage;
    }

    /**
     * {@return the elements the file holds from {@link #offsetBytes()} on now (0 if it does not exist); for an array
     * over several files, the first file's}
     */
    @Override
    public long capacity() {
        try {
            return Files.isRegularFile(path) ? Math.max(0, Files.size(path) - offsetBytes) / type().bytes() : 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + path, e);
        }
    }

    /**
     * {@return a read-only typed view of the whole file from {@link #offsetBytes()} on, mapped} Runs never use it (they
     * read by windows); for a quick look at a small file. For an array over several files, the first file's.
     *
     * @throws IllegalStateException if that is more than {@link #MAX_WINDOW_BYTES} bytes
     * @throws UncheckedIOException if the file cannot be mapped
     */
    @Override
    public Buffer typedView() {
        long bytes = capacity() * type().bytes();
        if (bytes > MAX_WINDOW_BYTES) {
            throw new IllegalStateException(path + " holds " + bytes + " bytes after offset " + offsetBytes
                    + " (expected: at most " + MAX_WINDOW_BYTES + " for one view; runs read files by windows)");
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            return ElementCopier.typed(channel.map(FileChannel.MapMode.READ_ONLY, offsetBytes, bytes).order(order),
                    type());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map " + path, e);
        }
    }

    /**
     * {@return {@code {first, end}}: the first byte an array of {@code shape} reaches in the file and the byte after
     * its last ({@code {offsetBytes, offsetBytes}} for an empty shape), or {@code null} if an element would lie before
     * byte 0 (a negative stride) or past the range of a {@code long}} What a file must hold for an input, what a new
     * output's file is sized to, and what overlap checks compare. For an array over several files, each file's range
     * is its own one-file holder's over its part of the shape.
     *
     * @param shape the extent of each index the array is bound with, in the binding's order
     */
    public long[] byteRange(long[] shape) {
        for (long n : shape) {
            if (n == 0) {
                return new long[] {offsetBytes, offsetBytes};
            }
        }
        long[] span = span(shape);
        if (span == null) {
            return null;
        }
        try {
            long first = Math.addExact(offsetBytes, Math.multiplyExact(span[0], type().bytes()));
            long end = Math.addExact(offsetBytes, Math.multiplyExact(span[1] + 1, type().bytes()));
            return first < 0 ? null : new long[] {first, end};
        } catch (ArithmeticException overflow) {
            return null;
        }
    }

    /** Only the strides' count and reach here; the file itself is checked by {@link #checkFile} once the role is known. */
    @Override
    void check(String what, long[] shape, String shapeText) {
        if (isStrided() && strides(shape).length != shape.length) {
            throw new IllegalArgumentException(what + ": " + strides(shape).length + " strides for indices " + shapeText
                    + " (expected: " + shape.length + ", one per index)");
        }
        if (parts != null) {
            checkParts(what, shape, shapeText);
            return;
        }
        if (byteRange(shape) == null) {
            throw new IllegalArgumentException(what + ": strides " + Arrays.toString(strides(shape)) + " from byte "
                    + offsetBytes + " reach outside the file's positions (expected: every element at a byte position >= 0 "
                    + "and within the range of a long)");
        }
    }

    /**
     * An array over several files: strides of at least 0, the files' counts adding up to the extent of the index of
     * largest stride, whose stride exceeds the reach of all the others (so that each file's positions come after the
     * previous file's), and each file's own range valid.
     */
    private void checkParts(String what, long[] shape, String shapeText) {
        long[] strides = strides(shape);
        if (shape.length == 0 || Arrays.stream(strides).anyMatch(s -> s < 0)) {
            throw new IllegalArgumentException(what + ": strides " + Arrays.toString(strides) + " for indices "
                    + shapeText + " over " + parts.size() + " files (expected: at least one index, strides >= 0)");
        }
        int along = FileLayout.along(strides);
        long total = parts.stream().mapToLong(FilePart::count).sum();
        if (total != shape[along]) {
            throw new IllegalArgumentException(what + ": its " + parts.size() + " files hold " + total + " entries "
                    + "of index " + (along + 1) + " of " + shapeText + " (expected: " + shape[along] + ", that index' "
                    + "extent; files are joined along the index of largest stride)");
        }
        long reach = 0;
        for (int m = 0; m < shape.length; m++) {
            if (m != along && shape[m] > 0) {
                reach += strides[m] * (shape[m] - 1);
            }
        }
        if (shape[along] > 1 && reach >= strides[along]) {
            throw new IllegalArgumentException(what + ": strides " + Arrays.toString(strides) + " for indices "
                    + shapeText + ": the other indices reach " + (reach + 1) + " elements, past the stride "
                    + strides[along] + " of the index the files are joined along (expected: each entry of that index "
                    + "within one stride, as in row-major or record layouts)");
        }
        FileLayout layout = FileLayout.of(this, shape);
        for (int k = 0; k < layout.files(); k++) {
            layout.single(k).check(what + " (file " + layout.path(k) + ")", layout.shape(k), shapeText);
        }
    }

    /**
     * Checks the file for the role it is bound in: an input's must exist and hold every element; a new output's
     * directory must take it. An array over several files is an input only, each file checked.
     */
    void checkFile(String what, Role role, long[] shape) {
        if (parts == null) {
            FileChecks.check(what, role, this, shape);
            return;
        }
        if (role != Role.IN) {
            throw new IllegalArgumentException(what + ": an array over " + parts.size() + " files is read only "
                    + "(expected: Holder.file for an output, one file)");
        }
        FileLayout layout = FileLayout.of(this, shape);
        for (int k = 0; k < layout.files(); k++) {
            FileChecks.check(what, role, layout.single(k), layout.shape(k));
        }
    }

    @Override
    LinearHolder moved(long deltaElements, long[] strides) {
        long delta = deltaElements * type().bytes();
        List<FilePart> movedParts = parts == null ? null : parts.stream()
                .map(p -> new FilePart(p.path(), p.offsetBytes() + delta, p.count())).toList();
        return new FileHolder(path, type(), order, offsetBytes + delta, strides.clone(), inPlace, movedParts);
    }
}

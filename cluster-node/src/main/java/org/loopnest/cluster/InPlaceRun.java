package org.loopnest.cluster;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.cluster.files.FileIdentity;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.FilePart;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.device.Device;

/**
 * A node's side of a data-local run: the open run's arrays bound to the files this node reads and writes itself, once
 * it has checked that it may and that it sees what the coordinator sees ({@link #accept}). Only files the run named
 * are opened, each under the node's data directories ({@link DataDirs#permit}: no path that escapes them, by
 * {@code ..} or a symbolic link); an input must have the coordinator's identity ({@link FileIdentity}: size,
 * modification time, first and last 64 KiB), an output (the run's temporary file, made by the coordinator) its size.
 * Between chunks {@link #checkUnchanged} makes a file changed or replaced during the run fail it.
 *
 * <p>Immutable once made; thread-safe.
 */
final class InPlaceRun {
    private final long run;
    private final Map<String, ArrayBinding> arrays;
    private final Map<Path, FileIdentity> inputs;
    /**
     * Every file of the run (inputs and outputs), by real path: the file system's key of the file found there, empty
     * where the file system gives none.
     */
    private final Map<Path, Optional<Object>> fileKeys;
    private final java.util.Set<String> shipped;

    private InPlaceRun(long run, Map<String, ArrayBinding> arrays, Map<Path, FileIdentity> inputs,
            Map<Path, Optional<Object>> fileKeys, java.util.Set<String> shipped) {
        this.shipped = java.util.Set.copyOf(shipped);
        this.run = run;
        this.arrays = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(arrays)); // binding order: the layout's
        this.inputs = Map.copyOf(inputs);
        this.fileKeys = Map.copyOf(fileKeys);
    }

    /**
     * What a node answers to a {@link Wire#FILES} offer.
     *
     * @param run the run, or {@code null} if the node declines
     * @param whyNot why the node declines, or {@code ""}
     */
    record Answer(InPlaceRun run, String whyNot) {
        static Answer no(String why) {
            return new Answer(null, why);
        }
    }

    /**
     * Checks {@code offer} against this node and binds the run's arrays to its files, or says why not.
     *
     * @param id the open run's id
     * @param offer what the coordinator sent
     * @param prepared the open run
     * @param device this node's device
     * @param dirs the node's data directories
     * @return the run, or the reason the node ships chunks instead
     */
    static Answer accept(long id, LocalArrays offer, RunSlot.Prepared prepared, Device device, DataDirs dirs) {
        if (dirs.isEmpty()) {
            return Answer.no("the node was started without --data-dir");
        }
        if (device.runsCompiledKernels() && prepared.layout().levelErrorBytes() > 0) {
            return Answer.no("its device " + device.info().name() + " runs a compiled kernel over column arrays, whose "
                    + "bad levels the coordinator checks");
        }
        Map<String, LocalArrays.LocalArray> offered = new LinkedHashMap<>();
        offer.arrays().forEach(a -> offered.put(a.name(), a));
        Map<String, ArrayBinding> bound = new LinkedHashMap<>();
        Map<Path, FileIdentity> inputs = new LinkedHashMap<>();
        Map<Path, Optional<Object>> fileKeys = new LinkedHashMap<>();
        java.util.Set<String> shipped = new java.util.HashSet<>();
        for (ArrayBinding binding : prepared.spec().bindings()) {
            LocalArrays.LocalArray a = offered.get(binding.name());
            if (a == null) {
                return Answer.no(binding + " is not among the files offered");
            }
            if (a.shipped()) { // its chunks come with each launch: bound as described, no data here
                bound.put(binding.name(), binding);
                shipped.add(binding.name());
                continue;
            }
            try {
                bound.put(binding.name(), binding.withHolder(holder(binding, a, dirs, inputs, fileKeys)));
            } catch (IllegalArgumentException | IOException e) {
                return Answer.no(e.getMessage());
            }
        }
        for (ArrayBinding out : bound.values()) {
            if (out.role() == Role.OUT && out.holder() instanceof org.loopnest.data.FileHolder file
                    && inputs.containsKey(file.path())) {
                return Answer.no(out + " would be written into " + file.path() + ", one of the run's inputs "
                        + "(expected: outputs into the run's own temporary files)");
            }
        }
        return new Answer(new InPlaceRun(id, bound, inputs, fileKeys, shipped), "");
    }

    private static Holder holder(ArrayBinding binding, LocalArrays.LocalArray a, DataDirs dirs,
            Map<Path, FileIdentity> inputs, Map<Path, Optional<Object>> fileKeys) throws IOException {
        if (a.sentAsValues()) {
            if (binding.role() != Role.IN) {
                throw new IllegalArgumentException(binding + " was sent as values (expected: only inputs)");
            }
            if (a.values().length % a.type().bytes() != 0) {
                throw new IllegalArgumentException(binding + ": " + a.values().length + " bytes of values (expected: "
                        + "whole " + a.type() + " elements)");
            }
            return Holder.strided(values(a.type(), a.values()), a.offset(), a.strides());
        }
        List<Path> paths = new ArrayList<>();
        for (LocalArrays.Part p : a.parts()) {
            Path real = dirs.permit(p.path());
            if (binding.role() == Role.IN && p.identity() == null) {
                throw new IllegalArgumentException(binding + ": " + p.path() + " offered without its identity "
                        + "(expected: size, time and both ends of every input file)");
            }
            if (binding.role() == Role.OUT && a.parts().size() != 1) {
                throw new IllegalArgumentException(binding + ": " + a.parts().size() + " files for an output "
                        + "(expected: one)");
            }
            if (binding.role() == Role.IN) {
                FileIdentity here = FileIdentity.of(real);
                String differs = here.differs(p.identity()).orElse(null);
                if (differs != null) {
                    throw new IllegalArgumentException("it sees another file: " + differs);
                }
                inputs.put(real, here);
            } else if (Files.size(real) != p.size()) {
                throw new IllegalArgumentException(p.path() + ": " + Files.size(real) + " bytes here, " + p.size()
                        + " on the coordinator (expected: the run's output file as the coordinator sized it)");
            }
            fileKeys.put(real, Optional.ofNullable(attributes(real).fileKey()));
            paths.add(real);
        }
        if (binding.role() == Role.OUT) {
            return Holder.fileInPlace(paths.get(0), a.type(), a.order(), a.offset(), a.strides());
        }
        if (a.parts().size() == 1 && a.parts().get(0).count() < 0) {
            return Holder.file(paths.get(0), a.type(), a.order(), a.offset(), a.strides());
        }
        List<FilePart> parts = new ArrayList<>();
        for (int k = 0; k < paths.size(); k++) {
            parts.add(new FilePart(paths.get(k), a.parts().get(k).offsetBytes(), a.parts().get(k).count()));
        }
        return Holder.files(parts, a.type(), a.order(), a.strides());
    }

    /** The backing array of an input sent as little-endian values. */
    static Object values(ElementType type, byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        switch (type) {
            case FLOAT -> {
                float[] v = new float[bytes.length / Float.BYTES];
                b.asFloatBuffer().get(v);
                return v;
            }
            case DOUBLE -> {
                double[] v = new double[bytes.length / Double.BYTES];
                b.asDoubleBuffer().get(v);
                return v;
            }
            case INT -> {
                int[] v = new int[bytes.length / Integer.BYTES];
                b.asIntBuffer().get(v);
                return v;
            }
            case LONG -> {
                long[] v = new long[bytes.length / Long.BYTES];
                b.asLongBuffer().get(v);
                return v;
            }
            default -> throw new IllegalArgumentException("values of type " + type + " (expected: float, double, int "
                    + "or long)");
        }
    }

    /** {@return the id of the run these arrays belong to} */
    long run() {
        return run;
    }

    /** {@return the names of the arrays that stay in the coordinator's memory, their chunks sent with each launch} */
    java.util.Set<String> shipped() {
        return shipped;
    }

    /** {@return the run's arrays bound to this node's files, by name} */
    Map<String, ArrayBinding> arrays() {
        return arrays;
    }

    /**
     * {@return the attributes of the file at {@code path}, the last component not followed if it is a link} Their
     * {@code fileKey()} is the file system's key of the file (device and inode on Unix), {@code null} where it gives
     * none.
     */
    private static BasicFileAttributes attributes(Path path) throws IOException {
        return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    }

    /** As {@link #checkUnchanged}, an {@link IOException} wrapped: for the steps of a chunk's future. */
    void checkUnchangedUnchecked() {
        try {
            checkUnchanged();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e.getMessage(), e);
        }
    }

    /**
     * Fails if a file of the run was replaced since the run began (its path is now a symbolic link, or leads to
     * another file: the file system's key differs, where it gives keys), or an input changed (its size or
     * modification time): a run must not read a file that is being rewritten, nor follow a path
     * swapped for one that leads out of the node's data directories. Called before each chunk; a swap between this
     * check and the chunk's opening of the file is not seen.
     *
     * @throws IllegalStateException naming the file and what changed
     * @throws IOException if a file can no longer be examined
     */
    void checkUnchanged() throws IOException {
        for (Map.Entry<Path, Optional<Object>> file : fileKeys.entrySet()) {
            Path path = file.getKey();
            BasicFileAttributes now = attributes(path); // one look per file per chunk: the key, then an input's state
            if (now.isSymbolicLink() || file.getValue().filter(key -> !key.equals(now.fileKey())).isPresent()) {
                throw new IllegalStateException(path + " was replaced during the run ("
                        + (now.isSymbolicLink() ? "by a symbolic link" : "by another file") + ") (expected: the "
                        + "run's files left in place while it runs; a node opens only the files it checked)");
            }
            FileIdentity was = inputs.get(path);
            long modified = now.lastModifiedTime().toMillis();
            if (was != null && (now.size() != was.size() || modified != was.modifiedMillis())) {
                throw new IllegalStateException(path + " changed during the run (now " + now.size() + " bytes, "
                        + "modified " + java.time.Instant.ofEpochMilli(modified) + "; it was " + was.size()
                        + " bytes, modified " + java.time.Instant.ofEpochMilli(was.modifiedMillis())
                        + ") (expected: inputs left alone while a run reads them)");
            }
        }
    }
}

package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.examples.weather.StagedFiles;

/**
 * The temporary float files of the inputs that are unpacked before a run ({@link DatasetUnpacking}), hidden in a
 * directory the run writes in anyway (the first output's), deleted when closed, or by a shutdown hook on Ctrl-C.
 *
 * <p><b>Threading:</b> one thread makes, uses and closes it. <b>Ownership:</b> it owns its temporary files.
 */
public final class UnpackedInputs implements AutoCloseable {
    private final StagedFiles files = StagedFiles.open();
    private final List<FileArray> arrays = new ArrayList<>();

    private UnpackedInputs() {
    }

    /**
     * Unpacks every input that needs it into a temporary file in {@code dir}.
     *
     * @param inputs the inputs, resolved against the nest
     * @param dir    where the temporary files go
     * @return the temporary files, and the inputs with those unpacked read from them
     * @throws IOException if a file cannot be made, read or written (the temporaries made are then deleted)
     */
    public static UnpackedInputs unpack(List<FileArray> inputs, Path dir) throws IOException {
        UnpackedInputs unpacked = new UnpackedInputs();
        try {
            for (FileArray array : inputs) {
                if (array.unpacking() == null) {
                    unpacked.arrays.add(array);
                } else {
                    Path file = unpacked.files.stage(dir.resolve(array.name() + ".unpacked.f32"));
                    array.unpacking().into(file);
                    unpacked.arrays.add(array.unpackedInto(file));
                }
            }
            return unpacked;
        } catch (IOException | RuntimeException e) {
            unpacked.close();
            throw e;
        }
    }

    /** {@return the bytes the temporary files of {@code inputs} will take} */
    public static long bytes(List<FileArray> inputs) {
        return inputs.stream().filter(a -> a.unpacking() != null).mapToLong(a -> a.unpacking().bytes()).sum();
    }

    /** {@return the inputs, those unpacked read from their temporary files} */
    public List<FileArray> arrays() {
        return List.copyOf(arrays);
    }

    /** Deletes the temporary files. */
    @Override
    public void close() {
        files.close();
    }
}

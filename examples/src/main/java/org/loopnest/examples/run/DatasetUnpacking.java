package org.loopnest.examples.run;

import java.io.IOException;
import java.nio.file.Path;
import org.loopnest.format.dataset.Dataset;

/**
 * A variable, of one file or several joined by time ({@link Dataset}), whose stored values are not what the body
 * should see as they lie: packed ({@code scale_factor}, {@code add_offset}), of a type the kernel language has no
 * arrays of ({@code byte}, {@code short}), chunked or compressed. Unpacked by {@link Dataset#unpackTo}: one float32
 * file, row-major, missing values NaN, in bounded memory.
 *
 * <p>Immutable; {@link #into} may run on any thread.
 *
 * @param dataset the variable and its files
 */
public record DatasetUnpacking(Dataset dataset) implements Unpacking {
    @Override
    public long bytes() {
        return dataset.unpackedBytes();
    }

    @Override
    public String what() {
        return dataset.storage() + ", scale and offset applied, missing values NaN" + (dataset.files().size() > 1
                ? ", " + dataset.files().size() + " files joined" : "");
    }

    @Override
    public void into(Path file) throws IOException {
        dataset.unpackTo(file);
    }
}

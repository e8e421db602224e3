package org.loopnest.format.grads;

import java.io.IOException;
import java.nio.file.Path;
import org.loopnest.internal.format.FileKinds;

/**
 * The check of a descriptor's data files before a dataset reads them: each (each of a {@code template}'s) a regular
 * file this user can read — not missing, not a directory, not a FIFO that would block the run or a device that never
 * ends — then as long as the descriptor says ({@link GradsDescriptor#checkDataFile()}). Stateless.
 */
final class GradsDataFiles {
    private GradsDataFiles() {
    }

    /**
     * Checks every data file of {@code d}.
     *
     * @throws IllegalArgumentException {@code DSET PATH: no such file (expected: the data file of model.ctl, a
     *     readable regular file)}, likewise {@code a directory}, {@code a FIFO}, {@code a character device}, …,
     *     {@code a regular file without read permission}; for a template's file {@code the data file of time steps 8
     *     to 11 by the template of model.ctl}; a {@link GradsFormatException} naming the data file and both sizes when
     *     one is shorter than described
     * @throws IOException if a file's attributes cannot be read
     */
    static void check(GradsDescriptor d) throws IOException {
        String ctl = GradsFormatException.name(d.ctl());
        for (GradsDataFile file : d.dataFiles()) {
            Path path = file.path();
            FileKinds.requireReadable("DSET " + path, path, (d.isTemplate() ? "the data file of " + file.stepsText()
                    + " by the template of " : "the data file of ") + ctl + ", a readable regular file");
        }
        d.checkDataFile();
    }
}

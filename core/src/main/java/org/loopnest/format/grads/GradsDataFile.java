package org.loopnest.format.grads;

import java.nio.file.Path;

/**
 * One binary data file of a descriptor and the time steps it holds: the one {@code DSET} file of a plain descriptor
 * (every step), or one of the files a {@code template} descriptor's {@code DSET} names (the consecutive steps whose
 * times give the same name). The file holds only its own steps, laid out as a whole data file of {@code steps} times:
 * step {@code t} is its local step {@code t - firstStep}.
 *
 * <p>Immutable; share it freely.
 *
 * @param path      the file, absolute
 * @param firstStep the descriptor's time step (0-based) of the file's first step, {@code >= 0}
 * @param steps     how many consecutive time steps the file holds, {@code >= 1}
 */
public record GradsDataFile(Path path, int firstStep, int steps) {
    /**
     * Checks the components.
     *
     * @param path      the file
     * @param firstStep the first time step it holds
     * @param steps     how many it holds
     * @throws IllegalArgumentException naming the component: a null path, a negative first step, fewer than 1 step
     */
    public GradsDataFile {
        if (path == null) {
            throw new IllegalArgumentException("data file: path is null (expected: the file)");
        }
        if (firstStep < 0 || steps < 1) {
            throw new IllegalArgumentException("data file " + path + ": first step " + firstStep + ", " + steps
                    + " steps (expected: first step >= 0, at least 1 step)");
        }
    }

    /**
     * The steps held, for messages.
     *
     * @return {@code time step 4} for one, {@code time steps 4 to 7} for several (0-based, inclusive)
     */
    public String stepsText() {
        return steps == 1 ? "time step " + firstStep : "time steps " + firstStep + " to " + (firstStep + steps - 1);
    }
}

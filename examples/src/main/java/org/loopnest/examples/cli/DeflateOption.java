package org.loopnest.examples.cli;

import picocli.CommandLine.Option;

/**
 * {@code --deflate 0-9}, the deflate level of NetCDF-4 outputs, shared by {@code run} and {@code weather} (a picocli
 * mixin): given or not, the level (4 by default), and its range checked in one place. Each command says itself when
 * the option means nothing (no NetCDF-4 output). Filled by picocli; not thread-safe.
 */
final class DeflateOption {
    /** The level used when the option is not given: zlib's usual trade-off of size and time. */
    static final int DEFAULT_LEVEL = 4;

    @Option(names = "--deflate", paramLabel = "0-9",
            description = "The deflate level of NetCDF-4 outputs: 0 (none) to 9 (smallest, slowest). Default: "
                    + DEFAULT_LEVEL + ".")
    private Integer level;

    /** {@return whether {@code --deflate} was given} */
    boolean given() {
        return level != null;
    }

    /**
     * {@return the level: the one given, or {@value #DEFAULT_LEVEL}}
     *
     * @throws IllegalArgumentException {@code --deflate N (expected: 0 to 9)} for a level out of range
     */
    int level() {
        if (level == null) {
            return DEFAULT_LEVEL;
        }
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("--deflate " + level + " (expected: 0 to 9)");
        }
        return level;
    }

    /** {@return {@code --deflate N} as given, for messages} */
    @Override
    public String toString() {
        return "--deflate " + level;
    }
}

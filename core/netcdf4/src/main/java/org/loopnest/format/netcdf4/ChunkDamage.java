package org.loopnest.format.netcdf4;

/**
 * A chunk (or the index that finds it) that cannot be what the variable says: a checksum that does not match, a
 * stream that does not decode to the chunk's size, an index entry off the chunk grid or past the file's end. Thrown
 * while a variable is read; {@link Netcdf4File} turns it into a {@link Netcdf4FormatException} naming the file and the
 * variable, its message saying what is wrong.
 */
final class ChunkDamage extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChunkDamage(String message) {
        super(message, null, false, false);
    }
}

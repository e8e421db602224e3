package org.loopnest.data;

/** Whether a bound array is read by the kernel or written by it. */
public enum Role {
    /** Read only; packed into the input buffer of a chunk (or sent once if resident). */
    IN,
    /** Written only; unpacked from the output buffer of a chunk into the user's array. */
    OUT;

    /** {@code in} or {@code out}, as in messages. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

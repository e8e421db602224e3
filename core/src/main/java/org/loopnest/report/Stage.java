package org.loopnest.report;

/** The five stages every chunk passes, in order. */
public enum Stage {
    /** Packing a chunk's inputs from the user's arrays into one flat host buffer. */
    SERIALIZE,
    /** Copying the packed inputs from host to device memory. */
    COPY_IN,
    /** Running the kernel over the chunk's iterations. */
    KERNEL,
    /** Copying the chunk's packed outputs from device to host memory. */
    COPY_OUT,
    /** Unpacking the outputs from the host buffer into the user's arrays. */
    DESERIALIZE;

    /** The lower-case name with dashes, as in reports: {@code copy-in}. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}

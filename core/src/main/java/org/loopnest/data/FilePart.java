package org.loopnest.data;

import java.nio.file.Path;

/**
 * One file of an input array that spans several ({@link Holder#files}): the file, the byte position of its first
 * element, and how many entries of the array's concatenated index it holds. The concatenated index is the one with
 * the largest stride (a time or record dimension, stored outermost); each file holds its entries with the same
 * strides as every other, one file after the other.
 *
 * <p>Immutable.
 *
 * @param path the file
 * @param offsetBytes the byte position in this file of the first element it holds
 * @param count how many entries of the concatenated index the file holds, at least 1
 */
public record FilePart(Path path, long offsetBytes, long count) {
    /**
     * Checks the values.
     *
     * @param path the file
     * @param offsetBytes the byte position of the file's first element
     * @param count the entries it holds
     * @throws IllegalArgumentException naming the file and the value: a null path, a negative offset, a count below 1
     */
    public FilePart {
        if (path == null) {
            throw new IllegalArgumentException("file part: path is null (expected: the file holding the part)");
        }
        if (offsetBytes < 0) {
            throw new IllegalArgumentException("file part " + path + ": offsetBytes = " + offsetBytes
                    + " (expected: >= 0)");
        }
        if (count < 1) {
            throw new IllegalArgumentException("file part " + path + ": count = " + count + " (expected: >= 1 entry "
                    + "of the concatenated index)");
        }
    }
}

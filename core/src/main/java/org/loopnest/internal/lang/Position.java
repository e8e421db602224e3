package org.loopnest.internal.lang;

/**
 * Where a piece of kernel text starts: line and column, both counted from 1, columns in characters.
 *
 * @param line the line, from 1
 * @param column the column, from 1
 */
public record Position(int line, int column) {
    /** {@code line:column}. */
    @Override
    public String toString() {
        return line + ":" + column;
    }
}

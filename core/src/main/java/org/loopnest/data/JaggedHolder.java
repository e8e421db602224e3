package org.loopnest.data;

import java.lang.reflect.Array;

/**
 * A jagged Java array ({@code float[][]…}): one array level per bound index, the last level a primitive row.
 * Every row at a level must have the extent of its index (no ragged rows).
 */
public final class JaggedHolder extends Holder {
    private final Object root;
    private final ElementType type;
    private final int levels;

    JaggedHolder(Object root, ElementType type, int levels) {
        this.root = root;
        this.type = type;
        this.levels = levels;
    }

    @Override
    public ElementType type() {
        return type;
    }

    @Override
    public Object storage() {
        return root;
    }

    /** {@return the number of array levels ({@code 3} for {@code float[][][]})} */
    public int levels() {
        return levels;
    }

    /**
     * {@return the primitive row reached by following {@code prefix[0 … levels-2]} from the root}
     *
     * @param prefix at least {@code levels − 1} indices; extra entries are ignored
     */
    public Object row(long[] prefix) {
        Object node = root;
        for (int m = 0; m < levels - 1; m++) {
            node = ((Object[]) node)[(int) prefix[m]];
        }
        return node;
    }

    @Override
    void check(String what, long[] shape, String shapeText) {
        if (shape.length != levels) {
            throw new IllegalArgumentException(what + ": a jagged array of " + levels + " levels bound to indices "
                    + shapeText + " (expected: " + shape.length + " levels, one per index)");
        }
        checkLevel(what, root, shape, 0, new StringBuilder());
    }

    private static void checkLevel(String what, Object node, long[] shape, int level, StringBuilder path) {
        if (node == null) {
            throw new IllegalArgumentException(what + ": jagged row " + (path.length() == 0 ? "(root)" : path)
                    + " is null (expected: an array of length " + shape[level] + ")");
        }
        int length = Array.getLength(node);
        if (length != shape[level]) {
            throw new IllegalArgumentException(what + ": jagged row " + (path.length() == 0 ? "(root)" : path)
                    + " has length " + length + " (expected: " + shape[level] + ")");
        }
        if (level + 1 < shape.length) {
            Object[] children = (Object[]) node;
            for (int i = 0; i < children.length; i++) {
                int mark = path.length();
                path.append('[').append(i).append(']');
                checkLevel(what, children[i], shape, level + 1, path);
                path.setLength(mark);
            }
        }
    }
}

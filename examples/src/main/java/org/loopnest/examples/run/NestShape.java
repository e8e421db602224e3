package org.loopnest.examples.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The nest a run goes over: its loop names, outermost first, and their extents, joined from the inputs' files,
 * {@code --names} and {@code --shape}.
 *
 * <p>Names: {@code --names} when given (every index a file uses must be among them), else every index the inputs
 * name, in order of first appearance; with neither (raw inputs given no indices only), {@code --shape} alone gives
 * the depth and the names are {@code x}; {@code y, x}; {@code z, y, x}; {@code t, z, y, x}, or {@code i0 … iN−1}
 * for deeper nests. Extents: what the files say, which must agree between files; {@code --shape}, one extent per name
 * in nest order, must agree with them and gives those no file says.
 *
 * <p>Immutable.
 */
public final class NestShape {
    private static final List<String> DEFAULT_NAMES = List.of("t", "z", "y", "x");

    private final List<String> names;
    private final long[] extents;

    private NestShape(List<String> names, long[] extents) {
        this.names = List.copyOf(names);
        this.extents = extents.clone();
    }

    /**
     * {@return the nest the inputs, {@code --names} and {@code --shape} describe}
     *
     * @param inputs the inputs' arrays as their files describe them
     * @param names  {@code --names}, or {@code null}
     * @param shape  {@code --shape}, or {@code null}
     * @throws IllegalArgumentException naming both files and both extents for a mismatch between files, the file
     *     and {@code --shape} for a mismatch with it, an index no file and no option gives an extent, or a count of
     *     {@code --shape} extents other than the nest's depth
     */
    public static NestShape resolve(List<FileArray> inputs, List<String> names, List<Long> shape) {
        Map<String, FileArray> sources = new LinkedHashMap<>();
        for (FileArray array : inputs) {
            for (String index : array.indices()) {
                FileArray first = sources.putIfAbsent(index, array);
                long extent = array.extentOf(index);
                if (first != null && first.extentOf(index) < 0 && extent >= 0) {
                    sources.put(index, array); // the first that says the extent
                } else if (first != null && extent >= 0 && first.extentOf(index) != extent) {
                    throw new IllegalArgumentException("index '" + index + "' is " + first.extentOf(index) + " in "
                            + first.input().option() + " (" + first.file().getFileName() + ") but " + extent + " in "
                            + array.input().option() + " (" + array.file().getFileName() + ") (expected: the same "
                            + "extent in every file that uses it)");
                }
            }
        }
        List<String> order = order(sources, names, shape);
        long[] extents = new long[order.size()];
        for (int i = 0; i < extents.length; i++) {
            String name = order.get(i);
            FileArray source = sources.get(name);
            long fromFile = source == null ? -1 : source.extentOf(name);
            long given = shape == null ? -1 : shape.get(i);
            if (fromFile >= 0 && given >= 0 && fromFile != given) {
                throw new IllegalArgumentException("--shape " + text(shape) + ": index '" + name + "' is " + given
                        + " but " + fromFile + " in " + source.input().option() + " (" + source.file().getFileName()
                        + ") (expected: the extents the files say, or no --shape)");
            }
            extents[i] = fromFile >= 0 ? fromFile : given;
            if (extents[i] < 0) {
                throw new IllegalArgumentException("index '" + name + "' has no extent: no file says it (expected: "
                        + "--shape with one extent per index of " + order + ")");
            }
        }
        return new NestShape(order, extents);
    }

    private static List<String> order(Map<String, FileArray> sources, List<String> names, List<Long> shape) {
        List<String> order;
        if (names != null) {
            for (Map.Entry<String, FileArray> used : sources.entrySet()) {
                if (!names.contains(used.getKey())) {
                    throw new IllegalArgumentException("--names " + String.join(",", names) + ": no index '"
                            + used.getKey() + "', which " + used.getValue().input().option() + " uses (expected: "
                            + "every index the inputs use, in the nest's order)");
                }
            }
            order = names;
        } else if (!sources.isEmpty()) {
            order = new ArrayList<>(sources.keySet());
        } else if (shape != null) {
            order = defaultNames(shape.size());
        } else {
            throw new IllegalArgumentException("no input says the nest's indices (expected: --shape, with --names "
                    + "or the default names, or an input whose file or INDEX list names them)");
        }
        if (shape != null && shape.size() != order.size()) {
            throw new IllegalArgumentException("--shape " + text(shape) + ": " + shape.size() + " extents for the "
                    + order.size() + " indices " + order + " (expected: " + order.size() + ", one per index in "
                    + "order)");
        }
        return order;
    }

    /** {@return the default names of a nest of {@code depth} loops} */
    static List<String> defaultNames(int depth) {
        if (depth <= DEFAULT_NAMES.size()) {
            return DEFAULT_NAMES.subList(DEFAULT_NAMES.size() - depth, DEFAULT_NAMES.size());
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < depth; i++) {
            names.add("i" + i);
        }
        return names;
    }

    private static String text(List<Long> shape) {
        return String.join(",", shape.stream().map(String::valueOf).toList());
    }

    /** {@return the loop names, outermost first} */
    public List<String> names() {
        return names;
    }

    /** {@return the loop extents, outermost first (a copy)} */
    public long[] extents() {
        return extents.clone();
    }

    /**
     * {@return the extent of a loop}
     *
     * @param name a loop name
     * @throws IllegalArgumentException if the nest has no such loop
     */
    public long extentOf(String name) {
        int at = names.indexOf(name);
        if (at < 0) {
            throw new IllegalArgumentException("no index '" + name + "' (expected one of: " + names + ")");
        }
        return extents[at];
    }

    /** {@return the number of iterations: the product of the extents} */
    public long points() {
        long n = 1;
        for (long e : extents) {
            n = Math.multiplyExact(n, e);
        }
        return n;
    }

    /**
     * {@return the iteration at a flat (row-major) position, as {@code name=value, …}}
     *
     * @param flat the position, from 0
     */
    public String describe(long flat) {
        long[] at = new long[extents.length];
        long rest = flat;
        for (int m = extents.length - 1; m >= 0; m--) {
            at[m] = rest % extents[m];
            rest /= extents[m];
        }
        StringBuilder text = new StringBuilder();
        for (int m = 0; m < at.length; m++) {
            text.append(m == 0 ? "" : ", ").append(names.get(m)).append('=').append(at[m]);
        }
        return text.toString();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int m = 0; m < extents.length; m++) {
            text.append(m == 0 ? "" : " x ").append(names.get(m)).append(' ').append(extents[m]);
        }
        return text.toString();
    }
}
